// Package dfsdca implements Algorithm 1 of the paper, dual-free SDCA with
// arbitrary sampling (Csiba & Richtárik), for the problem
//
//	P(w) = (1/n) Σ_i φ_i(x_iᵀw) + (λ/2)‖w‖².
//
// Starting from α⁰ = 0 and w⁰ = 0, each iteration draws a minibatch S_t from
// a sampling.Sampler with marginals p_i and, for every i ∈ S_t,
//
//	Δ_i = φ_i'(x_iᵀw^(t−1)) + α_i
//	α_i ← α_i − θ Δ_i / p_i
//	w   ← w − Σ_{i∈S_t} θ Δ_i / (nλp_i) x_i,
//
// all margins being taken at w^(t−1). Hence w = (1/(λn)) Σ_i α_i x_i at all
// times. The step size θ comes from the theory package (theory.NewPlan).
//
// A Solver does the iterations (Step) and is a method.Solver: method.Run
// drives it as it drives every method, recording a trace of P(w) and its
// gap on the paper's axis t/n (method.Iterations), in slices of work a
// browser event loop can afford (Advance) or until done or cancelled
// (Until). A step size above the theory's bound may make the iterates
// overflow; that is reported as ErrDiverged, never as NaN in a trace.
//
// With Options.Workers > 1 the work of one minibatch is shared by
// persistent goroutines that run a Step's iterations together, meeting at
// two barriers per iteration: the margins and updates are split by example,
// the w update by feature range, so every coordinate of w receives the same
// additions in the same order as sequentially and the iterates are
// bit-identical for every worker count (Solver.SetWorkers may change it
// between Steps). Minibatches with few non-zeros (in total, or per feature
// of w) are done on the calling goroutine, where splitting cannot pay; for
// the others the solver measures both ways as it runs and uses the faster,
// since that depends on how many cores are free (and, likewise, whether the
// parts prefetch large next rows whole, which depends on the caches).
//
// Every product that is added is rounded with float64(…), so that no
// compiler fuses the two into an FMA (see package core).
package dfsdca
