// Package core is the root of imlab's pure-Go engine: the mathematics of
// "Importance Sampling for Minibatches" (Csiba & Richtárik) with no browser
// dependency, so the same code runs natively and under GOOS=js GOARCH=wasm.
//
// Sub-packages, in the order data flows through them:
//
//	budget    the memory budget every load and generation checks before allocating
//	dataset   example-major sparse matrix (CSR) with labels, and its statistics
//	libsvm    streaming LIBSVM/svmlight reader and writer (plain, gzip, bzip2)
//	synth     the paper's artificial data (norm laws × sparsity)
//	loss      logistic, square and smoothed-hinge losses with their smoothness γ
//	problem   the regularised ERM objective P(w), its gradient, λ defaults
//	sampling  minibatch samplings: serial, τ-nice, bucket, partitions
//	theory    ESO parameters v, step sizes θ, σ and predicted speedups
//	dfsdca    Algorithm 1 (dual-free SDCA) with a stepping API and traces
//	optimum   high-precision P* and the certified gap bound
//	experiment the rows of the paper's theoretical:empirical tables
//	pipeline  data → problem → P* → experiment, the one path every front end takes
//	paper     the paper's published tables and presets, and Reproduce, which
//	          rebuilds them over seeds with runs in parallel
//
// The same bits on every platform: Go lets a compiler fuse x*y + z into one
// fused multiply-add, rounded once instead of twice, even across statements
// (p := x*y; s += p), and it does on arm64, ppc64le, s390x, riscv64, loong64
// and amd64 with GOAMD64=v3, but not on amd64 (v1) or in WebAssembly. So
// every product in core that is added or subtracted is converted with
// float64(…), s += float64(x*y): an explicit conversion rounds, and so
// forbids the fusion; where nothing fuses it costs nothing. The test in
// core/internal/nofma compiles core for the fusing architectures and names
// every file:line with a fused instruction.
package core
