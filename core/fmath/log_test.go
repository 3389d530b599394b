package fmath

import (
	"math"
	"math/rand/v2"
	"runtime"
	"testing"
)

func TestLogSpecialCases(t *testing.T) {
	for _, tc := range []struct{ x, want float64 }{
		{math.Inf(1), math.Inf(1)},
		{0, math.Inf(-1)},
		{math.Copysign(0, -1), math.Inf(-1)},
		{1, 0},
		{2, math.Ln2},
		{math.E, 1},
		{0x1p-1074, -1074 * math.Ln2},
		{0x1p-1022, -1022 * math.Ln2},
		{math.MaxFloat64, 709.782712893384},
	} {
		if got := Log(tc.x); got != tc.want {
			t.Errorf("Log(%v) = %v, want %v", tc.x, got, tc.want)
		}
	}
	for _, x := range []float64{math.NaN(), -1, -0x1p-1074, math.Inf(-1)} {
		if got := Log(x); !math.IsNaN(got) {
			t.Errorf("Log(%v) = %v, want NaN", x, got)
		}
	}
}

// logSample is a deterministic sample of positive arguments: every binade
// from the subnormals to the largest, and [½, 2] densely, where log is
// small and its relative accuracy hardest to keep.
func logSample(n int) []float64 {
	r := rand.New(rand.NewPCG(3, 4))
	xs := make([]float64, 0, n)
	for len(xs) < n {
		var x float64
		switch len(xs) % 3 {
		case 0:
			x = math.Ldexp(1+r.Float64(), -1074+r.IntN(2098))
		case 1:
			x = 0.5 + float64(1.5*r.Float64()) // no fused multiply-add: see expSample
		case 2:
			x = math.Float64frombits(1 + r.Uint64N(1<<52-1)) // subnormal
		}
		xs = append(xs, x)
	}
	return xs
}

// TestLogAccuracy measures the error of Log in ulps against a 200-bit
// reference: faithfully rounded, and below 0.9 ulp as measured when it was
// written. It logs how often math.Log (assembly on amd64) gives other bits.
func TestLogAccuracy(t *testing.T) {
	maxULP, maxAt := 0.0, 0.0
	differ, differSub := 0, 0
	xs := logSample(ulpSampleSize())
	for _, x := range xs {
		if x == 1 {
			continue // log 1 = 0: no ulp to measure against; checked above
		}
		got := Log(x)
		if e := math.Abs(ulpError(got, bigLog(x))); e > maxULP {
			maxULP, maxAt = e, x
		}
		if math.Log(x) != got {
			differ++
			if x < 0x1p-1022 {
				differSub++
			}
		}
	}
	t.Logf("Log: max error %.4f ulp at x = %v over %d arguments", maxULP, maxAt, len(xs))
	t.Logf("math.Log on %s differs from Log for %d arguments, %d of them subnormal", runtime.GOARCH, differ, differSub)
	if maxULP >= 0.9 {
		t.Errorf("Log: max error %.4f ulp at x = %v, want < 0.9", maxULP, maxAt)
	}
}

// TestLogBits is TestExpBits for Log.
func TestLogBits(t *testing.T) {
	const want = 0xe7902040ed2f5bb0
	if got := hashOf(Log, logSample(1<<20)); got != want {
		t.Errorf("hash of Log over the sample = %#x, want %#x", got, uint64(want))
	}
}

// TestLogInvertsExp: Log(Exp(x)) is x to within a few ulps of x where both
// are well conditioned.
func TestLogInvertsExp(t *testing.T) {
	for _, x := range expSample(20000) {
		if math.Abs(x) < 1 || math.Abs(x) > 700 {
			continue
		}
		if got := Log(Exp(x)); math.Abs(got-x) > 4*math.Abs(x)*0x1p-52 {
			t.Errorf("Log(Exp(%v)) = %v", x, got)
		}
	}
}
