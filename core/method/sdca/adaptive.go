package sdca

import (
	"math"

	"imlab/core/sampling"
	"imlab/core/sparse"
	"imlab/core/theory"
)

// adaptation is the state of an SDCA run whose sampler is a
// sampling.Adaptive. Every `every` iterations refresh reads the residues
// κ_i = φ'_i(x_iᵀw) + α_i of all examples, reweights the sampler by
// AdaSDCA's rule and sets each coordinate's curvature from the ESO of the
// new sampling. SDCA's exact coordinate steps need no step size θ: only
// ESO parameters valid for the sampling in force (docs/adaptive.md).
type adaptation struct {
	sampler *sampling.Adaptive
	eso     *theory.BucketESO
	every   int // iterations between refreshes
	next    int // iteration of the next refresh
	scale   float64

	kappa, z, weights, v []float64
}

// newAdaptation returns the adaptation of a solver whose sampler is
// adaptive (possibly inside a sampling.Recorder), or nil if it is not.
func newAdaptation(s *Solver, smp sampling.Sampler, v []float64, scale float64) *adaptation {
	if rec, ok := smp.(*sampling.Recorder); ok {
		smp = rec.Unwrap()
	}
	ad, ok := smp.(*sampling.Adaptive)
	if !ok {
		return nil
	}
	n := s.pr.Data.N
	a := &adaptation{
		sampler: ad, eso: theory.NewBucketESO(s.pr.Data, ad.Partition()),
		every: max(1, int(math.Ceil(ad.Config().Epochs*float64(n)/float64(ad.MaxSize())))),
		scale: scale,
		kappa: make([]float64, n), z: make([]float64, n), weights: make([]float64, n),
		v: append([]float64(nil), v...),
	}
	a.next = a.every
	return a
}

// adaptive wraps one iteration so that the sampling is refreshed before
// the iteration that starts each period; the refresh runs inside Iterate,
// so Elapsed counts it.
func (s *Solver) adaptive(one func() bool) func() bool {
	return func() bool {
		if a := s.ada; s.Iter() == a.next {
			if !s.refresh() {
				return false
			}
			a.next += a.every
		}
		return one()
	}
}

// refresh recomputes every residue, reweights the sampler, sets the
// curvatures v_i/(λn) for its new probabilities and drops the examples
// drawn ahead from the old sampling. It reports false if a residue is not
// finite. It takes O(nnz + d + n).
func (s *Solver) refresh() bool {
	a := s.ada
	pr := s.pr
	ds := pr.Data
	c := float64(float64(ds.N) * pr.Lambda * pr.Loss.Gamma())
	sparse.DotRows(ds.RowPtr, ds.Col, ds.Val, s.w, a.z)
	for i, z := range a.z {
		a.kappa[i] = pr.Loss.Deriv(z, ds.Y[i]) + s.alpha[i]
	}
	a.weights = theory.AdaptiveWeights(a.kappa, a.v, c, a.weights)
	if a.sampler.Reweight(a.weights) != nil {
		return false
	}
	a.v = a.eso.V(a.sampler.Probabilities(), a.v)
	ln := pr.Lambda * float64(ds.N)
	for i, v := range a.v {
		s.curv[i] = v / (ln * a.scale)
	}
	s.head = len(s.queue)
	return true
}
