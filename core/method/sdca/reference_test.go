package sdca

import (
	"math"

	"imlab/core/loss"
	"imlab/core/method/internal/mtest"
	"imlab/core/problem"
)

// reference is minibatch SDCA written plainly: dense rows, w recomputed from
// α after every iteration, and each coordinate maximised by bisection on the
// derivative of its concave one-dimensional objective (closed form only for
// the square loss), independently of the solver's Newton steps.
type reference struct {
	pr    *problem.Problem
	x     [][]float64
	curv  []float64 // v_i/(λn)/scale
	alpha []float64
	w     []float64
}

func newReference(pr *problem.Problem, v []float64, scale float64) *reference {
	ds := pr.Data
	r := &reference{pr: pr, x: mtest.Dense(ds), curv: make([]float64, ds.N), alpha: make([]float64, ds.N), w: make([]float64, ds.D)}
	for i := range v {
		r.curv[i] = v[i] / (pr.Lambda * float64(ds.N) * scale)
	}
	return r
}

func (r *reference) setAlpha(alpha []float64) {
	copy(r.alpha, alpha)
	r.primal()
}

// primal sets w = (1/(λn)) Σ α_i x_i.
func (r *reference) primal() {
	clear(r.w)
	for i, a := range r.alpha {
		for j := range r.w {
			r.w[j] += a * r.x[i][j] / (r.pr.Lambda * float64(len(r.x)))
		}
	}
}

func (r *reference) step(batch []int) {
	delta := make([]float64, len(batch))
	for k, i := range batch {
		delta[k] = r.coordinate(i, mtest.Dot(r.x[i], r.w))
	}
	for k, i := range batch {
		r.alpha[i] += delta[k]
	}
	r.primal()
}

// coordinate maximises −φ*(−(α+Δ)) − zΔ − qΔ²/2 over Δ.
func (r *reference) coordinate(i int, z float64) float64 {
	y, a, q := r.pr.Data.Y[i], r.alpha[i], r.curv[i]
	beta := y * a
	var slope func(b float64) float64 // derivative in β' = y(α+Δ), decreasing
	switch l := r.pr.Loss.(type) {
	case loss.Square:
		return (y - z - a) / (1 + q)
	case loss.Logistic:
		slope = func(b float64) float64 { return math.Log((1-b)/b) - y*z - q*(b-beta) }
	case loss.SmoothHinge:
		slope = func(b float64) float64 { return 1 - l.Mu*b - y*z - q*(b-beta) }
	}
	if slope(1) >= 0 {
		return y * (1 - beta)
	}
	if slope(0) <= 0 {
		return y * (0 - beta)
	}
	return y * (bisect(slope, 0, 1) - beta)
}

// bisect returns the root in [lo, hi] of the decreasing function slope,
// halving the bracket until it is two adjacent floats.
func bisect(slope func(float64) float64, lo, hi float64) float64 {
	for {
		mid := 0.5 * (lo + hi)
		if mid == lo || mid == hi {
			return 0.5 * (lo + hi)
		}
		if slope(mid) > 0 {
			lo = mid
		} else {
			hi = mid
		}
	}
}
