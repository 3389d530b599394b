// Package sdca implements stochastic dual coordinate ascent with exact
// coordinate steps and arbitrary sampling: serial SDCA with importance
// sampling as in IProx-SDCA (Zhao & Zhang, ICML 2015) and its minibatch
// version in which the ESO parameters v_i of the sampling set each
// coordinate's curvature, as in Quartz (Qu, Richtárik & Zhang, NeurIPS 2015)
// and NSync (Richtárik & Takáč 2016). It solves the dual of
//
//	P(w) = (1/n) Σ_i φ_i(x_iᵀw) + (λ/2)‖w‖²,
//	D(α) = −(1/n) Σ_i φ_i*(−α_i) − (λ/2)‖w(α)‖²,  w(α) = (1/(λn)) Σ_i α_i x_i,
//
// from α = 0 (w = 0), keeping w = w(α). Each iteration draws S with
// marginals p_i and, for every i ∈ S with z_i = x_iᵀw taken before any
// update, sets
//
//	Δ_i = argmax_Δ −φ_i*(−(α_i + Δ)) − z_i Δ − (v_i/(λn)) Δ²/2,
//	α_i ← α_i + Δ_i,   w ← w + Σ_{i∈S} Δ_i x_i/(λn).
//
// Serial samplings have v_i = ‖x_i‖², and Δ_i is then the exact maximiser
// of D along coordinate i. The step is closed form for the square loss,
// Δ = (y − z − α)/(1 + q), and for the smoothed hinge (β = yα clipped to
// [0, 1]); for the logistic loss it is the root of
// log((1 − β)/β) − yz − q(β − β_old) = 0, β = yα ∈ (0, 1), a Newton
// iteration in the logit t = log(β/(1 − β)) (LIBLINEAR's -s 7 solves the
// same one-dimensional problem). The solver keeps each coordinate's logit
// from its last step, so the next step starts there at no cost: g(t) at the
// stored logit needs no exp, one Newton step costs one exp, which also gives
// β' and the step's error bound, and the step is taken when that bound is
// within StepAccuracy = 0.1 of the step (LIBLINEAR stops its inner Newton
// at a tolerance too). A coordinate with no stored logit (its first visit,
// β = 0) takes one Newton step from the root without the curvature term,
// two exps, when its error bound is within StepAccuracy of the move in β.
// Otherwise, and with Options.Exact, the step is solved to rounding: Newton
// from the current logit or, if that fails to converge fast, from the point
// whence it converges monotonically, safeguarded by bisection on a bracket
// of width q that holds the root.
//
// Order. The rate below is for independent draws (Order IID). With a
// serial sampling the solver can instead visit the examples in epochs
// (Order Shuffled): each epoch holds example i about n p_i times
// (systematic rounding, so the counts sum to n) in a fresh random order.
// That is sampling without replacement weighted by p, as LIBLINEAR's random
// permutations are for p_i = 1/n; no rate is proved for it here, but it
// takes about half IID's epochs on the peer race's data (docs/peers.md),
// as random permutations usually do for coordinate descent.
//
// Cost. A serial step is memory-bound: the example's row and state sit at
// random places. Draws are made in blocks (or a whole epoch ahead), so the
// solver prefetches the next example's row and the following one's state
// before it needs them, as dfSDCA does; the kernels are core/sparse's.
//
// Rate. −D = f + Ψ with f(α) = ‖Xα‖²/(2λn²) and Ψ(α) = (1/n) Σ φ_i*(−α_i),
// each term (γ/n)-strongly convex since φ_i is 1/γ-smooth. The ESO gives
// E f(α + h_[S]) ≤ f(α) + Σ_i p_i (∇_i f(α) h_i + v_i h_i²/(2λn²)), so the
// update minimises a separable model of E[−D] coordinate by coordinate.
// Comparing each coordinate's minimum with the point h_i = t_i(α_i* − α_i),
// t_i = θ/p_i, and using the strong convexity of φ_i* and the convexity of
// f gives
//
//	E[D* − D(α⁺)] ≤ (1 − θ)(D* − D(α)),  θ = min_i p_i λγn/(v_i + λγn),
//
// the step size of dfSDCA (theory.Theta): the same ESO sets both. A step
// longer than the theory's (Options.StepScale > 1 divides the curvature)
// loses the guarantee. The bound is for exact coordinate steps; a step off
// by the fraction ε of itself keeps (1 − ε²) of the exact step's gain in
// the coordinate's quadratic model, so StepAccuracy's steps keep the rate
// up to about 1% (and reach 1e−10 in the same epochs in the tests and on
// the race's data).
//
// An iteration costs |S| = τ coordinate evaluations (one x_iᵀw each; the
// scalar Newton steps of the logistic loss are not data passes). Only the
// logistic loss, the square loss and the smoothed hinge have a dual step;
// other losses are rejected.
//
// Every product that is added is rounded with float64(…), so that no
// compiler fuses the two into an FMA (see package core).
package sdca
