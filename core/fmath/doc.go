// Package fmath provides the elementary functions whose results enter
// imlab's traces, written so that they give the same bits on every platform:
// natively (where the standard library may use assembly) and in
// WebAssembly.
//
// The standard library's math.Exp and math.Log are assembly on amd64 and
// pure Go under GOOS=js GOARCH=wasm. Both are accurate to within one unit in
// the last place (ulp), but not to the same bits: math.Exp differs from its
// pure-Go version in the last bit for about one argument in twenty (and its
// amd64 assembly takes a different path on processors without FMA), and
// math.Log's assembly mishandles subnormal arguments. A trace computed by the
// command-line tool and one computed in the browser would then drift apart
// by an ulp, then by more as the iterations amplify it.
//
// Exp and Log here are pure Go, use only IEEE basic operations (each product
// is converted with float64() so that no compiler may fuse it into an FMA,
// as Go allows on arm64 or with GOAMD64=v3), and are faithfully rounded: the
// result is one of the two floating-point numbers adjacent to the exact
// value. Exp is table-driven (2^(k/128) times a degree-5 polynomial on
// |r| ≤ ln2/256, the method of ARM's optimized routines and musl); over a
// million arguments its error is at most 0.507 ulp (math.Exp's amd64
// assembly: 1.68 ulp, and +Inf for finite results above x ≈ 709.436). It is
// as fast as math.Exp natively and about three times faster under
// WebAssembly. Log follows the FreeBSD algorithm of Go's pure-Go math.Log,
// with subnormal arguments normalised first: at most 0.800 ulp over a
// million arguments.
//
// Dot and Norm are the reductions of the P* solve, in a fixed order:
// gonum's floats.Dot and floats.Norm are amd64 assembly that sums in
// another order than their pure-Go versions. docs/speed.md has the
// measurements and how to repeat them.
package fmath
