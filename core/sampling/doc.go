// Package sampling draws the random minibatches S_t of dfSDCA.
//
// A Sampler knows its marginal probabilities p_i = Prob(i ∈ Ŝ), which the
// algorithm and the step-size theory need, and draws a minibatch in time
// independent of n once set up (alias tables, partial Fisher–Yates).
package sampling
