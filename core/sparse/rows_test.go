package sparse

import (
	"math"
	"math/rand/v2"
	"testing"
)

// checkDotRows fails t unless DotRows writes dotRowsGeneric's z bit for
// bit, or panics as it does after writing the same z.
func checkDotRows(t *testing.T, what string, rowPtr []int, col []int32, val, w []float64, n int) {
	t.Helper()
	got, want := make([]float64, n), make([]float64, n)
	_, gotPanic := try(func() float64 { DotRows(rowPtr, col, val, w, got); return 0 })
	_, wantPanic := try(func() float64 { dotRowsGeneric(rowPtr, col, val, w, want); return 0 })
	if gotPanic != wantPanic {
		t.Fatalf("%s: panic %q, want %q", what, gotPanic, wantPanic)
	}
	for i := range want {
		if math.Float64bits(got[i]) != math.Float64bits(want[i]) {
			t.Fatalf("%s: z[%d] = %v, want %v", what, i, got[i], want[i])
		}
	}
}

// randomCSR returns n rows of 0…40 entries over d features.
func randomCSR(r *rand.Rand, n, d int) (rowPtr []int, col []int32, val, w []float64) {
	rowPtr = []int{0}
	for range n {
		idx, v, _ := randomRow(r, r.IntN(41), d)
		col, val = append(col, idx...), append(val, v...)
		rowPtr = append(rowPtr, len(col))
	}
	_, _, w = randomRow(r, 0, d)
	return rowPtr, col, val, w
}

// TestDotRowsBits compares DotRows with the Go kernel on random matrices,
// whole and in part, and on broken ones: offsets out of order or beyond
// col or val, an index out of range, a rowPtr too short.
func TestDotRowsBits(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for n := 0; n <= 40; n++ {
		rowPtr, col, val, w := randomCSR(r, n, 60)
		checkDotRows(t, "whole", rowPtr, col, val, w, n)
		checkDotRows(t, "first rows", rowPtr, col, val, w, n/2)
		if n == 0 {
			continue
		}
		i := r.IntN(n)
		broken := func(what string, f func(rowPtr []int, col []int32, val []float64) ([]int, []int32, []float64)) {
			p, c, v := f(append([]int(nil), rowPtr...), append([]int32(nil), col...), append([]float64(nil), val...))
			checkDotRows(t, what, p, c, v, w, n)
		}
		broken("short rowPtr", func(p []int, c []int32, v []float64) ([]int, []int32, []float64) { return p[:n], c, v })
		broken("offsets out of order", func(p []int, c []int32, v []float64) ([]int, []int32, []float64) {
			p[i] = p[i+1] + 1
			return p, c, v
		})
		broken("negative offset", func(p []int, c []int32, v []float64) ([]int, []int32, []float64) {
			p[i] = -1
			return p, c, v
		})
		broken("offset beyond col", func(p []int, c []int32, v []float64) ([]int, []int32, []float64) {
			p[n] = len(c) + 1
			return p, c, v
		})
		broken("short val", func(p []int, c []int32, v []float64) ([]int, []int32, []float64) {
			if len(v) == 0 {
				return p, c, v
			}
			return p, c, v[:len(v)-1]
		})
		if len(col) > 0 {
			for _, bad := range []int32{-1, 60, 1 << 30} {
				broken("index out of range", func(p []int, c []int32, v []float64) ([]int, []int32, []float64) {
					c[r.IntN(len(c))] = bad
					return p, c, v
				})
			}
		}
	}
}
