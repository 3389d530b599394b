package theory

import (
	"fmt"
	"math"

	"imlab/core/loss"
	"imlab/core/problem"
	"imlab/core/sampling"
	"imlab/core/sparse"
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
		dst[i] = adaptiveWeight(k, v[i], c)
	}
	return dst
}

// adaptiveWeight is AdaSDCA's weight |κ| √(v + c) of one example.
func adaptiveWeight(kappa, v, c float64) float64 {
	return math.Abs(kappa) * math.Sqrt(v+c)
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

// Follower follows an adaptive sampling through a run, the part of a
// refresh that dfSDCA and SDCA share: every Period iterations, Refresh
// reads the residues κ_i = φ'_i(x_iᵀw) + α_i of all examples from the run's
// w and α, reweights the sampler by AdaptiveWeights, and recomputes the ESO
// parameters of the new sampling. What a solver does with them (a step θ,
// curvatures) is its own.
type Follower struct {
	Sampler  *sampling.Adaptive
	Recorder *sampling.Recorder // the sampler's recorder, if the run's sampler is one
	Period   int                // iterations between refreshes
	Next     int                // iteration of the next refresh

	// After NewFollower, the ESO parameters of the starting sampling; after
	// each Refresh, the residues, the loss's curvatures φ''_i(x_iᵀw) and
	// the ESO parameters it read and computed. The slices are the
	// follower's.
	Kappa, Curv, V []float64
	// Refreshes counts the refreshes done; Scale is the largest |κ_i| of
	// the first, against which a view can show the residues shrink.
	Refreshes int
	Scale     float64

	pr      *problem.Problem
	eso     *BucketESO
	weights []float64
}

// NewFollower returns the follower of smp on pr if smp is a
// sampling.Adaptive, or a sampling.Recorder of one, and nil otherwise.
func NewFollower(pr *problem.Problem, smp sampling.Sampler) *Follower {
	rec, _ := smp.(*sampling.Recorder)
	if rec != nil {
		smp = rec.Unwrap()
	}
	ad, ok := smp.(*sampling.Adaptive)
	if !ok {
		return nil
	}
	n := pr.Data.N
	f := &Follower{
		Sampler: ad, Recorder: rec, pr: pr, eso: newBucketESO(pr.Data, ad.Partition(), pr.SquaredNorms),
		Period: max(1, int(math.Ceil(ad.Config().Epochs*float64(n)/float64(ad.MaxSize())))),
		Kappa:  make([]float64, n), Curv: make([]float64, n), weights: make([]float64, n),
	}
	f.Next = f.Period
	f.V = f.eso.V(ad.Probabilities(), nil)
	return f
}

// Refresh reads the residues at (w, α), reweights the sampler, sets V for
// its new probabilities and moves Next on by Period. It takes
// O(nnz + d + n) and reports false, leaving the sampler as it was, if a
// residue is not finite.
func (f *Follower) Refresh(w, alpha []float64) bool {
	ds := f.pr.Data
	l := f.pr.Loss
	c := float64(float64(ds.N) * f.pr.Lambda * l.Gamma())
	// One sweep over the rows for the margins (by the solvers' kernel,
	// sparse.Dot), held in kappa, then one over the examples for the
	// residues, curvatures and weights: apart, the losses of consecutive
	// examples overlap, where a long row's dot and then its exponential
	// were one dependent chain. The loss is called by its concrete type,
	// inlined, as the solvers do.
	rowPtr, col, val := ds.RowPtr, ds.Col, ds.Val
	n := ds.N
	y, kappa, curv, v, weights := ds.Y[:n], f.Kappa[:n], f.Curv[:n], f.V[:n], f.weights[:n]
	for i := range n {
		lo, hi := rowPtr[i], rowPtr[i+1]
		kappa[i] = sparse.Dot(col[lo:hi], val[lo:hi], w)
	}
	for i, zi := range kappa {
		var g, h float64
		switch l := l.(type) {
		case loss.Logistic:
			g, h = l.DerivCurvature(zi, y[i]) // one exponential for both
		default:
			g, h = l.Deriv(zi, y[i]), l.Curvature(zi, y[i])
		}
		k := g + alpha[i]
		kappa[i], curv[i], weights[i] = k, h, adaptiveWeight(k, v[i], c)
	}
	if f.Sampler.Reweight(weights) != nil {
		return false // a non-finite weight: some residue is not finite
	}
	if f.Refreshes == 0 {
		for _, k := range kappa {
			f.Scale = max(f.Scale, math.Abs(k))
		}
	}
	f.Refreshes++
	if !f.FixedV() {
		f.V = f.eso.VOrdered(f.Sampler.Ordered(), f.V)
	}
	f.Next += f.Period
	return true
}

// FixedV reports whether V is the same for every probabilities, so that a
// refresh leaves it as it was: a serial sampling, or a partition whose
// features each meet one bucket (v_i = ‖x_i‖²).
func (f *Follower) FixedV() bool { return f.eso.fixed != nil }
