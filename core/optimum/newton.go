package optimum

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/floats"

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
// package comment) until ‖∇P‖ ≤ opt.GradTol.
//
// If the tolerance is not reached — MaxIter steps ran out, or rounding error
// in ∇P left no further progress possible — Solve returns the best point
// found together with an error wrapping ErrNotConverged; Result.GradNorm and
// Result.Gap then say honestly how good that point is.
func Solve(pr *problem.Problem, opt Options) (*Result, error) {
	opt, err := opt.withDefaults(pr)
	if err != nil {
		return nil, err
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
	h, solver := newHessian(pr), newCG(d)
	stagnated := 0
	for res.Iterations < opt.MaxIter && res.GradNorm > opt.GradTol && stagnated < maxStagnated {
		h.at(w)
		opt.Yield()
		// Forcing term min(½, √‖∇P‖): loose far away, superlinear near w*.
		tol := math.Min(0.5, math.Sqrt(gNorm)) * gNorm
		res.CGIterations += solver.solve(h, g, step, tol, opt.MaxCG, opt.Yield)
		slope := fmath.Dot(g, step)
		if !(slope < 0) {
			break // no descent direction left: the gradient is rounding noise
		}
		accepted, PPrev := false, P
		for t, k := 1.0, 0; k < maxHalvings; t, k = t/2, k+1 {
			floats.AddScaledTo(wTry, w, t, step)
			PTry := pr.Gradient(wTry, gTry)
			opt.Yield()
			gTryNorm := fmath.Norm(gTry)
			if math.IsNaN(PTry) || math.IsInf(PTry, 0) || math.IsNaN(gTryNorm) {
				continue
			}
			// Near w* the decrease in P falls below its rounding error, and
			// a smaller gradient is then the only reliable sign of progress.
			sufficient := PTry <= P+armijo*t*slope
			noise := noiseRelTol * math.Max(1, math.Abs(P))
			withinNoise := PTry <= P+noise && gTryNorm < gNorm
			if sufficient || withinNoise {
				accepted = true
				w, wTry, g, gTry = wTry, w, gTry, g
				P, gNorm = PTry, gTryNorm
				break
			}
		}
		if !accepted {
			break
		}
		res.Iterations++
		noise := noiseRelTol * math.Max(1, math.Abs(P))
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
	if res.GradNorm > opt.GradTol {
		return res, fmt.Errorf("%w: ‖∇P‖ = %.3g > %.3g after %d Newton steps (%d Hessian products)",
			ErrNotConverged, res.GradNorm, opt.GradTol, res.Iterations, res.CGIterations)
	}
	return res, nil
}
