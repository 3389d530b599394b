//go:build wasm

package sparse

// In WebAssembly the kernels are written in assembly (kernels_wasm.s): Go's
// wasm backend compiles every function into one loop around a br_table on a
// block number, so that a goroutine can resume in the middle of it, and
// every back edge of a Go loop goes through that table; the assembly
// kernels are plain wasm loops that V8 compiles like native code. They
// compute exactly the Go kernels' operations in the same order (wasm, like
// Go, rounds every multiplication and addition separately), so their bits
// are the Go kernels' (TestKernelsBits, FuzzKernels).
//
// The assembly checks every index, as unsigned, against len(w) before it
// reads or writes w[idx[k]]. On an index out of range, or a val shorter
// than idx, it hands the call over to the Go kernel, which panics as it
// does natively (Axpy after the same updates).

//go:noescape
func dot(idx []int32, val, w []float64) float64

//go:noescape
func dotOrdered(idx []int32, val, w []float64) float64

//go:noescape
func axpy(c float64, idx []int32, val, w []float64)

//go:noescape
func addSquares(c float64, idx []int32, val, w []float64)

//go:noescape
func rankOne(c float64, idx []int32, val, v, w []float64)

//go:noescape
func dotRows(rowPtr []int, col []int32, val, w, z []float64)
