package optimum

import (
	"imlab/core/loss"
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

// at moves the Hessian to w: the margins in one call (sparse.DotRows, into
// the weights' slice), then the curvature by the loss's concrete type, as
// in problem.Gradient: in WebAssembly a call per row, through the interface
// or a closure most of all, costs more than a short row's arithmetic.
func (h *hessian) at(w []float64) {
	ds := h.pr.Data
	invN := 1 / float64(ds.N)
	h.reset()
	sparse.DotRows(ds.RowPtr, ds.Col, ds.Val, w, h.weight) // the margins, in one call
	l := h.pr.Loss
	for i, y := range ds.Y[:len(h.weight)] {
		z := h.weight[i]
		var c float64
		switch l := l.(type) {
		case loss.Logistic:
			c = l.Curvature(z, y)
		case loss.SmoothHinge:
			c = l.Curvature(z, y)
		case loss.Square:
			c = l.Curvature(z, y)
		default:
			c = l.Curvature(z, y)
		}
		idx, val := ds.Row(i)
		h.set(i, c*invN, idx, val)
	}
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
	h.reset()
	for i := range h.weight {
		idx, val := h.pr.Data.Row(i)
		h.set(i, weight(i), idx, val)
	}
}

// reset sets the diagonal to λ, before the rows' weights are set.
func (h *hessian) reset() {
	for j := range h.diag {
		h.diag[j] = h.pr.Lambda
	}
}

// set sets c_i = c and adds c x_ij² to the diagonal; idx, val is row i.
func (h *hessian) set(i int, c float64, idx []int32, val []float64) {
	h.weight[i] = c
	if c != 0 {
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
		sparse.RankOne(c, idx, val, v, dst) // one call: in wasm a call costs
	}
}
