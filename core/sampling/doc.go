// Package sampling draws the random minibatches S_t of dfSDCA.
//
// A Sampler knows its marginal probabilities p_i = Prob(i ∈ Ŝ), which the
// algorithm and the step-size theory need, and draws a minibatch in time
// independent of n once set up: serial samplings (NewUniform, NewSerial) draw
// one example, τ-nice sampling (NewNice) draws τ distinct examples uniformly
// with Floyd's algorithm, and bucket sampling (NewBucket) draws one example
// from each bucket B_l of a Partition. Non-uniform draws use Walker–Vose alias
// tables, so every draw is O(1) per example whatever the distribution.
//
// dfSDCA divides by p_i, so every example must have p_i > 0: the constructors
// reject zero, negative or non-finite probabilities rather than drop examples.
// Probabilities must sum to one (within each bucket for bucket sampling) up to
// a rounding tolerance of 1e−9 per entry; they are then renormalised exactly,
// and Probabilities reports the normalised values that Sample realises.
//
// Sample appends into the caller's slice and does not allocate once that
// slice has capacity MaxSize. Samplers are deterministic given the *rand.Rand
// (use NewRand(seed)) and are not safe for concurrent use.
package sampling
