package theory

import (
	"fmt"
	"math"
)

// Theta returns the largest step size dfSDCA's theorem allows,
//
//	θ = min_i p_i nλγ / (v_i + nλγ),  n = len(p),
//
// for marginal probabilities p and ESO parameters v that are valid for the
// sampling with those marginals. 1/θ = max_i (1/p_i + v_i/(p_i nλγ)) is the
// iteration complexity. It panics if len(v) ≠ len(p) or p is empty.
func Theta(p, v []float64, lambda, gamma float64) float64 {
	if len(p) != len(v) || len(p) == 0 {
		panic(fmt.Sprintf("theory: Theta with %d probabilities and %d ESO parameters", len(p), len(v)))
	}
	n := float64(len(p))
	c := float64(n * lambda * gamma)
	theta := math.Inf(1)
	for i, pi := range p {
		theta = math.Min(theta, pi*c/(v[i]+c))
	}
	return theta
}
