//go:build !wasm

package sparse

// Natively the kernels are the Go ones (generic.go).

func dot(idx []int32, val, w []float64) float64 { return dotGeneric(idx, val, w) }

func dotOrdered(idx []int32, val, w []float64) float64 { return dotOrderedGeneric(idx, val, w) }

func axpy(c float64, idx []int32, val, w []float64) { axpyGeneric(c, idx, val, w) }

func addSquares(c float64, idx []int32, val, w []float64) { addSquaresGeneric(c, idx, val, w) }

func rankOne(c float64, idx []int32, val, v, w []float64) { rankOneGeneric(c, idx, val, v, w) }

func dotRows(rowPtr []int, col []int32, val, w, z []float64) { dotRowsGeneric(rowPtr, col, val, w, z) }
