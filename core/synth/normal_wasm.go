//go:build wasm

package synth

// In WebAssembly the normals' fast path is written in assembly
// (normal_wasm.s), for the reason core/sparse's kernels are (see its
// kernels_wasm.go): Go's wasm backend sends every back edge of a loop
// through a br_table dispatch and computes bits.Mul64 in Go code, where the
// assembly is a plain wasm loop with the 128-bit product's halves in
// locals. It performs normalsFastGeneric's integer operations (exact) and
// its two roundings per value (the product x = j·wn[i], then x·x added to
// the sum) in the same order, so its bits and its stream are the Go code's
// (TestNormalsFastBits, FuzzNormalsFast).

//go:noescape
func normalsFast(dst []float64, p *pcg, sum float64) (n int, u uint64, sumSquares float64)
