//go:build !amd64

package prefetch

// row loads the first index and value of row i: its first cache lines.
func row(rowPtr []int, col []int32, val []float64, i int) float64 {
	if r := rowPtr[i]; r < len(val) {
		return val[r] + float64(col[r])
	}
	return 0
}

// float64At loads x[i].
func float64At(x []float64, i int) float64 { return x[i] }

// intAt loads x[i].
func intAt(x []int, i int) float64 { return float64(x[i]) }
