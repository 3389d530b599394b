package optimum

import (
	"errors"

	"imlab/core/fmath"
	"imlab/core/problem"
)

// CertifiedGap returns an upper bound on P(w) − P* and P(w) itself. Since P
// is λ-strongly convex, P(w) − P* ≤ ‖∇P(w)‖²/(2λ), with no need to know P*.
// w must have length pr.Data.D.
func CertifiedGap(pr *problem.Problem, w []float64) (bound, primal float64) {
	grad := make([]float64, len(w))
	primal = pr.Gradient(w, grad)
	norm := fmath.Norm(grad)
	return norm * norm / (2 * pr.Lambda), primal
}

// NegligibleGap is a certified error of P* too small to matter beside the
// smallest gaps anyone measures against it (1e−10 in the paper).
const NegligibleGap = 1e-16

// Usable decides whether the outcome of Solve gives a P* to measure gaps
// against: it returns nil when Solve converged, or when it stopped at the
// rounding floor of ∇P above GradTol (ErrNotConverged) with a certified
// error res.Gap ≤ NegligibleGap; otherwise it returns err.
func Usable(res *Result, err error) error {
	if err == nil || (errors.Is(err, ErrNotConverged) && res != nil && res.Gap <= NegligibleGap) {
		return nil
	}
	return err
}
