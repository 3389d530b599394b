// Package sgd implements minibatch proximal SGD with arbitrary sampling
// (Gower, Loizou, Qian, Sailanbayev, Shulgin & Richtárik, "SGD: general
// analysis and improved rates", ICML 2019) for
//
//	P(w) = f(w) + (λ/2)‖w‖²,  f(w) = (1/n) Σ_i φ_i(x_iᵀw).
//
// Each iteration draws S from a sampler with marginals p_i and takes
//
//	g = (1/n) Σ_{i∈S} φ_i'(x_iᵀw) x_i / p_i,   w ← (w − η g) / (1 + ηλ),
//
// the second step being the proximal map of the regulariser. g is unbiased
// and, by the ESO, 𝓛-expected-smooth with 𝓛 = max_i v_i/(n p_i γ)
// (method.ExpectedSmoothness). With η ≤ 1/(2𝓛) (method.SGDStep),
//
//	E‖w⁺ − w*‖² ≤ ρ (‖w − w*‖² + 2η²σ²),  ρ = (1 + ηλ)^(−2),
//
// so E‖w_k − w*‖² ≤ ρ^k ‖w_0 − w*‖² + 2ησ²/(λ(2 + ηλ)), where σ² is the
// gradient noise at the solution (bounded by method.NoiseAtOptimum). The
// derivation is in the method package's documentation.
//
// With Options.Decreasing the step switches, at k* = ⌈2/(ηλ)⌉ iterations
// (4⌈𝓛/λ⌉ at η = 1/(2𝓛)), to η_k = (2k + 1)/((k + 1)²λ): Gower et al.'s
// Theorem 3.2 with μ = λ, which gives E‖w_k − w*‖² = O(σ²/(λ²k)) and so
// convergence to w*, at the sublinear rate any SGD has.
//
// An iteration costs |S| = τ evaluations of φ_i', and time proportional to
// the minibatch's non-zeros: w is kept as a scale times a vector, so the
// proximal step multiplies the scale alone.
//
// Every product that is added is rounded with float64(…), so that no
// compiler fuses the two into an FMA (see package core).
package sgd
