package sgd

import (
	"imlab/core/method/internal/mtest"
	"imlab/core/problem"
)

// reference is textbook proximal minibatch SGD, dense and unoptimised.
type reference struct {
	pr *problem.Problem
	x  [][]float64
	p  []float64
	w  []float64
}

func newReference(pr *problem.Problem, p []float64) *reference {
	return &reference{pr: pr, x: mtest.Dense(pr.Data), p: p, w: make([]float64, pr.Data.D)}
}

func (r *reference) step(batch []int, eta float64) {
	n := float64(len(r.x))
	g := make([]float64, len(r.w))
	for _, i := range batch {
		a := r.pr.Loss.Deriv(mtest.Dot(r.x[i], r.w), r.pr.Data.Y[i])
		for j := range g {
			g[j] += a * r.x[i][j] / (n * r.p[i])
		}
	}
	for j := range r.w {
		r.w[j] = (r.w[j] - eta*g[j]) / (1 + eta*r.pr.Lambda)
	}
}
