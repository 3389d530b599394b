package optimum

import (
	"math"

	"imlab/core/fmath"
)

// cg holds the work vectors of the preconditioned conjugate-gradient solver
// and where it is.
type cg struct {
	r, z, p, hp []float64
	rz          float64 // rᵀz
	products    int     // Hessian-vector products so far
}

func newCG(d int) *cg {
	return &cg{r: make([]float64, d), z: make([]float64, d), p: make([]float64, d), hp: make([]float64, d)}
}

// start begins solving H s = −g into s from s = 0 (see step).
func (c *cg) start(h *hessian, g, s []float64) {
	for j := range s {
		s[j] = 0
		c.r[j] = -g[j]
		c.z[j] = c.r[j] / h.diag[j]
	}
	copy(c.p, c.z)
	c.rz = fmath.Dot(c.r, c.z)
	c.products = 0
}

// step does one Hessian-vector product of the preconditioned
// conjugate-gradient solve that start began, moving s closer to the
// solution of H s = −g, and reports whether the solve is over: the
// residual ‖H s + g‖ ≤ tol, or no progress is left, or maxIter products
// are done. Every iterate is a descent direction.
func (c *cg) step(h *hessian, s []float64, tol float64, maxIter int) (done bool) {
	c.products++
	h.mulVec(c.hp, c.p)
	curv := fmath.Dot(c.p, c.hp)
	if !(curv > 0) {
		return true // p is (numerically) zero: nothing left to gain
	}
	alpha := c.rz / curv
	addScaled(s, alpha, c.p)
	addScaled(c.r, -alpha, c.hp)
	if fmath.Norm(c.r) <= tol {
		return true
	}
	for j, rj := range c.r {
		c.z[j] = rj / h.diag[j]
	}
	rzNext := fmath.Dot(c.r, c.z)
	beta := rzNext / c.rz
	c.rz = rzNext
	if c.rz == 0 || math.IsNaN(beta) {
		return true
	}
	for j, zj := range c.z {
		c.p[j] = zj + float64(beta*c.p[j])
	}
	return c.products >= maxIter
}
