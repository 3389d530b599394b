// Package lsvrg implements loopless SVRG (L-SVRG; Hofmann, Lucchi,
// Lacoste-Julien & McWilliams 2015; Kovalev, Horváth & Richtárik 2020) with
// arbitrary sampling (Qian, Qu & Richtárik, JMLR 2021), proximal in the
// regulariser, for
//
//	P(w) = (1/n) Σ_i φ_i(x_iᵀw) + (λ/2)‖w‖².
//
// The method keeps a reference point u with the scalars r_i = φ_i'(x_iᵀu)
// and the full gradient ∇f(u) = (1/n) Σ_j r_j x_j. Each iteration draws S
// with marginals p_i, evaluates a_i = φ_i'(x_iᵀw) for i ∈ S and takes
//
//	g = (1/n) Σ_{i∈S} (a_i − r_i) x_i / p_i + ∇f(u),   w⁺ = (w − η g)/(1 + ηλ);
//
// then, with probability q, u ← w (the point the gradients were taken at)
// and r, ∇f(u) are recomputed: a full pass, paid for as n evaluations.
// Storing the n scalars r_i means the minibatch's ∇f_i(u) cost nothing.
//
// With the ESO parameters v_i and η ≤ 1/(6𝓛), 𝓛 = max_i v_i/(n p_i γ)
// (method.VarianceReducedStep, Kovalev et al.'s 1/(6L) with 𝓛 for L), the
// Lyapunov function
//
//	Φ = ‖w − w*‖² + Σ_i (4ρη² v_i / (q n² p_i)) (r_i − α_i*)²,
//
// α_i* = φ_i'(x_iᵀw*), ρ = (1 + ηλ)^(−2), contracts in expectation:
// E Φ⁺ ≤ max(ρ, 1 − q/2) Φ (Rate). The default q = τ/n makes the expected
// cost of an iteration 2τ evaluations.
//
// The proximal step and ∇f(u) are dense, O(d) per iteration, or, when the
// minibatch's non-zeros are few beside d (method.PreferLazy), applied lazily
// (method.Lazy), so that an iteration costs time proportional to them.
//
// Every product that is added is rounded with float64(…), so that no
// compiler fuses the two into an FMA (see package core).
package lsvrg
