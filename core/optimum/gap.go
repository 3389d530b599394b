package optimum

import (
	"gonum.org/v1/gonum/floats"

	"imlab/core/problem"
)

// CertifiedGap returns an upper bound on P(w) − P* and P(w) itself. Since P
// is λ-strongly convex, P(w) − P* ≤ ‖∇P(w)‖²/(2λ), with no need to know P*.
// w must have length pr.Data.D.
func CertifiedGap(pr *problem.Problem, w []float64) (bound, primal float64) {
	grad := make([]float64, len(w))
	primal = pr.Gradient(w, grad)
	norm := floats.Norm(grad, 2)
	return norm * norm / (2 * pr.Lambda), primal
}
