package fmath

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/floats"
)

// randomVector returns n values of magnitudes spread over 2^±40.
func randomVector(r *rand.Rand, n int) []float64 {
	x := make([]float64, n)
	for i := range x {
		x[i] = math.Ldexp(r.NormFloat64(), r.IntN(81)-40)
	}
	return x
}

// TestDotSumsInOrder: Dot is the left-to-right sum of the products, the
// order that fixes its bits.
func TestDotSumsInOrder(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, n := range []int{0, 1, 7, 100, 1001} {
		x, y := randomVector(r, n), randomVector(r, n+3)
		want := 0.0
		for i := range x {
			want += x[i] * y[i]
		}
		if got := Dot(x, y); got != want {
			t.Errorf("n=%d: Dot = %v, want %v", n, got, want)
		}
	}
	if got := Dot([]float64{1e308, 1e308, -1e308}, []float64{10, 1, 1}); !math.IsInf(got, 1) {
		t.Errorf("Dot overflowing in order = %v, want +Inf", got)
	}
}

func TestNorm(t *testing.T) {
	for _, tc := range []struct {
		x    []float64
		want float64
	}{
		{nil, 0},
		{[]float64{0, 0}, 0},
		{[]float64{3, -4}, 5},
		{[]float64{1e200, 1e200}, math.Sqrt2 * 1e200}, // squares overflow
		{[]float64{3e-200, 4e-200}, 5e-200},           // squares underflow
		{[]float64{1, math.Inf(-1), 2}, math.Inf(1)},
	} {
		if got := Norm(tc.x); math.Abs(got-tc.want) > 2e-16*tc.want {
			t.Errorf("Norm(%v) = %v, want %v", tc.x, got, tc.want)
		}
	}
	for _, x := range [][]float64{{1, math.NaN()}, {math.Inf(1), math.NaN()}} {
		if got := Norm(x); !math.IsNaN(got) {
			t.Errorf("Norm(%v) = %v, want NaN", x, got)
		}
	}
}

// TestNormMatchesGonum compares Norm with gonum's floats.Norm (assembly on
// amd64) to within rounding, on vectors of widely spread magnitudes.
func TestNormMatchesGonum(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for _, n := range []int{1, 2, 31, 1000} {
		x := randomVector(r, n)
		got, want := Norm(x), floats.Norm(x, 2)
		if math.Abs(got-want) > 1e-14*want {
			t.Errorf("n=%d: Norm = %v, floats.Norm = %v", n, got, want)
		}
	}
}
