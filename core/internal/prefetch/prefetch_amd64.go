package prefetch

import "unsafe"

// row prefetches the lines of row i's indices and values.
func row(rowPtr []int, col []int32, val []float64, i int) float64 {
	lines(rowPtr, col, val, i)
	return 0
}

// float64At prefetches the line of x[i].
func float64At(x []float64, i int) float64 {
	word(unsafe.Pointer(unsafe.SliceData(x)), len(x), i)
	return 0
}

// intAt prefetches the line of x[i].
func intAt(x []int, i int) float64 {
	word(unsafe.Pointer(unsafe.SliceData(x)), len(x), i)
	return 0
}

// lines prefetches every line that row i's indices and values touch, if
// rowPtr has its offsets (a prefetch never faults, so they need no other
// check).
//
//go:noescape
func lines(rowPtr []int, col []int32, val []float64, i int)

// word prefetches the line of the i-th 8-byte word at x if i < n (as
// unsigned).
//
//go:noescape
func word(x unsafe.Pointer, n, i int)
