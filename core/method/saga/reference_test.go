package saga

import (
	"imlab/core/method/internal/mtest"
	"imlab/core/problem"
)

// reference is textbook minibatch proximal SAGA, dense and unoptimised: it
// stores the whole gradient ∇f_i at the last visit of i as a d-vector and
// recomputes their mean at every step.
type reference struct {
	pr    *problem.Problem
	x     [][]float64
	p     []float64
	eta   float64
	w     []float64
	table [][]float64 // table[i] = ∇f_i at the last visit (0 at first)
}

func newReference(pr *problem.Problem, p []float64, eta float64) *reference {
	ds := pr.Data
	r := &reference{pr: pr, x: mtest.Dense(ds), p: p, eta: eta, w: make([]float64, ds.D), table: make([][]float64, ds.N)}
	for i := range r.table {
		r.table[i] = make([]float64, ds.D)
	}
	return r
}

// setTable sets table[i] = α_i x_i.
func (r *reference) setTable(alpha []float64) {
	for i := range r.table {
		for j := range r.table[i] {
			r.table[i][j] = alpha[i] * r.x[i][j]
		}
	}
}

func (r *reference) grad(i int, w []float64) []float64 {
	a := r.pr.Loss.Deriv(mtest.Dot(r.x[i], w), r.pr.Data.Y[i])
	g := make([]float64, len(w))
	for j := range g {
		g[j] = a * r.x[i][j]
	}
	return g
}

func (r *reference) step(batch []int) {
	n, d := len(r.table), len(r.w)
	g := make([]float64, d)
	for i := range r.table {
		for j := range g {
			g[j] += r.table[i][j] / float64(n)
		}
	}
	fresh := make([][]float64, len(batch))
	for k, i := range batch {
		fresh[k] = r.grad(i, r.w)
		for j := range g {
			g[j] += (fresh[k][j] - r.table[i][j]) / (float64(n) * r.p[i])
		}
	}
	for j := range r.w {
		r.w[j] = (r.w[j] - r.eta*g[j]) / (1 + r.eta*r.pr.Lambda)
	}
	for k, i := range batch {
		r.table[i] = fresh[k]
	}
}
