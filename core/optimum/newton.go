package optimum

import (
	"context"
	"fmt"
	"math"

	"imlab/core/fmath"
	"imlab/core/internal/pace"
	"imlab/core/problem"
)

// Line-search constants.
const (
	armijo       = 1e-4  // sufficient decrease: P(w+ts) ≤ P(w) + armijo·t·∇Pᵀs
	maxHalvings  = 50    // below t = 2⁻⁵⁰ a step is lost in rounding
	noiseRelTol  = 1e-13 // P's rounding error is far below noiseRelTol·max(1, |P|)
	maxStagnated = 5     // steps in a row without progress before declaring the floor
	// progressRatio: a Newton step that helps cuts the best ‖∇P‖ by at least
	// this factor or decreases P by more than its rounding noise.
	progressRatio = 0.75
)

// Solve minimises pr's objective from w = 0 by truncated Newton (see the
// package comment) until ‖∇P‖ ≤ opt.GradTol·max(1, ‖∇P(0)‖).
//
// If the tolerance is not reached — MaxIter steps ran out, or rounding error
// in ∇P left no further progress possible — Solve returns the best point
// found together with an error wrapping ErrNotConverged; Result.GradNorm and
// Result.Gap then say honestly how good that point is.
func Solve(pr *problem.Problem, opt Options) (*Result, error) {
	return SolveContext(context.Background(), pr, opt)
}

// SolveContext is Solve, stopping within one pass over the data once ctx
// is done: it then returns the best point found so far and an error
// wrapping ErrCanceled and ctx.Err(). Until then its steps, and so its
// result, are those of Solve.
func SolveContext(ctx context.Context, pr *problem.Problem, opt Options) (*Result, error) {
	s, err := NewSolver(pr, opt)
	if err != nil {
		return nil, err
	}
	return s.Until(ctx)
}

// stage is where a Solver is in a Newton step.
type stage int

const (
	atStart   stage = iota // ∇P(0)
	atNewton               // about to begin a Newton step
	atHessian              // the Hessian (or its bound) at w
	atCG                   // conjugate gradients: one product per pass
	atSearch               // the line search: one gradient per pass
	atEnd
)

// A Solver minimises a problem's objective by truncated Newton (see Solve)
// one pass over the data at a time (a gradient or a Hessian-vector
// product), so that a browser can hand control back to its event loop
// between passes: the caller owns the loop. The steps, and so the result,
// do not depend on how the passes are spread over time.
type Solver struct {
	pr  *problem.Problem
	opt Options
	res *Result
	err error // the outcome once finished: nil or ErrNotConverged

	stage                  stage
	w, g, wTry, gTry, step []float64
	P, gNorm               float64
	h                      *hessian
	cg                     *cg
	stagnated              int
	bound                  bool    // the Newton step uses the Hessian's bound
	PPrev                  float64 // P at the start of the Newton step
	cgTol, slope, t        float64 // the CG tolerance; the search's slope and step length
	halvings               int     // the search's halvings so far
}

// NewSolver returns a solver of pr under opt, or opt's error (ErrOptions,
// problem.ErrLambda).
func NewSolver(pr *problem.Problem, opt Options) (*Solver, error) {
	opt, err := opt.withDefaults(pr)
	if err != nil {
		return nil, err
	}
	d := pr.Data.D
	return &Solver{
		pr: pr, opt: opt, res: &Result{W: make([]float64, d), P: math.NaN(), GradNorm: math.Inf(1)},
		w: make([]float64, d), g: make([]float64, d),
		wTry: make([]float64, d), gTry: make([]float64, d), step: make([]float64, d),
		h: newHessian(pr), cg: newCG(d),
	}, nil
}

// Result returns the best point found so far, with the error of the
// outcome once Step has reported done: nil, or ErrNotConverged.
func (s *Solver) Result() (*Result, error) {
	s.res.Gap = s.res.GradNorm * s.res.GradNorm / (2 * s.pr.Lambda)
	return s.res, s.err
}

// Until steps s to its end, or until ctx is done (checked between passes),
// and returns Result; a done ctx adds an error wrapping ErrCanceled and
// ctx.Err().
func (s *Solver) Until(ctx context.Context) (*Result, error) {
	if err := pace.Steps(ctx, s); ctx.Err() != nil && s.stage != atEnd {
		res, _ := s.Result()
		return res, fmt.Errorf("%w after %d Newton steps: %w", ErrCanceled, res.Iterations, err)
	}
	return s.Result()
}

