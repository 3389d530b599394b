package optimum

import (
	"math"

	"imlab/core/fmath"
)

// cg holds the work vectors of the preconditioned conjugate-gradient solver.
type cg struct {
	r, z, p, hp []float64
}

func newCG(d int) *cg {
	return &cg{r: make([]float64, d), z: make([]float64, d), p: make([]float64, d), hp: make([]float64, d)}
}

// solve writes into s an approximate solution of H s = −g, stopping when the
// residual ‖H s + g‖ ≤ tol or after maxIter products, and returns the number
// of products, calling pass after each; ok is false if pass did, and s is
// then unfinished. Started from s = 0, every iterate is a descent direction.
func (c *cg) solve(h *hessian, g, s []float64, tol float64, maxIter int, pass func() bool) (products int, ok bool) {
	for j := range s {
		s[j] = 0
		c.r[j] = -g[j]
		c.z[j] = c.r[j] / h.diag[j]
	}
	copy(c.p, c.z)
	rz := fmath.Dot(c.r, c.z)
	for it := 1; it <= maxIter; it++ {
		h.mulVec(c.hp, c.p)
		if !pass() {
			return it, false
		}
		curv := fmath.Dot(c.p, c.hp)
		if !(curv > 0) {
			return it, true // p is (numerically) zero: nothing left to gain
		}
		alpha := rz / curv
		addScaled(s, alpha, c.p)
		addScaled(c.r, -alpha, c.hp)
		if fmath.Norm(c.r) <= tol {
			return it, true
		}
		for j, rj := range c.r {
			c.z[j] = rj / h.diag[j]
		}
		rzNext := fmath.Dot(c.r, c.z)
		beta := rzNext / rz
		rz = rzNext
		if rz == 0 || math.IsNaN(beta) {
			return it, true
		}
		for j, zj := range c.z {
			c.p[j] = zj + float64(beta*c.p[j])
		}
	}
	return maxIter, true
}
