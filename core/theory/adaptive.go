package theory

import (
	"fmt"
	"math"
)

// AdaptiveWeights writes into dst (allocated if too short) and returns the
// weights of AdaSDCA's rule (Csiba, Qu & Richtárik 2015),
//
//	w_i = |κ_i| √(v_i + c),
//
// for residues κ_i = φ'_i(x_iᵀw) + α_i, ESO parameters v and c = nλγ. The
// probabilities p_i ∝ w_i (within each bucket) maximise ResidueTheta for
// fixed v: by Cauchy–Schwarz, Σ κ_i²(v_i + c)/p_i ≥ (Σ_i |κ_i|√(v_i + c))².
// Square roots are correctly rounded everywhere, so the weights are the
// same bits natively and in WebAssembly. It panics if len(v) ≠ len(kappa).
func AdaptiveWeights(kappa, v []float64, c float64, dst []float64) []float64 {
	if len(v) != len(kappa) {
		panic(fmt.Sprintf("theory: AdaptiveWeights with %d residues and %d ESO parameters", len(kappa), len(v)))
	}
	if len(dst) < len(kappa) {
		dst = make([]float64, len(kappa))
	}
	dst = dst[:len(kappa)]
	for i, k := range kappa {
		dst[i] = math.Abs(k) * math.Sqrt(v[i]+c)
	}
	return dst
}

// ResidueTheta returns the residue-weighted step bound
//
//	θ(κ, p) = nλγ Σ_i κ_i² / Σ_i κ_i² (v_i + nλγ)/p_i,  n = len(p),
//
// under which one dfSDCA iteration from a state with residues κ decreases
// the expected potential by the factor 1 − θ (docs/adaptive.md derives it;
// Theta's bound is the worst case over κ, so θ(κ, p) ≥ Theta(p, v, λ, γ)).
// When every κ_i is zero it returns Theta(p, v, λ, γ). It panics if the
// lengths differ or p is empty.
func ResidueTheta(kappa, p, v []float64, lambda, gamma float64) float64 {
	if len(kappa) != len(p) || len(p) != len(v) || len(p) == 0 {
		panic(fmt.Sprintf("theory: ResidueTheta with %d residues, %d probabilities and %d ESO parameters",
			len(kappa), len(p), len(v)))
	}
	c := float64(float64(len(p)) * lambda * gamma)
	num, den := 0.0, 0.0
	for i, k := range kappa {
		k2 := float64(k * k)
		num += k2
		den += float64(k2 * ((v[i] + c) / p[i]))
	}
	if !(num > 0) || !(den > 0) || math.IsInf(den, 0) {
		return Theta(p, v, lambda, gamma)
	}
	return float64(c*num) / den
}
