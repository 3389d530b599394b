package sampling

import (
	"math"
	"math/rand/v2"
	"testing"
)

// threshold gives the bits of the plain conversion uint64(keep·2⁶⁴), which
// it avoids, at the edges and at random keeps of every scale.
func TestThresholdIsTheConversion(t *testing.T) {
	keeps := []float64{0, math.SmallestNonzeroFloat64, 0x1p-1074 * 3, 0x1p-64, 0x1p-63, 0x1p-12, 0x1p-11,
		0.5 - 0x1p-54, 0.5, 0.5 + 0x1p-53, 1 - 0x1p-53, math.Nextafter(0x1p-11, 0), 0x1.fffffffffffffp-11}
	r := rand.New(rand.NewPCG(1, 2))
	for range 100000 {
		// Uniform mantissas at exponents from 2⁻⁷⁰ to 2⁻¹: every case of
		// the fraction y − ⌊y⌋.
		keeps = append(keeps, math.Ldexp(1+r.Float64(), -1-r.IntN(70)))
	}
	for _, keep := range keeps {
		if keep < 0 || keep >= 1 {
			continue
		}
		want := uint64(float64(keep * 0x1p64))
		if got := threshold(keep); got != want {
			t.Fatalf("threshold(%b) = %d, want %d", keep, got, want)
		}
	}
}
