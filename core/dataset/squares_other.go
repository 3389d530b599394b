//go:build !wasm

package dataset

func sumSquaresKernel(val []float64) float64 { return sumSquaresGeneric(val) }
