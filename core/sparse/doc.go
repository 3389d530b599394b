// Package sparse provides the kernels of imlab's inner loops on one sparse
// row x stored as parallel slices of feature indices idx and values val:
// the dot product xᵀw and the update w ← w + c·x.
//
// The solvers spend most of their time here, natively and in WebAssembly,
// so the kernels are unrolled over fixed-length windows of the row: slicing
// idx and val to a constant length lets the compiler drop their bounds
// checks (w[idx[k]] keeps one, the indices being data), and, in
// WebAssembly, where every loop iteration carries a large fixed cost and
// there is no SIMD, unrolling by eight made the kernels 1.5–1.9× faster
// under V8. docs/speed.md has the measurements.
//
// Floating-point addition is not associative, so the order of a sum is part
// of its result. The package offers two dot products that differ only in
// that order, and each keeps its order on every platform (Go rounds every
// operation separately on amd64 at GOAMD64=v1 and in WebAssembly):
//
//   - Dot keeps four partial sums, which breaks the chain of dependent
//     additions and is the faster; it is the dot product of the dfSDCA
//     solver.
//   - DotOrdered keeps one running sum in the order of the row's entries,
//     the textbook loop's result bit for bit; P(w), ∇P(w) and the other
//     solvers use it.
//
// Axpy adds to each coordinate of w once, so its result does not depend on
// how a row is cut into pieces.
package sparse
