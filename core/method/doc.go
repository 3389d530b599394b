// Package method holds what the stochastic methods of imlab share: the
// step-size theory that ties them to the paper's ESO, the bookkeeping of a
// solver (Base), and the one Run that records any Solver's trace of P(w)
// and its gap against passes through the data (or, for dfSDCA, the paper's
// iterations/n) and says why it ended (Status). The methods live in the
// sub-packages sdca, saga, lsvrg and sgd; dfSDCA, the paper's method, is
// core/dfsdca; package catalog builds any of the five by name.
//
// # Setting
//
// P(w) = f(w) + (λ/2)‖w‖², f(w) = (1/n) Σ_i f_i(w), f_i(w) = φ_i(x_iᵀw), each
// φ_i convex and 1/γ-smooth. A sampling Ŝ has marginals p_i = Prob(i ∈ Ŝ) and
// ESO parameters v_i (core/theory):
//
//	E‖Σ_{i∈S} h_i x_i‖² ≤ Σ_i p_i v_i h_i²  for all h ∈ Rⁿ.
//
// The primal methods use the unbiased minibatch gradient
// g_S(w) = (1/n) Σ_{i∈S} ∇f_i(w)/p_i and treat the regulariser by its
// proximal map w ↦ w/(1 + ηλ), which contracts squared distances by
// ρ = (1 + ηλ)^(−2) and fixes w* − η∇f(w*) ↦ w*.
//
// # Expected smoothness
//
// For any w, y put a_i = φ_i'(x_iᵀw), b_i = φ_i'(x_iᵀy). Then
// g_S(w) − g_S(y) = Σ_{i∈S} h_i x_i with h_i = (a_i − b_i)/(n p_i), and the
// ESO gives
//
//	E‖g_S(w) − g_S(y)‖² ≤ Σ_i v_i (a_i − b_i)²/(n² p_i)
//	                   ≤ Σ_i (2v_i/(n p_i γ)) (1/n) D_φi(x_iᵀw, x_iᵀy)
//	                   ≤ 2𝓛 D_f(w, y),   𝓛 = max_i v_i/(n p_i γ),
//
// using (φ'(s) − φ'(t))² ≤ (2/γ) D_φ(s, t) for convex 1/γ-smooth φ, where
// D is the Bregman divergence. This is ExpectedSmoothness. In the same way,
// for any scalars c_i, E‖Σ_{i∈S} c_i x_i/(n p_i)‖² ≤ Σ_i v_i c_i²/(n² p_i),
// which bounds the variance of the control variates below and the noise at
// the optimum (NoiseAtOptimum).
//
// # SGD (Gower et al. 2019)
//
// With Δ = w − w*, E g_S = ∇f, ⟨∇f(w) − ∇f(w*), Δ⟩ ≥ D_f(w, w*) and
// E‖g_S(w) − ∇f(w*)‖² ≤ 2E‖g_S(w) − g_S(w*)‖² + 2σ² ≤ 4𝓛 D_f + 2σ²:
//
//	E‖w⁺ − w*‖² ≤ ρ(‖Δ‖² − 2η D_f + η²(4𝓛 D_f + 2σ²)) ≤ ρ(‖Δ‖² + 2η²σ²)
//
// when η ≤ 1/(2𝓛) (SGDStep). Iterating, E‖w_k − w*‖² ≤ ρ^k ‖w_0 − w*‖² + R,
// R = 2η²σ²ρ/(1 − ρ) = 2ησ²/(λ(2 + ηλ)).
//
// # SAGA and L-SVRG
//
// Both estimate g = g_S(w) − g_S(α) + (1/n) Σ_j α_j x_j, where α_j is a
// stored derivative (SAGA: at the last visit of j; L-SVRG: at the reference
// point) and g_S(α) = (1/n) Σ_{i∈S} α_i x_i/p_i. With α_i* = φ_i'(x_iᵀw*) and
// B = g_S(α* − α) − E g_S(α* − α), g − ∇f(w*) = g_S(w) − g_S(w*) + B, so
//
//	E‖g − ∇f(w*)‖² ≤ 2·2𝓛 D_f(w, w*) + 2 Σ_i b_i (α_i − α_i*)²,  b_i = v_i/(n² p_i).
//
// The stored derivatives move to a_i = φ_i'(x_iᵀw) with probability π_i
// (SAGA: π_i = p_i; L-SVRG: π_i = q, all at once), so
// E(α_i⁺ − α_i*)² = π_i (a_i − α_i*)² + (1 − π_i)(α_i − α_i*)², and
// Σ_i b_i (a_i − α_i*)² ≤ 2𝓛 D_f. Take Φ = ‖Δ‖² + Σ_i u_i (α_i − α_i*)² with
// u_i = 4ρη² b_i/π_i. Then
//
//	E Φ⁺ ≤ ρ‖Δ‖² + (−2ρη + 2𝓛(2ρη² + 4ρη²)) D_f + Σ_i u_i (1 − π_i/2)(α_i − α_i*)²,
//
// and the D_f term is ≤ 0 when η ≤ 1/(6𝓛) (VarianceReducedStep): E Φ⁺ ≤
// max(ρ, 1 − min_i π_i/2) Φ. With serial uniform sampling 𝓛 = max_i ‖x_i‖²/γ
// and this is Kovalev, Horváth & Richtárik's L-SVRG step 1/(6L).
//
// # SDCA
//
// The dual method's step comes from the ESO directly (see package sdca):
// its rate is dfSDCA's θ = min_i p_i nλγ/(v_i + nλγ), its curvature v_i/(λn).
//
// # How far the steps are from unsafe
//
// The primal steps are sufficient conditions with slack, and no example
// makes 1.5× of them diverge: the factor 2 of the split
// ‖a + b‖² ≤ 2‖a‖² + 2‖b‖² and the factor 2 of co-coercivity are both lost.
// On one feature with the square loss and p_i ∝ x_i², the minibatch
// gradient's curvature is exactly 𝓛 and SGD is gradient descent plus
// noise, stable only for η < 2/𝓛: 4× SGDStep and 12× VarianceReducedStep.
// The tests run that example: 1.5× the safe step converges, 3/𝓛 diverges,
// for SGD, SAGA and L-SVRG. SDCA's curvature is the ESO's: on identical
// examples under τ-nice sampling, where the ESO is tight, the τ coordinate
// steps overshoot together by a factor c = τK/(1 + τK/s) of the residual
// (K = ‖x‖²/(λn), s the step scale), so 1.5× the theory's step (c < 2) still
// converges, losing the rate guarantee, and 2.5× (c > 2) diverges; the tests
// show both.
//
// # Passes
//
// Every method counts evaluations: each φ_i'(x_iᵀw) of a stochastic or full
// gradient and each dual coordinate step is one, so Evals/n is passes
// through the data, and L-SVRG's full gradients are paid for. dfSDCA's
// iterations/n axis is passes/τ.
//
// Every product that is added is rounded with float64(…), so that no
// compiler fuses the two into an FMA (see package core).
package method
