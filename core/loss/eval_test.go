package loss

import (
	"math"
	"math/rand/v2"
	"testing"
)

// wrapped hides a loss's concrete type, so that Eval takes its interface
// path.
type wrapped struct{ Loss }

// TestEvalBits compares Eval, on every path, with the scalar methods bit
// for bit, in place (a, b = z) and into other slices.
func TestEvalBits(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	const n = 1000
	z, y := make([]float64, n), make([]float64, n)
	for i := range z {
		z[i] = 8 * r.NormFloat64()
		if i%7 == 0 {
			z[i] = float64(i%3) - 1 // the kinks of the smoothed hinge
		}
		y[i] = float64(2*r.IntN(2) - 1)
	}
	z[1] = math.Inf(1)
	for _, l := range []Loss{Logistic{}, SmoothHinge{Mu: 1}, SmoothHinge{Mu: 0.25}, Square{}, wrapped{Logistic{}}} {
		for _, inPlace := range []bool{false, true} {
			a, b := make([]float64, n), make([]float64, n)
			zz := append([]float64(nil), z...)
			if inPlace {
				b = zz
			}
			Eval(l, ValuesDerivs, zz, y, a, b)
			for i := range z {
				v, g := l.Value(z[i], y[i]), l.Deriv(z[i], y[i])
				if !same(a[i], v) || !same(b[i], g) {
					t.Fatalf("%v, in place %v: Eval(ValuesDerivs) at z = %v, y = %v: %v, %v; Value, Deriv: %v, %v",
						l, inPlace, z[i], y[i], a[i], b[i], v, g)
				}
			}
			zz = append(zz[:0], z...)
			if inPlace {
				a = zz
			}
			Eval(l, Curvatures, zz, y, a, nil)
			for i := range z {
				if c := l.Curvature(z[i], y[i]); !same(a[i], c) {
					t.Fatalf("%v, in place %v: Eval(Curvatures) at z = %v, y = %v: %v; Curvature: %v",
						l, inPlace, z[i], y[i], a[i], c)
				}
			}
		}
	}
}

// same reports whether a and b have the same bits.
func same(a, b float64) bool { return math.Float64bits(a) == math.Float64bits(b) }
