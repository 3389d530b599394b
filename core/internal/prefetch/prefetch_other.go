//go:build !amd64

package prefetch

// row loads the first index and value: the row's first cache lines.
func row(idx []int32, val []float64) float64 {
	if len(idx) == 0 || len(val) == 0 {
		return 0
	}
	return val[0] + float64(idx[0])
}
