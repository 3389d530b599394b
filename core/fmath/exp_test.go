package fmath

import (
	"encoding/binary"
	"flag"
	"hash/fnv"
	"math"
	"math/rand/v2"
	"runtime"
	"testing"
)

// Overflow and underflow thresholds of float64 e^x: expOverflow is the
// largest argument with a finite e^x, expUnderflow the smallest with a
// non-zero one, 2^−1074 (both checked against bigExp below).
const (
	expOverflow  = 709.782712893384
	expUnderflow = -745.1332191019411
)

func TestExpSpecialCases(t *testing.T) {
	for _, tc := range []struct{ x, want float64 }{
		{math.Inf(1), math.Inf(1)},
		{math.Inf(-1), 0},
		{0, 1},
		{math.Copysign(0, -1), 1},
		{0x1p-1074, 1},
		{-0x1p-60, 1},
		{1, math.E},
		{1000, math.Inf(1)},
		{-1000, 0},
		{1e300, math.Inf(1)},
		{-1e300, 0},
		{expOverflow, 1.7976931348622732e+308},
		{math.Nextafter(expOverflow, 1000), math.Inf(1)},
		{expUnderflow, 0x1p-1074},
		{math.Nextafter(expUnderflow, -1000), 0},
	} {
		if got := Exp(tc.x); got != tc.want || math.Signbit(got) {
			t.Errorf("Exp(%v) = %v, want %v", tc.x, got, tc.want)
		}
	}
	for _, x := range []float64{math.NaN(), -math.NaN(), math.Float64frombits(0x7ff0000000000001)} {
		if got := Exp(x); !math.IsNaN(got) {
			t.Errorf("Exp(%v) = %v, want NaN", x, got)
		}
	}
}

// TestExpThresholds checks that the overflow and underflow thresholds above
// are where the correctly rounded e^x leaves the finite, non-zero range.
func TestExpThresholds(t *testing.T) {
	if f, _ := bigExp(expOverflow).Float64(); math.IsInf(f, 0) || f != Exp(expOverflow) {
		t.Errorf("e^%v rounds to %v, want finite and Exp's %v", expOverflow, f, Exp(expOverflow))
	}
	if f, _ := bigExp(math.Nextafter(expOverflow, 1000)).Float64(); !math.IsInf(f, 1) {
		t.Errorf("e^next(%v) rounds to %v, want +Inf", expOverflow, f)
	}
	if f, _ := bigExp(expUnderflow).Float64(); f != 0x1p-1074 {
		t.Errorf("e^%v rounds to %v, want 2^-1074", expUnderflow, f)
	}
	if f, _ := bigExp(math.Nextafter(expUnderflow, -1000)).Float64(); f != 0 {
		t.Errorf("e^next(%v) rounds to %v, want 0", expUnderflow, f)
	}
}

// expSample is a deterministic sample of arguments across every regime of
// Exp: the whole finite range, small |x| at every scale, the subnormal
// results and the neighbourhood of overflow. (The float64 conversions keep
// a compiler from fusing a product and a sum: the sample must be the same
// on every platform.)
func expSample(n int) []float64 {
	r := rand.New(rand.NewPCG(1, 2))
	xs := make([]float64, 0, n)
	for len(xs) < n {
		var x float64
		switch len(xs) % 5 {
		case 0:
			x = expUnderflow + float64(r.Float64()*(expOverflow-expUnderflow))
		case 1:
			x = float64(2*r.Float64()) - 1
		case 2:
			x = math.Ldexp(1+r.Float64(), -60+r.IntN(69)) // |x| in [2^−60, 2^9)
			if r.IntN(2) == 0 {
				x = -x
			}
		case 3:
			x = -708.4 - float64(r.Float64()*(-708.4-expUnderflow)) // subnormal results
		case 4:
			x = 700 + float64(r.Float64()*(expOverflow-700))
		}
		xs = append(xs, x)
	}
	return xs
}

var ulpSample = flag.Int("ulp.n", 0, "arguments in the accuracy samples (0: 20,000 natively, 5,000 under wasm)")

// ulpSampleSize is the size of the accuracy samples: smaller under
// WebAssembly, where the big.Float reference is slow (the bits there are
// proved equal to the native ones by TestExpBits and TestLogBits).
func ulpSampleSize() int {
	switch {
	case *ulpSample > 0:
		return *ulpSample
	case testing.Short() || runtime.GOARCH == "wasm":
		return 5000
	}
	return 20000
}

// TestExpAccuracy measures the error of Exp in ulps against a 200-bit
// reference: it must be faithfully rounded (< 1 ulp) and, as measured when
// it was written, below 0.52 ulp. It logs math.Exp's error on the same
// sample for comparison.
func TestExpAccuracy(t *testing.T) {
	maxULP, maxStdULP, maxAt := 0.0, 0.0, 0.0
	stdInf, differ := 0, 0
	xs := expSample(ulpSampleSize())
	for _, x := range xs {
		ref := bigExp(x)
		got := Exp(x)
		e := math.Abs(ulpError(got, ref))
		if e > maxULP {
			maxULP, maxAt = e, x
		}
		std := math.Exp(x)
		if std != got {
			differ++
		}
		if math.IsInf(std, 0) {
			stdInf++ // amd64 assembly overflows just below the threshold
			continue
		}
		maxStdULP = math.Max(maxStdULP, math.Abs(ulpError(std, ref)))
	}
	t.Logf("Exp: max error %.4f ulp at x = %v over %d arguments", maxULP, maxAt, len(xs))
	t.Logf("math.Exp on %s: max error %.4f ulp over its finite results, +Inf for %d finite e^x; differs from Exp for %d arguments",
		runtime.GOARCH, maxStdULP, stdInf, differ)
	if maxULP >= 0.52 {
		t.Errorf("Exp: max error %.4f ulp at x = %v, want < 0.52", maxULP, maxAt)
	}
}

// TestExpBits hashes Exp over a fixed sample of a million arguments. The
// expected hash is the same constant natively and under WebAssembly (both
// run this test), which is the claim of the package: the same bits
// everywhere.
func TestExpBits(t *testing.T) {
	const want = 0xce6db5d73581ddb6
	if got := hashOf(Exp, expSample(1<<20)); got != want {
		t.Errorf("hash of Exp over the sample = %#x, want %#x", got, uint64(want))
	}
}

// hashOf returns the FNV-64a hash of the bits of f(x) for every x in xs.
func hashOf(f func(float64) float64, xs []float64) uint64 {
	h := fnv.New64a()
	var buf [8]byte
	for _, x := range xs {
		binary.LittleEndian.PutUint64(buf[:], math.Float64bits(f(x)))
		h.Write(buf[:])
	}
	return h.Sum64()
}

// TestExpMonotonic checks e^x against its neighbours: a faithfully rounded
// exp of a monotone function need not be monotone in general, but this one
// is on the sample, and a table or polynomial slip would break it.
func TestExpMonotonic(t *testing.T) {
	for _, x := range expSample(20000) {
		lo, hi := math.Nextafter(x, math.Inf(-1)), math.Nextafter(x, math.Inf(1))
		if Exp(lo) > Exp(x) || Exp(x) > Exp(hi) {
			t.Fatalf("Exp not monotone at %v: %v %v %v", x, Exp(lo), Exp(x), Exp(hi))
		}
	}
}
