//go:build wasm

package synth

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestExpNormalAsm requires the normals' assembly exponential to be
// expNormal bit for bit on the wedge test's arguments and at the ends of
// the shortcut's range (a rounding that the float32 comparison hides would
// show here).
func TestExpNormalAsm(t *testing.T) {
	check := func(x float64) {
		t.Helper()
		if got, want := expNormalAsm(x), expNormal(x); math.Float64bits(got) != math.Float64bits(want) {
			t.Fatalf("expNormalAsm(%v) = %v, want %v", x, got, want)
		}
	}
	r := rand.New(rand.NewPCG(17, 18))
	for range 1 << 20 {
		x := r.Float64() * 4
		if a := -.5 * x * x; expShortcut(a) {
			check(a)
		}
	}
	for _, x := range []float64{-1.0 / (1 << 28), math.Nextafter(-1.0/(1<<28), -1), math.Nextafter(-700, 0),
		-708.5 + 9, -1, -math.Ln2, -0.5 * normR * normR} {
		check(x)
	}
	nearNegPowersOfTwo(-27, 9, check)
}
