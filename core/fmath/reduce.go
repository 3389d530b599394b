package fmath

import "math"

// Dot returns Σ x_i·y_i, summed from i = 0 up, for len(x) ≤ len(y).
//
// It is gonum's floats.Dot in its pure-Go form: on amd64 floats.Dot is
// assembly that keeps several partial sums, so its last bits differ from
// those it gives under WebAssembly.
func Dot(x, y []float64) float64 {
	y = y[:len(x)]
	sum := 0.0
	for i, v := range x {
		sum += float64(y[i] * v)
	}
	return sum
}

// Norm returns the Euclidean norm ‖x‖₂ without overflow or underflow in
// its squares, by the scaled sum of squares of LAPACK's dnrm2: the
// algorithm of gonum's floats.Norm(x, 2) in its pure-Go form (its amd64
// assembly gives other bits). Norm is NaN if some x_i is NaN, else +Inf if
// some x_i is infinite.
func Norm(x []float64) float64 {
	scale, sumSquares := 0.0, 1.0
	for _, v := range x {
		if v == 0 {
			continue
		}
		a := math.Abs(v)
		if math.IsNaN(a) {
			return math.NaN()
		}
		if scale < a {
			s := scale / a
			sumSquares = 1 + float64(float64(sumSquares*s)*s)
			scale = a
		} else {
			s := a / scale
			sumSquares += float64(s * s)
		}
	}
	if math.IsInf(scale, 1) {
		return math.Inf(1)
	}
	return scale * math.Sqrt(sumSquares)
}
