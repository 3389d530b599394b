package method

import (
	"fmt"
	"math"

	"imlab/core/problem"
	"imlab/core/sampling"
)

// Setup is what every method needs besides its own parameters: the problem,
// a sampling with its marginals p_i, and ESO parameters v_i valid for that
// sampling (theory.Plan carries all three).
type Setup struct {
	Problem *problem.Problem
	Sampler sampling.Sampler
	P, V    []float64 // p_i = Prob(i ∈ Ŝ) (the sampler's) and ESO parameters v_i
}

// NewSetup checks pr, the sampler and v and returns the Setup. It rejects a
// nil or ill-formed problem, a sampler over the wrong number of examples or
// with a zero probability, and v of the wrong length or not positive and
// finite. Errors wrap ErrOptions.
func NewSetup(pr *problem.Problem, smp sampling.Sampler, v []float64) (Setup, error) {
	return newSetup(pr, smp, v, true)
}

// NewTheorySetup is NewSetup for predictions (catalog.Predict), which read
// n, λ, γ, p and v but no row: it checks the data's shape in constant time
// (Dataset.CheckShape) instead of every entry, a pass over the data that
// would otherwise be paid once per τ of a best-τ curve. A solver must use
// NewSetup.
func NewTheorySetup(pr *problem.Problem, smp sampling.Sampler, v []float64) (Setup, error) {
	return newSetup(pr, smp, v, false)
}

func newSetup(pr *problem.Problem, smp sampling.Sampler, v []float64, readsRows bool) (Setup, error) {
	if pr == nil || pr.Data == nil {
		return Setup{}, fmt.Errorf("%w: nil problem or data set", ErrOptions)
	}
	if pr.Loss == nil {
		return Setup{}, fmt.Errorf("%w: nil loss", ErrOptions)
	}
	if !(pr.Lambda > 0) || math.IsInf(pr.Lambda, 0) {
		return Setup{}, fmt.Errorf("%w: λ = %v, want positive and finite", ErrOptions, pr.Lambda)
	}
	ds := pr.Data
	check := ds.CheckShape
	if readsRows {
		check = pr.CheckData
	}
	if err := check(); err != nil {
		return Setup{}, fmt.Errorf("%w: %w", ErrOptions, err)
	}
	if smp == nil {
		return Setup{}, fmt.Errorf("%w: nil sampler", ErrOptions)
	}
	p := smp.Probabilities()
	if len(p) != ds.N {
		return Setup{}, fmt.Errorf("%w: sampler %s is over %d examples, data set has %d", ErrOptions, smp, len(p), ds.N)
	}
	if smp.MaxSize() < 1 {
		return Setup{}, fmt.Errorf("%w: sampler %s has minibatch size %d", ErrOptions, smp, smp.MaxSize())
	}
	for i, pi := range p {
		if !(pi > 0) || math.IsInf(pi, 0) {
			return Setup{}, fmt.Errorf("%w: sampler %s gives example %d probability %v, want positive", ErrOptions, smp, i, pi)
		}
	}
	if len(v) != ds.N {
		return Setup{}, fmt.Errorf("%w: %d ESO parameters for %d examples", ErrOptions, len(v), ds.N)
	}
	for i, vi := range v {
		if !(vi >= 0) || math.IsInf(vi, 0) {
			return Setup{}, fmt.Errorf("%w: ESO parameter v_%d = %v, want ≥ 0 and finite", ErrOptions, i, vi)
		}
	}
	return Setup{Problem: pr, Sampler: smp, P: p, V: v}, nil
}

// Smoothness is the expected smoothness of the setup's minibatch gradient,
// ExpectedSmoothness(P, V, γ).
func (s Setup) Smoothness() float64 {
	return ExpectedSmoothness(s.P, s.V, s.Problem.Loss.Gamma())
}

// Tau is the largest minibatch the sampler draws.
func (s Setup) Tau() int { return s.Sampler.MaxSize() }

// InverseNP returns the weights 1/(n p_i) of the unbiased minibatch
// gradient (1/n) Σ_{i∈S} ∇f_i/p_i, a fresh slice.
func (s Setup) InverseNP() []float64 {
	n := float64(len(s.P))
	w := make([]float64, len(s.P))
	for i, pi := range s.P {
		w[i] = 1 / (n * pi)
	}
	return w
}
