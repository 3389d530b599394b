// Package nofma holds the test that keeps fused multiply-adds out of core.
//
// Go lets a compiler fuse x*y + z into one FMA, rounded once instead of
// twice, and it does on arm64, ppc64le, s390x, riscv64, loong64 and amd64
// with GOAMD64=v3; not on amd64 (v1) or in WebAssembly. Core rounds every
// product it adds with an explicit float64(…) conversion, which forbids the
// fusion (see package core), so that the CLI and the page compute the same
// bits on every platform. TestNoFusedMultiplyAdd compiles core for each of
// those architectures with -gcflags=-S and fails naming each file:line
// where the compiler still emitted a fused instruction. It needs the go
// command and skips without it (under js/wasm, for one).
package nofma
