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
	for j := range h.diag {
		h.diag[j] = h.pr.Lambda
	}
	for i := range h.weight {
		c := h.pr.Loss.Curvature(problem.Dot(ds, i, w), ds.Y[i]) * invN
		h.weight[i] = c
		if c == 0 {
			continue
		}
		idx, val := ds.Row(i)
		for k, j := range idx {
			h.diag[j] += c * val[k] * val[k]
		}
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
