package optimum

// addSquares adds c·val[k]·val[k] to diag[idx[k]] for every k, in the order
// of k, each product rounded as (c·val[k])·val[k]: the Jacobi diagonal's
// row update. In WebAssembly it is written in assembly (squares_wasm.s),
// with these bits (TestAddSquaresBits); natively it is addSquaresGeneric.
func addSquares(c float64, idx []int32, val, diag []float64) {
	addSquaresKernel(c, idx, val, diag)
}

// addSquaresGeneric is addSquares in Go: the reference for the assembly,
// and the kernel natively.
func addSquaresGeneric(c float64, idx []int32, val, diag []float64) {
	for k, j := range idx {
		diag[j] += float64(c * val[k] * val[k])
	}
}
