// Package saga implements minibatch proximal SAGA with arbitrary sampling
// (Defazio, Bach & Lacoste-Julien 2014; with arbitrary sampling: Gower,
// Richtárik & Bach 2018, Qian, Qu & Richtárik, ICML 2019; minibatch steps:
// Gazagnadou, Gower & Salmon, ICML 2019) for
//
//	P(w) = (1/n) Σ_i φ_i(x_iᵀw) + (λ/2)‖w‖².
//
// For linear models the table of gradients is n scalars α_i (the stored
// φ_i'), with ḡ = (1/n) Σ_j α_j x_j kept up to date. Each iteration draws S
// with marginals p_i, evaluates a_i = φ_i'(x_iᵀw) for i ∈ S and takes
//
//	g = (1/n) Σ_{i∈S} (a_i − α_i) x_i / p_i + ḡ,   w ← (w − η g)/(1 + ηλ),
//	ḡ ← ḡ + (1/n) Σ_{i∈S} (a_i − α_i) x_i,         α_i ← a_i (i ∈ S).
//
// The table starts at α = 0 (so ḡ = 0, at no cost). With the ESO parameters
// v_i of the sampling and η ≤ 1/(6𝓛), 𝓛 = max_i v_i/(n p_i γ)
// (method.VarianceReducedStep), the Lyapunov function
//
//	Φ = ‖w − w*‖² + Σ_i (4ρη² v_i / (n² p_i²)) (α_i − α_i*)²,
//
// with α_i* = φ_i'(x_iᵀw*) and ρ = (1 + ηλ)^(−2), contracts in expectation:
// E Φ⁺ ≤ max(ρ, 1 − min_i p_i/2) Φ (Rate). The derivation is in the method
// package's documentation; the tests check the inequality exactly by
// enumerating every minibatch of small instances.
//
// An iteration costs |S| = τ evaluations of φ_i'. Its time is O(d) for the
// dense proximal step and ḡ, or, when the minibatch's non-zeros are few
// beside d (method.PreferLazy), proportional to them: the other coordinates
// are then updated lazily (method.Lazy).
//
// Every product that is added is rounded with float64(…), so that no
// compiler fuses the two into an FMA (see package core).
package saga
