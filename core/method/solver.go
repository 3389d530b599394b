package method

import (
	"time"

	"imlab/core/problem"
)

// Solver is the shape every method's solver has, so that one Run drives
// them all.
type Solver interface {
	// Step runs k iterations. It returns ErrDiverged, and keeps returning
	// it, once an iterate has become non-finite.
	Step(k int) error
	// Iter is the number of iterations done so far.
	Iter() int
	// Evals is the number of example evaluations done so far: every
	// φ_i'(x_iᵀw) of a stochastic or full gradient and every dual
	// coordinate step counts one, so Evals/n is passes through the data.
	Evals() int64
	// BatchSize is the number of evaluations of an ordinary iteration (τ);
	// some iterations may cost more (L-SVRG's full gradients).
	BatchSize() int
	// W is the current primal iterate; the slice is the solver's own.
	W() []float64
	// Problem is the problem being solved.
	Problem() *problem.Problem
	// Elapsed is the wall time spent inside Step.
	Elapsed() time.Duration
}
