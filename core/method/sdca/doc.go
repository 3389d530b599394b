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
// log((1 − β)/β) − yz − q(β − β_old) = 0, β = yα ∈ (0, 1), found by a few
// Newton steps in the logit t = log(β/(1 − β)), started from the current
// logit or, if that fails to converge fast, from the point whence Newton's
// method converges monotonically, and safeguarded by bisection on a bracket
// of width q that holds the root (LIBLINEAR's -s 7 solves the same
// one-dimensional problem). Near convergence a step takes about one Newton
// iteration (1.07 on average in TestLogisticStepIsFewNewtonSteps).
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
// loses the guarantee.
//
// An iteration costs |S| = τ coordinate evaluations (one x_iᵀw each; the
// scalar Newton steps of the logistic loss are not data passes). Only the
// logistic loss, the square loss and the smoothed hinge have a dual step;
// other losses are rejected.
package sdca
