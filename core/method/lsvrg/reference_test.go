package lsvrg

import (
	"slices"

	"imlab/core/method/internal/mtest"
	"imlab/core/problem"
)

// reference is textbook proximal L-SVRG, dense and unoptimised: it keeps
// the reference point u itself and recomputes ∇f_i(u) and ∇f(u) from it at
// every step.
type reference struct {
	pr   *problem.Problem
	x    [][]float64
	p    []float64
	eta  float64
	w, u []float64
}

func newReference(pr *problem.Problem, p []float64, eta float64) *reference {
	ds := pr.Data
	return &reference{pr: pr, x: mtest.Dense(ds), p: p, eta: eta, w: make([]float64, ds.D), u: make([]float64, ds.D)}
}

func (r *reference) deriv(i int, w []float64) float64 {
	return r.pr.Loss.Deriv(mtest.Dot(r.x[i], w), r.pr.Data.Y[i])
}

func (r *reference) step(batch []int, refresh bool) {
	n, d := float64(len(r.x)), len(r.w)
	g := make([]float64, d)
	for i := range r.x {
		a := r.deriv(i, r.u)
		for j := range g {
			g[j] += a * r.x[i][j] / n
		}
	}
	for _, i := range batch {
		c := (r.deriv(i, r.w) - r.deriv(i, r.u)) / (n * r.p[i])
		for j := range g {
			g[j] += c * r.x[i][j]
		}
	}
	old := slices.Clone(r.w)
	for j := range r.w {
		r.w[j] = (r.w[j] - r.eta*g[j]) / (1 + r.eta*r.pr.Lambda)
	}
	if refresh {
		r.u = old
	}
}
