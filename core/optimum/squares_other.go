//go:build !wasm

package optimum

func addSquaresKernel(c float64, idx []int32, val, diag []float64) {
	addSquaresGeneric(c, idx, val, diag)
}
