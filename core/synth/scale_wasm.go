//go:build wasm

package synth

// In WebAssembly the rows' scaling is written in assembly (scale_wasm.s),
// for the reason the normals are (see normal_wasm.go): a plain wasm loop
// instead of Go's bounds check and block dispatch per value. It rounds
// each product once, as scaleGeneric does (TestScaleBits, FuzzScale).

//go:noescape
func scaleKernel(val []float64, c float64)
