package pipeline

import (
	"context"

	"imlab/core/dataset"
	"imlab/core/experiment"
	"imlab/core/loss"
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

// Prepare computes P* of pr to near machine precision. yield, if not nil,
// is called after every pass over the data (for a browser's event loop);
// ctx stops the solve within one pass. A P* that optimum.Usable refuses is
// an error: the solver's, which callers wrap ("computing P*: …").
func Prepare(ctx context.Context, pr *problem.Problem, yield func()) (*Prepared, error) {
	res, err := optimum.SolveContext(ctx, pr, optimum.Options{Yield: yield})
	if uerr := optimum.Usable(res, err); uerr != nil {
		return nil, uerr
	}
	return &Prepared{Problem: pr, Optimum: res, Warning: err}, nil
}

// Experiment plans cfg's jobs against P*; see experiment.New.
func (p *Prepared) Experiment(cfg experiment.Config) (*experiment.Experiment, error) {
	return experiment.New(p.Problem, p.PStar(), cfg)
}
