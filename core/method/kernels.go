package method

import (
	"imlab/core/dataset"
	"imlab/core/problem"
)

// AddRow adds c·x_i to w.
func AddRow(ds *dataset.Dataset, i int, c float64, w []float64) {
	idx, val := ds.Row(i)
	val = val[:len(idx)]
	for k, j := range idx {
		w[j] += float64(c * val[k])
	}
}

// Scale multiplies w by c in place.
func Scale(c float64, w []float64) {
	for j := range w {
		w[j] *= c
	}
}

// Derivatives sets a[k] = φ_i'(x_iᵀw) for the k-th member i of batch and
// reports whether all are finite.
func Derivatives(pr *problem.Problem, batch []int, w, a []float64) bool {
	ds := pr.Data
	finite := 0.0
	for k, i := range batch {
		a[k] = pr.Loss.Deriv(problem.Dot(ds, i, w), ds.Y[i])
		finite += float64(a[k] * 0) // NaN once any is infinite or NaN
	}
	return finite == 0
}

// ProxMap applies to every coordinate the map of an iteration of a
// proximal variance-reduced method, w_j ← (w_j − η b_j)/(1 + ηλ) (Lazy
// applies it where coordinates are needed).
func ProxMap(w, b []float64, eta, lambda float64) {
	shrink := 1 / (1 + float64(eta*lambda))
	b = b[:len(w)]
	for j := range w {
		w[j] = proxMap(w[j], b[j], eta, shrink)
	}
}

// proxMap is ProxMap on one coordinate, shrink = 1/(1 + ηλ).
func proxMap(w, b, eta, shrink float64) float64 { return (w - float64(eta*b)) * shrink }
