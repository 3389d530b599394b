package prefetch

import (
	"runtime"
	"testing"
)

// TestRow calls Row on empty rows, rows at the ends of their arrays and
// rows straddling cache lines: it must not fault, and it returns 0 with
// prefetch instructions (amd64) or the first entries' sum (elsewhere).
func TestRow(t *testing.T) {
	idx := []int32{3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61}
	val := make([]float64, len(idx))
	for k := range val {
		val[k] = float64(k) + 0.5
	}
	for lo := 0; lo <= len(idx); lo++ {
		for hi := lo; hi <= len(idx); hi++ {
			got := Row(idx[lo:hi], val[lo:hi])
			want := 0.0
			if runtime.GOARCH != "amd64" && hi > lo {
				want = val[lo] + float64(idx[lo])
			}
			if got != want {
				t.Fatalf("Row(idx[%d:%d], val[%d:%d]) = %v, want %v", lo, hi, lo, hi, got, want)
			}
		}
	}
	if got := Row(nil, nil); got != 0 {
		t.Fatalf("Row(nil, nil) = %v, want 0", got)
	}
}
