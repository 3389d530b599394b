//go:build wasm

package synth

// In WebAssembly the normals' loop is written in assembly (normal_wasm.s),
// for the reason core/sparse's kernels are (see its kernels_wasm.go): Go's
// wasm backend sends every back edge of a loop through a br_table dispatch
// and computes bits.Mul64 in Go code, where the assembly is a plain wasm
// loop with the 128-bit product's halves in locals. It takes the fast path
// and the wedges' test, whose exponential is expNormal's reduction and
// polynomial, instead of a return to Go, a call of normalSlow and one of
// expNormal for each of the 2.8 % of draws that miss the fast path. It
// performs the Go code's integer operations (exact) and its floating-point
// operations in the same order with the same roundings, so its bits and its
// stream are normalsGeneric's (TestNormalsBits, FuzzNormals).

//go:noescape
func normals(dst []float64, p *pcg, sum float64) (n int, u uint64, sumSquares float64)

// expNormalAsm is the assembly loop's exponential alone, for
// TestExpNormalAsm: expNormal for x in its shortcut's range.
//
//go:noescape
func expNormalAsm(x float64) float64
