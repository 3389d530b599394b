// Package sparse provides the kernels of imlab's inner loops on one sparse
// row x stored as parallel slices of feature indices idx and values val:
// the dot product xᵀw, the update w ← w + c·x, and w_j ← w_j + c·x_j² (the
// row's share of a Jacobi preconditioner, AddSquares).
//
// The solvers spend most of their time here, natively and in WebAssembly.
// Natively the kernels are Go, unrolled over fixed-length windows of the row
// (generic.go): slicing idx and val to a constant length lets the compiler
// drop their bounds checks (w[idx[k]] keeps one, the indices being data).
// In WebAssembly they are assembly (kernels_wasm.s) with the Go kernels'
// operations in the same order, because Go's wasm backend routes every
// back edge of a Go loop through a br_table dispatch that V8 cannot
// optimise away; the assembly checks every index against len(w) and hands
// a bad row to the Go kernel, which panics as natively. docs/speed.md has
// the measurements.
//
// Floating-point addition is not associative, so the order of a sum is part
// of its result. The package offers two dot products that differ only in
// that order, and each keeps its order on every platform, rounding every
// product before adding it (never fused into an FMA; generic.go says how):
//
//   - Dot keeps four partial sums, which breaks the chain of dependent
//     additions and is the faster; it is the dot product of the dfSDCA
//     solver.
//   - DotOrdered keeps one running sum in the order of the row's entries,
//     the textbook loop's result bit for bit; P(w), ∇P(w) and the other
//     solvers use it.
//
// Axpy and AddSquares add to each coordinate of w once per entry, in the
// order of the row, so their result does not depend on how a row is cut
// into pieces.
package sparse