// keep records w as the best point.
func (s *Solver) keep() {
	copy(s.res.W, s.w)
	s.res.P, s.res.GradNorm = s.P, s.gNorm
}

// Step does one pass over the data and reports whether the solve is over;
// its error is then Result's.
func (s *Solver) Step() (done bool, err error) {
	for {
		switch s.stage {
		case atStart:
			s.P = s.pr.Gradient(s.w, s.g)
			s.gNorm = fmath.Norm(s.g)
			s.keep()
			s.res.Tol = s.opt.GradTol * math.Max(1, s.gNorm)
			s.stage = atNewton
			return false, nil
		case atNewton:
			res := s.res
			if !(res.Iterations < s.opt.MaxIter && res.GradNorm > res.Tol && s.stagnated < maxStagnated) {
				s.finish()
				return true, s.err
			}
			s.PPrev, s.bound, s.stage = s.P, false, atHessian
		case atHessian:
			// The Hessian at w first; if no step along its direction is
			// accepted, the bound φ” ≤ 1/γ in place of φ” (a quadratic
			// that majorises P, so its minimiser decreases P). That
			// rescues the smoothed hinge at w = 0, where every φ” is 0 and
			// H = λI would make the step −∇P/λ, too long by far when λ is
			// small against ‖x_i‖² (data scaled by 1e150 with the default
			// λ).
			if s.bound {
				s.h.bound()
			} else {
				s.h.at(s.w)
			}
			// Forcing term min(½, √‖∇P‖): loose far away, superlinear near w*.
			s.cgTol = math.Min(0.5, math.Sqrt(s.gNorm)) * s.gNorm
			s.cg.start(s.h, s.g, s.step)
			s.stage = atCG
			return false, nil
		case atCG:
			if !s.cg.step(s.h, s.step, s.cgTol, s.opt.MaxCG) {
				return false, nil
			}
			s.res.CGIterations += s.cg.products
			if s.slope = fmath.Dot(s.g, s.step); !(s.slope < 0) {
				// No descent direction left: the gradient is rounding noise.
				s.finish()
				return true, s.err
			}
			s.t, s.halvings, s.stage = 1, 0, atSearch
			return false, nil
		case atSearch:
			if s.search() {
				return false, nil
			}
		case atEnd:
			return true, s.err
		}
	}
}

// search tries w + t·step, one t of 1, ½, ¼, … per call, and reports
// whether the solver is waiting for the next pass (false once the stage
// has moved on). On success w, g, P and gNorm move there and the Newton
// step ends.
func (s *Solver) search() (pass bool) {
	if s.halvings == maxHalvings {
		// No step accepted: the bound's direction next, or the end.
		if s.bound {
			s.finish()
		} else {
			s.bound, s.stage = true, atHessian
		}
		return false
	}
	addScaledTo(s.wTry, s.w, s.t, s.step)
	PTry := s.pr.Gradient(s.wTry, s.gTry)
	t := s.t
	s.t, s.halvings = s.t/2, s.halvings+1
	gTryNorm := fmath.Norm(s.gTry)
	if math.IsNaN(PTry) || math.IsInf(PTry, 0) || math.IsNaN(gTryNorm) {
		return true
	}
	// Near w* the decrease in P falls below its rounding error, and a
	// smaller gradient is then the only reliable sign of progress.
	sufficient := PTry <= s.P+float64(armijo*t*s.slope)
	noise := float64(noiseRelTol * math.Max(1, math.Abs(s.P)))
	withinNoise := PTry <= s.P+noise && gTryNorm < s.gNorm
	if !(sufficient || withinNoise) {
		return true
	}
	s.w, s.wTry, s.g, s.gTry = s.wTry, s.w, s.gTry, s.g
	s.P, s.gNorm = PTry, gTryNorm
	s.res.Iterations++
	noise = float64(noiseRelTol * math.Max(1, math.Abs(s.P)))
	if s.PPrev-s.P > noise || s.gNorm < progressRatio*s.res.GradNorm {
		s.stagnated = 0
	} else {
		s.stagnated++ // at the floor: ∇P is rounding noise
	}
	if s.gNorm < s.res.GradNorm {
		s.keep()
	}
	s.stage = atNewton
	return true
}

// finish ends the solve with its outcome.
func (s *Solver) finish() {
	s.stage = atEnd
	res := s.res
	if res.GradNorm > res.Tol {
		s.err = fmt.Errorf("%w: ‖∇P‖ = %.3g > %.3g after %d Newton steps (%d Hessian products)",
			ErrNotConverged, res.GradNorm, res.Tol, res.Iterations, res.CGIterations)
	}
}
