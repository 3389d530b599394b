package sampling

import "math/rand/v2"

// Sampler is a random set-valued map Ŝ with values in {0, …, n−1}.
//
// Samplers are not safe for concurrent use: each owns scratch space.
type Sampler interface {
	// Sample draws one minibatch using r, writes its distinct example
	// indices to dst[:0] and returns the result.
	Sample(r *rand.Rand, dst []int) []int
	// Probabilities returns p_i = Prob(i ∈ Ŝ) for every example. The slice
	// belongs to the sampler and must not be modified.
	Probabilities() []float64
	// MaxSize is the largest minibatch Sample can return (τ).
	MaxSize() int
	// String names the sampling for traces and tables.
	String() string
}

// NewRand returns the generator imlab uses everywhere: PCG seeded from seed,
// so a seed gives the same stream on every platform, native or wasm.
func NewRand(seed uint64) *rand.Rand {
	return rand.New(NewSource(seed))
}

// NewSource returns the PCG source behind NewRand(seed). A caller that
// keeps both src and rand.New(src) draws from one stream through either:
// DrawSerial uses src directly, without rand.Rand's interface call.
func NewSource(seed uint64) *rand.PCG {
	return rand.NewPCG(seed, 0x9e3779b97f4a7c15)
}
