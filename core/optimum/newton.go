package optimum

import (
	"context"
	"fmt"
	"math"

	"imlab/core/fmath"
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
	opt, err := opt.withDefaults(pr)
	if err != nil {
		return nil, err
	}
	// pass is called after every pass over the data.
	pass := func() bool {
		opt.Yield()
		return ctx.Err() == nil
	}
	d := pr.Data.D
	w, g := make([]float64, d), make([]float64, d)
	wTry, gTry, step := make([]float64, d), make([]float64, d), make([]float64, d)
	P := pr.Gradient(w, g)
	gNorm := fmath.Norm(g)
	res := &Result{W: make([]float64, d)}
	keep := func() {
		copy(res.W, w)
		res.P, res.GradNorm = P, gNorm
	}
	keep()
	res.Tol = opt.GradTol * math.Max(1, gNorm)
	canceled := func() (*Result, error) {
		res.Gap = res.GradNorm * res.GradNorm / (2 * pr.Lambda)
		return res, fmt.Errorf("%w after %d Newton steps: %w", ErrCanceled, res.Iterations, ctx.Err())
	}
	if !pass() {
		return canceled()
	}
	h, solver := newHessian(pr), newCG(d)
	stagnated := 0
	// search tries w + t·step for t = 1, ½, ¼, …; on success w, g, P and
	// gNorm move there.
	search := func(slope float64) (accepted, ok bool) {
		for t, k := 1.0, 0; k < maxHalvings; t, k = t/2, k+1 {
			addScaledTo(wTry, w, t, step)
			PTry := pr.Gradient(wTry, gTry)
			if !pass() {
				return false, false
			}
			gTryNorm := fmath.Norm(gTry)
			if math.IsNaN(PTry) || math.IsInf(PTry, 0) || math.IsNaN(gTryNorm) {
				continue
			}
			// Near w* the decrease in P falls below its rounding error, and
			// a smaller gradient is then the only reliable sign of progress.
			sufficient := PTry <= P+float64(armijo*t*slope)
			noise := float64(noiseRelTol * math.Max(1, math.Abs(P)))
			withinNoise := PTry <= P+noise && gTryNorm < gNorm
			if sufficient || withinNoise {
				w, wTry, g, gTry = wTry, w, gTry, g
				P, gNorm = PTry, gTryNorm
				return true, true
			}
		}
		return false, true
	}
	for res.Iterations < opt.MaxIter && res.GradNorm > res.Tol && stagnated < maxStagnated {
		// The Hessian at w first; if no step along its direction is
		// accepted, the bound φ” ≤ 1/γ in place of φ” (a quadratic that
		// majorises P, so its minimiser decreases P). That rescues the
		// smoothed hinge at w = 0, where every φ” is 0 and H = λI would
		// make the step −∇P/λ, too long by far when λ is small against
		// ‖x_i‖² (data scaled by 1e150 with the default λ).
		accepted, PPrev := false, P
		for _, bound := range [...]bool{false, true} {
			if bound {
				h.bound()
			} else {
				h.at(w)
			}
			if !pass() {
				return canceled()
			}
			// Forcing term min(½, √‖∇P‖): loose far away, superlinear near w*.
			tol := math.Min(0.5, math.Sqrt(gNorm)) * gNorm
			products, ok := solver.solve(h, g, step, tol, opt.MaxCG, pass)
			res.CGIterations += products
			if !ok {
				return canceled()
			}
			slope := fmath.Dot(g, step)
			if !(slope < 0) {
				break // no descent direction left: the gradient is rounding noise
			}
			var searched bool
			if accepted, searched = search(slope); !searched {
				return canceled()
			}
			if accepted {
				break
			}
		}
		if !accepted {
			break
		}
		res.Iterations++
		noise := float64(noiseRelTol * math.Max(1, math.Abs(P)))
		if PPrev-P > noise || gNorm < progressRatio*res.GradNorm {
			stagnated = 0
		} else {
			stagnated++ // at the floor: ∇P is rounding noise
		}
		if gNorm < res.GradNorm {
			keep()
		}
	}
	res.Gap = res.GradNorm * res.GradNorm / (2 * pr.Lambda)
	if res.GradNorm > res.Tol {
		return res, fmt.Errorf("%w: ‖∇P‖ = %.3g > %.3g after %d Newton steps (%d Hessian products)",
			ErrNotConverged, res.GradNorm, res.Tol, res.Iterations, res.CGIterations)
	}
	return res, nil
}
