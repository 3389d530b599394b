package prefetch

import (
	"runtime"
	"testing"
)

// TestRow calls Row on every row of a matrix with empty rows, rows at the
// ends of its arrays and rows straddling cache lines: it must not fault,
// and it returns 0 with prefetch instructions (amd64) or the row's first
// entries' sum (elsewhere).
func TestRow(t *testing.T) {
	col := []int32{3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61}
	val := make([]float64, len(col))
	for k := range val {
		val[k] = float64(k) + 0.5
	}
	rowPtr := []int{0, 0, 1, 9, 9, 16, 17, 17}
	for i := range len(rowPtr) - 1 {
		got := Row(rowPtr, col, val, i)
		want := 0.0
		if lo := rowPtr[i]; runtime.GOARCH != "amd64" && lo < len(val) {
			want = val[lo] + float64(col[lo])
		}
		if got != want {
			t.Fatalf("Row(…, %d) = %v, want %v", i, got, want)
		}
	}
}

// TestFloat64AndInt prefetch every entry of slices that start and end
// mid-line: 0 with prefetch instructions (amd64), the entry elsewhere.
func TestFloat64AndInt(t *testing.T) {
	f := make([]float64, 21)
	n := make([]int, 21)
	for k := range f {
		f[k], n[k] = float64(k)+0.25, 3*k+1
	}
	f, n = f[3:], n[5:]
	for i := range f {
		want := 0.0
		if runtime.GOARCH != "amd64" {
			want = f[i]
		}
		if got := Float64(f, i); got != want {
			t.Fatalf("Float64(…, %d) = %v, want %v", i, got, want)
		}
	}
	for i := range n {
		want := 0.0
		if runtime.GOARCH != "amd64" {
			want = float64(n[i])
		}
		if got := Int(n, i); got != want {
			t.Fatalf("Int(…, %d) = %v, want %v", i, got, want)
		}
	}
}
