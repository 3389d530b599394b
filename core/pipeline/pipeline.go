package pipeline

import (
	"context"

	"imlab/core/dataset"
	"imlab/core/experiment"
	"imlab/core/loss"
	"imlab/core/method"
	"imlab/core/optimum"
	"imlab/core/problem"
)

// Pose is the regularised problem of loss l on ds with λ = lambda, or the
// paper's λ = maxᵢ‖xᵢ‖/n (problem.DefaultLambda) when lambda is 0.
func Pose(ds *dataset.Dataset, l loss.Loss, lambda float64) (*problem.Problem, error) {
	if lambda == 0 {
		lambda = problem.DefaultLambda(ds)
	}
	return problem.New(ds, l, lambda)
}

// Prepared is a problem with its optimal value P*, the point every gap of
// its experiments is measured against.
type Prepared struct {
	Problem *problem.Problem
	Optimum *optimum.Result
	// Warning is set when P* was accepted short of the solver's tolerance,
	// at the rounding floor of ∇P with a negligible certified error
	// (optimum.Usable); callers should show it.
	Warning error
}

// PStar is the optimal value P* = min P(w).
func (p *Prepared) PStar() float64 { return p.Optimum.P }

// Minimiser is the point P* was computed at and its certified gap, for
// runs that need only their ε-crossings (experiment.Config.Minimiser).
func (p *Prepared) Minimiser() *method.Minimiser {
	return &method.Minimiser{W: p.Optimum.W, Gap: p.Optimum.Gap}
}

// Prepare computes P* of pr to near machine precision; ctx stops the
// solve within one pass over the data. A P* that optimum.Usable refuses is
// an error: the solver's, which callers wrap ("computing P*: …").
func Prepare(ctx context.Context, pr *problem.Problem) (*Prepared, error) {
	p, err := NewPreparation(pr)
	if err != nil {
		return nil, err
	}
	return p.Until(ctx)
}

// A Preparation is Prepare one pass over the data at a time, for a caller
// that owns the loop (a browser page handing control back to its event
// loop between passes).
type Preparation struct {
	pr *problem.Problem
	s  *optimum.Solver
}

// NewPreparation returns the preparation of pr, or the solver's error for
// an invalid problem.
func NewPreparation(pr *problem.Problem) (*Preparation, error) {
	s, err := optimum.NewSolver(pr, optimum.Options{})
	if err != nil {
		return nil, err
	}
	return &Preparation{pr: pr, s: s}, nil
}

// Step does one pass over the data and reports whether P* is found (or
// the solve is over short of it: Until then says whether it is usable).
func (p *Preparation) Step() (done bool, err error) {
	done, _ = p.s.Step()
	return done, nil
}

// Until steps p to its end, or until ctx is done (checked between
// passes), and returns the prepared problem as Prepare does.
func (p *Preparation) Until(ctx context.Context) (*Prepared, error) {
	res, err := p.s.Until(ctx)
	if uerr := optimum.Usable(res, err); uerr != nil {
		return nil, uerr
	}
	return &Prepared{Problem: p.pr, Optimum: res, Warning: err}, nil
}

// Experiment plans cfg's jobs against P*; see experiment.New.
func (p *Prepared) Experiment(cfg experiment.Config) (*experiment.Experiment, error) {
	return experiment.New(p.Problem, p.PStar(), cfg)
}
