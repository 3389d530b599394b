package method

import (
	"math/rand/v2"
	"time"

	"imlab/core/problem"
	"imlab/core/sampling"
)

// Base is the bookkeeping every solver shares: the setup, the sampling
// stream, the minibatch scratch, the iteration and evaluation counts, the
// wall time and the sticky divergence error. Solvers embed it and get Iter,
// Evals, BatchSize, Problem, Setup and Elapsed from it.
type Base struct {
	setup Setup
	rng   *rand.Rand
	batch []int

	iter    int
	evals   int64
	elapsed time.Duration
	err     error
}

// NewBase returns the bookkeeping for s with the sampling stream
// sampling.NewRand(seed).
func NewBase(s Setup, seed uint64) Base {
	return Base{setup: s, rng: sampling.NewRand(seed), batch: make([]int, 0, s.Sampler.MaxSize())}
}

// Draw samples the next minibatch. The slice is reused by the next Draw.
func (b *Base) Draw() []int {
	b.batch = b.setup.Sampler.Sample(b.rng, b.batch[:0])
	return b.batch
}

// Rand is the sampling stream, for a method's other random choices (drawn
// after the minibatch of the same iteration, so that traces stay a function
// of the seed).
func (b *Base) Rand() *rand.Rand { return b.rng }

// Count adds k example evaluations.
func (b *Base) Count(k int) { b.evals += int64(k) }

// Iterate runs k iterations of one, a method's iteration, which reports
// whether the iterates stayed finite. It returns ErrDiverged, and keeps
// returning it, once one has not; that iteration is not counted.
func (b *Base) Iterate(k int, one func() bool) error {
	if b.err != nil {
		return b.err
	}
	start := time.Now()
	for ; k > 0; k-- {
		if !one() {
			b.err = ErrDiverged
			break
		}
		b.iter++
	}
	b.elapsed += time.Since(start)
	return b.err
}

// Iter is the number of iterations done so far.
func (b *Base) Iter() int { return b.iter }

// Evals is the number of example evaluations done so far.
func (b *Base) Evals() int64 { return b.evals }

// BatchSize is the sampler's minibatch size τ.
func (b *Base) BatchSize() int { return b.setup.Sampler.MaxSize() }

// Problem is the problem being solved.
func (b *Base) Problem() *problem.Problem { return b.setup.Problem }

// Setup is the setup the solver was built with.
func (b *Base) Setup() Setup { return b.setup }

// Elapsed is the wall time spent inside Iterate.
func (b *Base) Elapsed() time.Duration { return b.elapsed }
