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
