package optimum

import (
	"errors"
	"fmt"
	"math"

	"imlab/core/problem"
)

// Options control Solve; the zero value asks for the defaults.
type Options struct {
	GradTol float64 // stop when ‖∇P(w)‖₂ ≤ GradTol; 0 means DefaultGradTol
	MaxIter int     // Newton steps; 0 means DefaultMaxIter
	MaxCG   int     // conjugate-gradient steps per Newton step; 0 means DefaultMaxCG
	// Yield, if set, is called after every pass over the data (gradient or
	// Hessian-vector product), e.g. to keep a browser page responsive.
	Yield func()
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
	if opt.Yield == nil {
		opt.Yield = func() {}
	}
	return opt, nil
}
