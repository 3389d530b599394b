//go:build !wasm

package synth

func scaleKernel(val []float64, c float64) { scaleGeneric(val, c) }
