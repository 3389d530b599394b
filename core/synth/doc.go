// Package synth generates the artificial data of the paper's experiments:
// a random sparsity pattern with a controlled mean density ω', rows rescaled
// so that the squared norms ‖x_i‖² = L_i follow one of the paper's laws, and
// ±1 labels from a noisy random hyperplane.
//
// The construction, for Config{N, D, Density: ω', Norms, Seed}:
//
//   - Feature densities ω'_j are drawn in antithetic pairs ω' ± h(2u−1),
//     u ~ U[0,1), h = min(ω', 1−ω'), then shuffled. Every ω'_j lies in
//     [0, 1] and their mean is ω' exactly (up to rounding), not just in
//     expectation.
//   - X_ji ≠ 0 with probability ω'_j, independently. For ω' ≥ 1/16 each
//     entry is a Bernoulli trial, compared in 32-bit integers so it is exact
//     on every platform; below, a row's features are drawn by geometric
//     skipping at the largest density and thinned, in time proportional to
//     the non-zeros, not to d.
//     A row that gets no entry gets one uniformly random feature, so that it
//     can still carry its norm.
//   - Stored values are standard normal, then each row is scaled so that
//     ‖x_i‖² = L_i, with L drawn by NormSquares (gonum's stat/distuv
//     samplers for the paper's laws; for chisq:k this package's χ²
//     quantile, quantile.go). Every law parameter, size and density is
//     checked against its range (params.go) before anything is drawn.
//   - y_i = sign(x_iᵀu) for a Gaussian random direction u, flipped with
//     probability LabelNoise, so logistic regression is a sensible problem.
//
// Each ingredient (densities, pattern, values, norms, labels) has its own
// PCG stream seeded from Config.Seed through sampling.NewRand, and rows are
// generated in order, so the first rows of a data set do not depend on N.
// The pattern is integer arithmetic (and math.Log, math.Log1p when
// skipping); values, norms and labels use IEEE
// basic operations, math.Sqrt and math.Log (the same algorithm in amd64
// assembly as in pure Go) and gonum/math/rand samplers in which math.Exp,
// whose amd64 assembly differs from pure Go in the last bit, only enters
// float32 acceptance tests. So a seed gives the same bits natively and in
// the browser (checked by hashing native and GOOS=js output for every law).
//
// The values and the trials draw from math/rand/v2's PCG and NormFloat64
// reproduced in this package (pcg.go, normal.go: the same streams, tested
// against math/rand/v2), with their inner loops in WebAssembly assembly in
// the js/wasm build (normal_wasm.s, trials_wasm.s), which is several
// times faster there than calls through rand.Rand.
package synth
