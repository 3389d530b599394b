package optimum

import (
	"errors"
	"fmt"
	"math"

	"imlab/core/problem"
)

// Options control Solve; the zero value asks for the defaults.
type Options struct {
	// GradTol is relative to the problem's scale: Solve stops when
	// ‖∇P(w)‖₂ ≤ GradTol·max(1, ‖∇P(0)‖₂), so data scaled by 1e150 solve as
	// the unscaled data do, and data of ordinary scale (‖∇P(0)‖ ≤ 1) see an
	// absolute tolerance. 0 means DefaultGradTol.
	GradTol float64
	MaxIter int // Newton steps; 0 means DefaultMaxIter
	MaxCG   int // conjugate-gradient steps per Newton step; 0 means DefaultMaxCG
}

// Defaults used for zero Options fields.
const (
	DefaultGradTol = 1e-12
	DefaultMaxIter = 100
	DefaultMaxCG   = 1000
)

// Result is the outcome of Solve.
type Result struct {
	W            []float64 // the best point found (smallest ‖∇P‖)
	P            float64   // P(W)
	GradNorm     float64   // ‖∇P(W)‖₂
	Tol          float64   // the absolute tolerance on GradNorm: GradTol·max(1, ‖∇P(0)‖₂)
	Gap          float64   // certified bound on P(W) − P*: GradNorm²/(2λ)
	Iterations   int       // Newton steps taken
	CGIterations int       // Hessian-vector products, over all steps
}

// Errors returned by Solve.
var (
	// ErrOptions reports a nil problem or negative/NaN options.
	ErrOptions = errors.New("optimum: invalid problem or options")
	// ErrNotConverged reports that ‖∇P‖ did not reach GradTol, either within
	// MaxIter steps or because rounding error stopped all progress. The
	// Result returned with it is still the best point found.
	ErrNotConverged = errors.New("optimum: gradient tolerance not reached")
	// ErrCanceled reports that the context of SolveContext or
	// Solver.Until ended the solve; the
	// error wraps the context's error too.
	ErrCanceled = errors.New("optimum: canceled")
)

// withDefaults checks pr and opt and fills in the defaults.
func (opt Options) withDefaults(pr *problem.Problem) (Options, error) {
	switch {
	case pr == nil || pr.Data == nil || pr.Loss == nil:
		return opt, fmt.Errorf("%w: problem, its data and its loss must be non-nil", ErrOptions)
	case !(pr.Lambda > 0) || math.IsInf(pr.Lambda, 0):
		return opt, fmt.Errorf("%w (got %v)", problem.ErrLambda, pr.Lambda)
	case !(opt.GradTol >= 0):
		return opt, fmt.Errorf("%w: GradTol = %v, want ≥ 0", ErrOptions, opt.GradTol)
	case opt.MaxIter < 0:
		return opt, fmt.Errorf("%w: MaxIter = %d, want ≥ 0", ErrOptions, opt.MaxIter)
	case opt.MaxCG < 0:
		return opt, fmt.Errorf("%w: MaxCG = %d, want ≥ 0", ErrOptions, opt.MaxCG)
	}
	if opt.GradTol == 0 {
		opt.GradTol = DefaultGradTol
	}
	if opt.MaxIter == 0 {
		opt.MaxIter = DefaultMaxIter
	}
	if opt.MaxCG == 0 {
		opt.MaxCG = DefaultMaxCG
	}
	return opt, nil
}
