package sgd

import (
	"math"

	"imlab/core/method"
	"imlab/core/problem"
	"imlab/core/sampling"
)

// Options configures a Solver.
type Options struct {
	// Sampler draws the minibatches; V are ESO parameters valid for it
	// (theory.Plan has both).
	Sampler sampling.Sampler
	V       []float64
	// Step is the constant step η; 0 means method.SGDStep, the largest the
	// theory allows.
	Step float64
	// Decreasing switches to the steps (2k + 1)/((k + 1)²λ) after
	// k* = ⌈2/(ηλ)⌉ iterations, so that w converges to w*.
	Decreasing bool
	// Seed seeds the sampling stream.
	Seed uint64
}

// Solver runs minibatch proximal SGD from w = 0. It is not safe for
// concurrent use.
type Solver struct {
	method.Base
	pr       *problem.Problem
	step     float64
	switchAt int       // k*, or −1 for a constant step
	invNP    []float64 // 1/(n p_i)
	// w = scale·u: the proximal step multiplies scale alone, so an
	// iteration costs O(non-zeros of the minibatch), not O(d).
	u, w  []float64 // w is materialised by W
	scale float64
	a     []float64 // φ_i'(x_iᵀw) for the minibatch
}

// minScale is the scale below which u is renormalised (u ← scale·u).
const minScale = 1e-100

// New checks the options and returns a solver at w = 0. Errors wrap
// method.ErrOptions.
func New(pr *problem.Problem, opt Options) (*Solver, error) {
	setup, err := method.NewSetup(pr, opt.Sampler, opt.V)
	if err != nil {
		return nil, err
	}
	step, err := setup.StepOr("SGD", opt.Step, method.SGDStep)
	if err != nil {
		return nil, err
	}
	s := &Solver{
		Base:     method.NewBase(setup, opt.Seed),
		pr:       pr,
		step:     step,
		switchAt: -1,
		invNP:    setup.InverseNP(),
		u:        make([]float64, pr.Data.D),
		w:        make([]float64, pr.Data.D),
		scale:    1,
		a:        make([]float64, opt.Sampler.MaxSize()),
	}
	if opt.Decreasing {
		s.switchAt = int(math.Min(math.Ceil(2/(step*pr.Lambda)), 1<<52))
	}
	return s, nil
}

// StepAt is the step η_k used by iteration k (counted from 0).
func (s *Solver) StepAt(k int) float64 {
	if s.switchAt < 0 || k < s.switchAt {
		return s.step
	}
	kk := float64(k)
	return math.Min(s.step, (2*kk+1)/((kk+1)*(kk+1)*s.pr.Lambda))
}

// SwitchAt is k*, the first iteration of decreasing steps, or −1 for a
// constant step.
func (s *Solver) SwitchAt() int { return s.switchAt }

// Step runs k iterations.
func (s *Solver) Step(k int) error { return s.Iterate(k, s.iterate) }

func (s *Solver) iterate() bool {
	pr := s.pr
	ds := pr.Data
	batch := s.Draw()
	eta := s.StepAt(s.Iter())
	a := s.a[:len(batch)]
	finite := 0.0
	for k, i := range batch {
		a[k] = pr.Loss.Deriv(s.scale*problem.Dot(ds, i, s.u), ds.Y[i])
		finite += float64(a[k] * 0)
	}
	if finite != 0 {
		return false
	}
	s.Count(len(batch))
	for k, i := range batch {
		method.AddRow(ds, i, -eta*a[k]*s.invNP[i]/s.scale, s.u)
	}
	s.scale /= 1 + float64(eta*pr.Lambda)
	if s.scale < minScale {
		method.Scale(s.scale, s.u)
		s.scale = 1
	}
	return true
}

// W returns the iterate w (computed, O(d)). The slice is the solver's own:
// it changes with Step and W and must not be modified.
func (s *Solver) W() []float64 {
	for j, x := range s.u {
		s.w[j] = s.scale * x
	}
	return s.w
}
