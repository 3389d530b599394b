package sdca

import (
	"fmt"
	"math"

	"imlab/core/loss"
	"imlab/core/method"
	"imlab/core/problem"
	"imlab/core/sampling"
	"imlab/core/theory"
)

// Options configures a Solver.
type Options struct {
	// Sampler draws the minibatches; V are ESO parameters valid for it
	// (theory.Plan has both). For serial samplings V = ‖x_i‖² makes every
	// step the exact coordinate maximiser.
	Sampler sampling.Sampler
	V       []float64
	// StepScale divides every curvature v_i/(λn): 0 or 1 is the theory's
	// step; larger values step further than it allows (for experiments).
	StepScale float64
	// Seed seeds the sampling stream.
	Seed uint64
}

// Rate is θ = min_i p_i λγn/(v_i + λγn): E[D* − D(α)] falls by 1 − θ per
// iteration.
func Rate(s method.Setup) float64 {
	return theory.Theta(s.P, s.V, s.Problem.Lambda, s.Problem.Loss.Gamma())
}

// Solver runs minibatch SDCA from α = 0, w = 0. It is not safe for
// concurrent use.
type Solver struct {
	method.Base
	pr    *problem.Problem
	step  coordinate
	curv  []float64 // v_i/(λn), divided by StepScale
	w     []float64
	alpha []float64
	z     []float64 // margins of the minibatch at w before the update
	delta []float64
}

// New checks the options and returns a solver at α = 0, w = 0. Errors wrap
// method.ErrOptions; a loss without a dual coordinate step is one.
func New(pr *problem.Problem, opt Options) (*Solver, error) {
	setup, err := method.NewSetup(pr, opt.Sampler, opt.V)
	if err != nil {
		return nil, err
	}
	step := stepFor(pr.Loss)
	if step == nil {
		return nil, fmt.Errorf("%w: SDCA has no dual coordinate step for the %v loss", method.ErrOptions, pr.Loss)
	}
	if _, square := pr.Loss.(loss.Square); !square {
		for i, y := range pr.Data.Y {
			if y != 1 && y != -1 {
				return nil, fmt.Errorf("%w: SDCA with the %v loss needs labels ±1; example %d has %v",
					method.ErrOptions, pr.Loss, i, y)
			}
		}
	}
	scale := opt.StepScale
	if scale == 0 {
		scale = 1
	}
	if !(scale > 0) || math.IsInf(scale, 0) {
		return nil, fmt.Errorf("%w: SDCA step scale %v, want positive and finite", method.ErrOptions, scale)
	}
	ds := pr.Data
	tau := opt.Sampler.MaxSize()
	s := &Solver{
		Base:  method.NewBase(setup, opt.Seed),
		pr:    pr,
		step:  step,
		curv:  make([]float64, ds.N),
		w:     make([]float64, ds.D),
		alpha: make([]float64, ds.N),
		z:     make([]float64, tau),
		delta: make([]float64, tau),
	}
	ln := pr.Lambda * float64(ds.N)
	for i, v := range opt.V {
		s.curv[i] = v / (ln * scale)
	}
	return s, nil
}

// Step runs k iterations.
func (s *Solver) Step(k int) error { return s.Iterate(k, s.iterate) }

func (s *Solver) iterate() bool { return s.stepWith(s.Draw()) }

// stepWith does the iteration on minibatch batch.
func (s *Solver) stepWith(batch []int) bool {
	ds := s.pr.Data
	z, delta := s.z[:len(batch)], s.delta[:len(batch)]
	for k, i := range batch {
		z[k] = problem.Dot(ds, i, s.w)
	}
	finite := 0.0
	for k, i := range batch {
		delta[k] = s.step(z[k], ds.Y[i], s.alpha[i], s.curv[i])
		finite += z[k]*0 + delta[k]*0
	}
	if finite != 0 {
		return false
	}
	s.Count(len(batch))
	inv := 1 / (s.pr.Lambda * float64(ds.N))
	for k, i := range batch {
		s.alpha[i] += delta[k]
		method.AddRow(ds, i, delta[k]*inv, s.w)
	}
	return true
}

// W returns the primal iterate w = (1/(λn)) Σ α_i x_i. The slice is the
// solver's own: it changes with Step and must not be modified.
func (s *Solver) W() []float64 { return s.w }

// Alpha returns the dual variables α. The slice is the solver's own.
func (s *Solver) Alpha() []float64 { return s.alpha }
