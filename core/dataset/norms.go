package dataset

import (
	"errors"
	"fmt"
	"math"
)

// ErrNormOverflow reports squared norms too large for a float64: values
// near 1e154 or above. σ, λ = max‖x_i‖/n and every step size would be NaN
// or infinite.
var ErrNormOverflow = errors.New("dataset: squared norm overflows float64")

// CheckNorms returns an error wrapping ErrNormOverflow that names the first
// example (1-based) whose squared norm ‖x_i‖² overflows, or at which the sum
// of the squared norms, whose mean σ needs, does.
func (ds *Dataset) CheckNorms() error { return CheckNormsOf(ds.SquaredNorms()) }

// CheckNormsOf is CheckNorms on squared norms already computed
// (SquaredNorms), for a caller that keeps them.
func CheckNormsOf(squaredNorms []float64) error {
	sum := 0.0
	for i, sq := range squaredNorms {
		if math.IsInf(sq, 0) {
			return fmt.Errorf("%w: example %d has ‖x‖² > %.3g; rescale the data", ErrNormOverflow, i+1, math.MaxFloat64)
		}
		if sum += sq; math.IsInf(sum, 0) {
			return fmt.Errorf("%w: the sum of ‖x_i‖² passes %.3g at example %d; rescale the data", ErrNormOverflow, math.MaxFloat64, i+1)
		}
	}
	return nil
}
