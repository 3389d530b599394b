package prefetch

// row prefetches the lines of row i's indices and values.
func row(rowPtr []int, col []int32, val []float64, i int) float64 {
	lines(rowPtr, col, val, i)
	return 0
}

// lines prefetches every line that row i's indices and values touch, if
// rowPtr has its offsets (a prefetch never faults, so they need no other
// check).
//
//go:noescape
func lines(rowPtr []int, col []int32, val []float64, i int)
