// Package theory computes the step sizes θ that dfSDCA may safely use with
// each sampling, following "Importance Sampling for Minibatches" (Csiba &
// Richtárik).
//
// dfSDCA converges with rate e^{−θt} when
//
//	θ ≤ min_i p_i nλγ / (v_i + nλγ),
//
// where p_i = Prob(i ∈ Ŝ) and the v_i satisfy the ESO inequality
// E‖Σ_{i∈Ŝ} h_i x_i‖² ≤ Σ_i p_i v_i h_i² for all h; 1/θ is then the iteration
// complexity up to a logarithmic factor. Theta evaluates the bound, NiceV and
// BucketV give ESO parameters for τ-nice and bucket samplings,
// PracticalImportance and AlternatingImportance choose bucket probabilities
// (τ-importance sampling), and NewPlan bundles a sampler with its safe θ.
//
// All of it is O(nnz + d) per evaluation: nothing forms a dense matrix.
//
// Every product that is added is rounded with float64(…), so that no
// compiler fuses the two into an FMA (see package core).
package theory
