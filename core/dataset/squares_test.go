package dataset

import (
	"math"
	"math/rand/v2"
	"testing"
)

// checkSumSquares compares sumSquares with sumSquaresGeneric on val.
func checkSumSquares(t *testing.T, val []float64) {
	t.Helper()
	got, want := sumSquares(val), sumSquaresGeneric(val)
	if math.Float64bits(got) != math.Float64bits(want) && !(math.IsNaN(got) && math.IsNaN(want)) {
		t.Fatalf("len %d: sumSquares = %v, want %v", len(val), got, want)
	}
}

// TestSumSquaresBits checks that sumSquares (assembly under js/wasm) adds
// the squares in order with the Go loop's roundings, on rows of 0–300
// values spanning every exponent (subnormal squares and overflow included).
func TestSumSquaresBits(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for n := range 301 {
		val := make([]float64, n)
		for k := range val {
			val[k] = r.NormFloat64() * math.Ldexp(1, r.IntN(1200)-600)
		}
		checkSumSquares(t, val)
		checkSumSquares(t, val[min(n, 1):]) // another alignment
	}
}

// FuzzSumSquares compares sumSquares with sumSquaresGeneric on rows a + k·b.
func FuzzSumSquares(f *testing.F) {
	f.Add(1.5, -0.25, 7)
	f.Fuzz(func(t *testing.T, a, b float64, n int) {
		val := make([]float64, min(max(n, 0), 64))
		for k := range val {
			val[k] = a + float64(float64(k)*b)
		}
		checkSumSquares(t, val)
	})
}
