package method

import "imlab/core/dataset"

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
