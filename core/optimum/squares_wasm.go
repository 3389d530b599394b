//go:build wasm

package optimum

// In WebAssembly the Jacobi diagonal's row update is written in assembly
// (squares_wasm.s), for the reason core/sparse's kernels are (see its
// kernels_wasm.go): Go's wasm backend sends every back edge of a loop
// through a br_table dispatch, and under node this loop took four times
// its native time, more than the Hessian-vector products of a Newton step.
// The assembly performs the same operations in the same order, so its bits
// are addSquaresGeneric's (TestAddSquaresBits, FuzzAddSquares). An index
// out of range, or a val shorter than idx, hands the call over to
// addSquaresGeneric (from the first unchecked entry on), which panics as
// natively after the same updates.

//go:noescape
func addSquaresKernel(c float64, idx []int32, val, diag []float64)
