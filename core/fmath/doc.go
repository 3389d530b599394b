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
// is converted with float64() so that no compiler may fuse it into an FMA),
// and are faithfully rounded: the result is one of the two floating-point
// numbers adjacent to the exact value. Exp is table-driven (2^(k/128) times
// a degree-5 polynomial on |r| ≤ ln2/256, the method of ARM's optimized
// routines and musl) and measures below 0.52 ulp; it is faster than
// math.Exp natively and several times faster under WebAssembly. Log follows
// the FreeBSD algorithm of Go's pure-Go math.Log, with subnormal arguments
// normalised first, and measures below 0.9 ulp.
package fmath
