package dfsdca

import (
	"math"

	"imlab/core/sampling"
	"imlab/core/sparse"
	"imlab/core/theory"
)

// adaptation is the state of a run whose sampler is a sampling.Adaptive:
// every `every` iterations, refresh reads the residues
// κ_i = φ'_i(x_iᵀw) + α_i of all examples, reweights the sampler by
// AdaSDCA's rule, and sets θ for the new sampling (docs/adaptive.md).
type adaptation struct {
	sampler *sampling.Adaptive
	rec     *sampling.Recorder // the sampler's recorder, if Options.Sampler is one
	eso     *theory.BucketESO
	every   int     // iterations between refreshes
	next    int     // iteration of the next refresh
	scale   float64 // Options.Theta over the safe θ of the starting sampling

	kappa, z, weights, v []float64
	theta                []float64 // θ in force from each refresh on, for Thetas
}

// newAdaptation returns the adaptation of a solver whose sampler is
// adaptive (possibly inside a sampling.Recorder), or nil if it is not. The
// initial step keeps its ratio to the safe θ of the starting sampling, so a
// scaled step (the CLI's -step-scale) stays scaled at every refresh.
func newAdaptation(s *Solver, opt Options) *adaptation {
	smp := opt.Sampler
	rec, _ := smp.(*sampling.Recorder)
	if rec != nil {
		smp = rec.Unwrap()
	}
	ad, ok := smp.(*sampling.Adaptive)
	if !ok {
		return nil
	}
	n := s.ds.N
	tau := ad.MaxSize()
	a := &adaptation{
		sampler: ad, rec: rec, eso: theory.NewBucketESO(s.ds, ad.Partition()),
		every: max(1, int(math.Ceil(ad.Config().Epochs*float64(n)/float64(tau)))),
		kappa: make([]float64, n), z: make([]float64, n), weights: make([]float64, n),
		theta: []float64{opt.Theta},
	}
	a.next = a.every
	a.v = a.eso.V(ad.Probabilities(), nil)
	a.scale = opt.Theta / theory.Theta(ad.Probabilities(), a.v, s.pr.Lambda, s.pr.Loss.Gamma())
	return a
}

// stepAdaptive runs k iterations, refreshing the sampling whenever the
// iteration count reaches a multiple of the period.
func (s *Solver) stepAdaptive(k int) bool {
	a := s.ada
	for k > 0 {
		m := min(k, a.next-s.iter)
		var ok bool
		if s.serial && s.pool == nil {
			ok = s.stepSerial(m)
		} else {
			ok = s.step(m)
		}
		if !ok {
			return false
		}
		k -= m
		if s.iter == a.next && !s.refresh() {
			return false
		}
	}
	return true
}

// refresh recomputes every residue from w^(t) and α^(t), reweights the
// sampler, sets θ for its new probabilities and drops the minibatches
// drawn ahead from the old sampling, so that every later iteration is a
// draw of the new one. It takes O(nnz + d + n). It reports false, changing
// nothing, if a residue or the step is not finite (a diverged run).
func (s *Solver) refresh() bool {
	a := s.ada
	ds, pr := s.ds, s.pr
	lambda, gamma := pr.Lambda, pr.Loss.Gamma()
	c := float64(float64(ds.N) * lambda * gamma)

	sparse.DotRows(ds.RowPtr, ds.Col, ds.Val, s.w, a.z)
	for i, z := range a.z {
		a.kappa[i] = s.loss.Deriv(z, ds.Y[i]) + s.alpha[i]
	}
	a.weights = theory.AdaptiveWeights(a.kappa, a.v, c, a.weights)
	if a.sampler.Reweight(a.weights) != nil {
		return false // a non-finite weight: some residue is not finite
	}
	p := a.sampler.Probabilities()
	a.v = a.eso.V(p, a.v)
	theta := theory.Theta(p, a.v, lambda, gamma)
	if a.sampler.Config().Step == sampling.ResidueStep {
		theta = theory.ResidueTheta(a.kappa, p, a.v, lambda, gamma)
	}
	theta *= a.scale
	if !(theta > 0) || math.IsInf(theta, 0) {
		return false
	}
	n := float64(ds.N)
	clip := a.sampler.Config().Step == sampling.ResidueStep
	for i, pi := range p {
		step := theta / pi
		if clip {
			// Each example's step stays at most the one that, at the
			// refresh's margin and curvature φ''_i, brings its own
			// residue to zero: 1/(1 + φ''_i v_i/(nλ)) ≥ c/(v_i + c)
			// (docs/adaptive.md).
			h := s.loss.Curvature(a.z[i], ds.Y[i])
			if limit := a.scale / (1 + float64(h*a.v[i])/(n*lambda)); step > limit {
				step = limit
			}
		}
		s.steps[2*i] = step
		s.steps[2*i+1] = step / (n * lambda)
	}
	a.theta = append(a.theta, theta)

	if a.rec != nil {
		a.rec.Discard(len(s.ends) - s.head)
	}
	s.queue, s.ends, s.head = s.queue[:0], s.ends[:0], 0
	a.next += a.every
	return true
}

// Thetas returns the step sizes θ an adaptive run has used: the first
// (Options.Theta) from iteration 0, each next one from the next refresh,
// every Period iterations; nil for any other sampling. The slice must not
// be modified.
func (s *Solver) Thetas() []float64 {
	if s.ada == nil {
		return nil
	}
	return s.ada.theta
}

// Period is the number of iterations between refreshes of an adaptive
// sampling, 0 for any other.
func (s *Solver) Period() int {
	if s.ada == nil {
		return 0
	}
	return s.ada.every
}
