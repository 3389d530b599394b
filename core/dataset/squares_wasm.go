//go:build wasm

package dataset

// In WebAssembly the rows' sums of squares are written in assembly
// (squares_wasm.s), as core/sparse's kernels are (see its kernels_wasm.go):
// a plain wasm loop instead of Go's bounds check and block dispatch per
// value. It rounds each square, then each sum, in the row's order, as
// sumSquaresGeneric does (TestSumSquaresBits, FuzzSumSquares).

//go:noescape
func sumSquaresKernel(val []float64) float64
