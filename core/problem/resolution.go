package problem

import (
	"errors"
	"fmt"
	"math"
)

// ErrUnresolvable reports a target gap below what double precision can
// resolve for the problem (see GapResolution).
var ErrUnresolvable = errors.New("target gap below the round-off of P near P*")

// unitRoundoff is u = 2⁻⁵³, the relative error of one rounding.
const unitRoundoff = 0x1p-53

// lossRoundings bounds the roundings of one loss evaluation after its dot
// product (log1p∘exp for the logistic loss, a product and a sum for the
// square loss, a branch and a square for the smoothed hinge) and of adding
// the term to the sum.
const lossRoundings = 4

// GapResolution is the smallest primal gap that the computed gap
// fl(P(w)) − P* resolves near the optimum, for a P* of the given value.
//
// How P is computed sets it. Primal sums the n loss terms and the d squares
// of w with Neumaier's compensated summation, whose own error is about
// u·|P| however many terms there are (u = 2⁻⁵³), so the count of terms does
// not enter. What remains is the rounding of each term: the dot product
// x_iᵀw of k_i non-zeros is summed plainly (≤ k_i roundings) and the loss
// adds a few more (lossRoundings), each relative to the size of the term.
// The terms are non-negative and sum to about P* near the optimum, so
// fl(P(w)) carries an error of up to (k + lossRoundings)·u·|P*|, with k the
// largest number of non-zeros in a row, and P* (computed the same way) as
// much again. Below twice that, a gap of 0 or one of the wrong size is
// rounding, not convergence. This is a model of the rounding, not a proof:
// a dot product with cancellation can be worse relative to its terms.
func (p *Problem) GapResolution(pstar float64) float64 {
	k := 0
	for i := 0; i < p.Data.N; i++ {
		k = max(k, p.Data.RowPtr[i+1]-p.Data.RowPtr[i])
	}
	r := 2 * float64(k+lossRoundings) * unitRoundoff * math.Abs(pstar)
	return math.Max(r, math.SmallestNonzeroFloat64)
}

// CheckGap returns an error wrapping ErrUnresolvable, stating the smallest
// meaningful ε, if eps is below GapResolution(pstar); nil otherwise.
func (p *Problem) CheckGap(eps, pstar float64) error {
	if r := p.GapResolution(pstar); eps < r {
		return fmt.Errorf("%w: ε = %.3g cannot be resolved in double precision for this problem (P* = %.6g); the smallest meaningful ε is %.2g",
			ErrUnresolvable, eps, pstar, r)
	}
	return nil
}
