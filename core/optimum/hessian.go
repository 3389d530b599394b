package optimum

import (
	"imlab/core/problem"
	"imlab/core/sparse"
)

// hessian is ∇²P at one point w, kept as the per-example weights
// c_i = φ”(x_iᵀw)/n so that products cost one pass over the data.
type hessian struct {
	pr     *problem.Problem
	weight []float64 // c_i
	diag   []float64 // diagonal of H, the Jacobi preconditioner
}

func newHessian(pr *problem.Problem) *hessian {
	return &hessian{
		pr:     pr,
		weight: make([]float64, pr.Data.N),
		diag:   make([]float64, pr.Data.D),
	}
}

// at moves the Hessian to w.
func (h *hessian) at(w []float64) {
	ds := h.pr.Data
	invN := 1 / float64(ds.N)
	h.fill(func(i int) float64 {
		return h.pr.Loss.Curvature(problem.Dot(ds, i, w), ds.Y[i]) * invN
	})
}

// bound sets the Hessian to the quadratic bound on P: every φ” replaced by
// its upper bound y_i²/γ (γ = Loss.Gamma), so that P(w + s) ≤ P(w) +
// ∇P(w)ᵀs + ½ sᵀH s for every w and s.
func (h *hessian) bound() {
	ds := h.pr.Data
	invGammaN := 1 / (h.pr.Loss.Gamma() * float64(ds.N))
	h.fill(func(i int) float64 { return ds.Y[i] * ds.Y[i] * invGammaN })
}

// fill sets the weights c_i = weight(i) and the diagonal λ + Σ_i c_i x_ij².
func (h *hessian) fill(weight func(i int) float64) {
	ds := h.pr.Data
	for j := range h.diag {
		h.diag[j] = h.pr.Lambda
	}
	for i := range h.weight {
		c := weight(i)
		h.weight[i] = c
		if c == 0 {
			continue
		}
		idx, val := ds.Row(i)
		sparse.AddSquares(c, idx, val, h.diag)
	}
}

// mulVec writes H v into dst.
func (h *hessian) mulVec(dst, v []float64) {
	ds := h.pr.Data
	for j, vj := range v {
		dst[j] = h.pr.Lambda * vj
	}
	for i, c := range h.weight {
		if c == 0 {
			continue // flat pieces of the smoothed hinge
		}
		idx, val := ds.Row(i)
		sparse.Axpy(c*sparse.DotOrdered(idx, val, v), idx, val, dst)
	}
}
