package dfsdca

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"time"

	"imlab/core/dataset"
	"imlab/core/loss"
	"imlab/core/problem"
	"imlab/core/sampling"
)

// Errors returned by the solver.
var (
	// ErrDiverged reports that an iterate became non-finite, which happens
	// when θ is larger than the theory allows.
	ErrDiverged = errors.New("dfsdca: diverged (non-finite iterate; step size θ too large?)")
	// ErrOptions reports invalid solver options or stopping rules.
	ErrOptions = errors.New("dfsdca: invalid options")
)

// Options configures a Solver.
type Options struct {
	// Sampler draws the minibatches S_t; its probabilities p_i must all be
	// positive. The solver owns it while running (samplers are not safe for
	// concurrent use).
	Sampler sampling.Sampler
	// Theta is the step size θ > 0 (see theory.NewPlan for safe values).
	Theta float64
	// Workers is the number of goroutines sharing the work of one
	// minibatch; 0 or 1 runs sequentially. The iterates are bit-identical
	// for every worker count.
	Workers int
	// Seed seeds the sampling stream (sampling.NewRand).
	Seed uint64
}

// MaxWorkers bounds Options.Workers (each worker costs 4 bytes per example
// of bookkeeping, and more workers than cores only add hand-offs).
const MaxWorkers = 256

// Solver runs Algorithm 1 (dfSDCA) from α⁰ = 0, w⁰ = 0.
//
// A Solver is not safe for concurrent use.
type Solver struct {
	pr      *problem.Problem
	ds      *dataset.Dataset
	loss    loss.Loss
	sampler sampling.Sampler
	rng     *rand.Rand

	// Per-example coefficients precomputed in New: steps[2i] = θ/p_i for α
	// and steps[2i+1] = θ/(nλp_i) for w, side by side so that one cache
	// miss fetches both.
	steps []float64

	w, alpha []float64

	// Per-iteration scratch, sized to the largest minibatch. ahead[0] and
	// ahead[1] are the minibatches of the next two iterations, drawn ahead
	// (see iterate); sink keeps the loads that warm their memory alive.
	batch []int
	ahead [2][]int
	drawn bool
	sink  float64
	z     []float64 // x_iᵀw^(t−1) for each member of the batch
	coef  []float64 // −θΔ_i/(nλp_i): the multiple of x_i added to w

	pool        *pool // nil when sequential or closed
	parallelMin int   // least non-zeros in a minibatch worth splitting
	tuner       splitTuner

	iter    int
	elapsed time.Duration
	err     error // sticky ErrDiverged
}

// Splitting a minibatch among goroutines costs two hand-offs per iteration
// and moves the parts of w each goroutine wrote into the other's cache,
// which for a d-feature model is up to d/8 cache lines. It pays only for
// minibatches with many non-zeros per feature: on the 2-core test machine
// τ = 32 over a dense d = 1,000 model (25,600 non-zeros per minibatch) ran
// faster with 2 workers, and over a sparse d = 10,000 one (6,400) slower.
const (
	parallelMinNNZ        = 4096 // least non-zeros in a split minibatch
	parallelMinNNZPerFeat = 8    // and least non-zeros per feature of w
)

// New checks the options and returns a solver at t = 0 (α = 0, w = 0).
// When opt.Workers > 1 it starts worker goroutines that Close stops.
func New(pr *problem.Problem, opt Options) (*Solver, error) {
	if pr == nil || pr.Data == nil {
		return nil, fmt.Errorf("%w: nil problem or data set", ErrOptions)
	}
	if pr.Loss == nil {
		return nil, fmt.Errorf("%w: nil loss", ErrOptions)
	}
	if !(pr.Lambda > 0) || math.IsInf(pr.Lambda, 0) {
		return nil, fmt.Errorf("%w: λ = %v, want positive and finite", ErrOptions, pr.Lambda)
	}
	ds := pr.Data
	if err := ds.Validate(); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrOptions, err)
	}
	if opt.Sampler == nil {
		return nil, fmt.Errorf("%w: nil sampler", ErrOptions)
	}
	if !(opt.Theta > 0) || math.IsInf(opt.Theta, 0) {
		return nil, fmt.Errorf("%w: step size θ = %v, want positive and finite", ErrOptions, opt.Theta)
	}
	if opt.Workers < 0 || opt.Workers > MaxWorkers {
		return nil, fmt.Errorf("%w: %d workers, want 0 … %d", ErrOptions, opt.Workers, MaxWorkers)
	}
	p := opt.Sampler.Probabilities()
	if len(p) != ds.N {
		return nil, fmt.Errorf("%w: sampler %s is over %d examples, data set has %d",
			ErrOptions, opt.Sampler, len(p), ds.N)
	}
	tau := opt.Sampler.MaxSize()
	if tau < 1 {
		return nil, fmt.Errorf("%w: sampler %s has minibatch size %d", ErrOptions, opt.Sampler, tau)
	}
	n := float64(ds.N)
	s := &Solver{
		pr:          pr,
		ds:          ds,
		loss:        pr.Loss,
		sampler:     opt.Sampler,
		rng:         sampling.NewRand(opt.Seed),
		steps:       make([]float64, 2*ds.N),
		w:           make([]float64, ds.D),
		alpha:       make([]float64, ds.N),
		batch:       make([]int, 0, tau),
		ahead:       [2][]int{make([]int, 0, tau), make([]int, 0, tau)},
		z:           make([]float64, tau),
		coef:        make([]float64, tau),
		parallelMin: max(parallelMinNNZ, parallelMinNNZPerFeat*ds.D),
	}
	for i, pi := range p {
		if !(pi > 0) || math.IsInf(pi, 0) {
			return nil, fmt.Errorf("%w: sampler %s gives example %d probability %v, want positive",
				ErrOptions, opt.Sampler, i, pi)
		}
		s.steps[2*i] = opt.Theta / pi
		s.steps[2*i+1] = opt.Theta / (n * pr.Lambda * pi)
	}
	if opt.Workers > 1 {
		s.pool = newPool(ds, s.w, opt.Workers)
		// The pool must not reference s, so that an unclosed, unreachable
		// Solver still gets its goroutines stopped.
		runtime.AddCleanup(s, func(p *pool) { p.close() }, s.pool)
		if runtime.GOMAXPROCS(0) < 2 {
			s.parallelMin = math.MaxInt // one thread: splitting cannot pay
		}
	}
	return s, nil
}

// Step runs k iterations of Algorithm 1. It returns ErrDiverged, and keeps
// returning it, once a margin x_iᵀw or an update becomes non-finite; the
// failing iteration's w update is not applied.
func (s *Solver) Step(k int) error {
	if s.err != nil {
		return s.err
	}
	start := time.Now()
	for ; k > 0; k-- {
		if !s.iterate() {
			s.err = ErrDiverged
			break
		}
		s.iter++
	}
	s.elapsed += time.Since(start)
	return s.err
}

// iterate performs one iteration and reports whether it stayed finite.
//
// An update is bound by memory latency, not arithmetic: the minibatch's rows
// and per-example state sit at random places, each a cache miss. So iterate
// draws the next minibatch before working on this one and touches its
// memory, letting those misses resolve while this update computes. Finding
// a row is itself a chain of misses (the sampler's table, then RowPtr, then
// the row), so the warming is staged: the minibatch two iterations ahead
// gets its row offsets and state warmed, the one after this its rows. The
// sampler alone consumes the random stream, so the minibatches, and hence
// the iterates, are the same as when drawn one at a time.
func (s *Solver) iterate() bool {
	if !s.drawn {
		s.ahead[0] = s.sampler.Sample(s.rng, s.ahead[0][:0])
		s.ahead[1] = s.sampler.Sample(s.rng, s.ahead[1][:0])
		s.drawn = true
	}
	// Rotate: this iteration's batch ← ahead[0] ← ahead[1] ← a new draw.
	s.batch, s.ahead[0], s.ahead[1] = s.ahead[0], s.ahead[1], s.batch
	s.ahead[1] = s.sampler.Sample(s.rng, s.ahead[1][:0])
	s.warm(s.ahead[0], s.ahead[1])
	batch := s.batch
	if len(batch) > len(s.z) {
		s.z = make([]float64, len(batch))
		s.coef = make([]float64, len(batch))
	}
	z, coef := s.z[:len(batch)], s.coef[:len(batch)]
	ds := s.ds
	split, timed := false, false
	var nnz int
	var start time.Time
	if s.pool != nil {
		if nnz = s.nnz(batch); nnz >= s.parallelMin {
			split = s.tuner.choose()
			if timed = !s.tuner.always; timed {
				start = time.Now()
			}
		}
	}

	// Every Δ_i of the minibatch uses w^(t−1): all margins come first.
	if split {
		s.pool.run(phaseDots, batch, z, coef)
	} else {
		for k, i := range batch {
			lo, hi := ds.RowPtr[i], ds.RowPtr[i+1]
			z[k] = dot(ds.Col[lo:hi], ds.Val[lo:hi], s.w)
		}
	}

	// Δ_i = φ_i'(x_iᵀw) + α_i; α_i −= θΔ_i/p_i. The sum of z·0 and c·0 is
	// NaN exactly when some margin or update is non-finite.
	y, alpha := ds.Y, s.alpha
	nonFinite := 0.0
	for k, i := range batch {
		step := s.steps[2*i : 2*i+2 : 2*i+2]
		delta := s.loss.Deriv(z[k], y[i]) + alpha[i]
		alpha[i] -= step[0] * delta
		c := -step[1] * delta
		coef[k] = c
		nonFinite += z[k]*0 + c*0
	}
	if nonFinite != 0 {
		return false
	}

	// w −= Σ θΔ_i/(nλp_i) x_i, in minibatch order.
	if split {
		s.pool.run(phaseAxpy, batch, z, coef)
	} else {
		for k, i := range batch {
			lo, hi := ds.RowPtr[i], ds.RowPtr[i+1]
			axpy(coef[k], ds.Col[lo:hi], ds.Val[lo:hi], s.w)
		}
	}
	if timed {
		s.tuner.record(split, time.Since(start), nnz)
	}
	return true
}

// warm loads the first cache line of each row of soon (whose row offsets
// an earlier warm loaded) and the row offsets and state of the examples of
// later, so that both are in cache by the time they are processed.
func (s *Solver) warm(soon, later []int) {
	ds := s.ds
	acc := 0.0
	for _, i := range soon {
		if lo := ds.RowPtr[i]; lo < len(ds.Val) {
			acc += ds.Val[lo] + float64(ds.Col[lo])
		}
	}
	for _, i := range later {
		acc += float64(ds.RowPtr[i]) + s.alpha[i] + s.steps[2*i] + ds.Y[i]
	}
	s.sink += acc
}

// nnz is the number of non-zeros in the minibatch.
func (s *Solver) nnz(batch []int) int {
	nnz := 0
	for _, i := range batch {
		nnz += s.ds.RowPtr[i+1] - s.ds.RowPtr[i]
	}
	return nnz
}

// Iter is the number of iterations t done so far.
func (s *Solver) Iter() int { return s.iter }

// IterPerN is t/n, the paper's horizontal axis (effective passes / τ).
func (s *Solver) IterPerN() float64 { return float64(s.iter) / float64(s.ds.N) }

// W returns the primal iterate w^(t). The slice is the solver's own: it
// changes with Step and must not be modified.
func (s *Solver) W() []float64 { return s.w }

// Alpha returns the dual-like variables α^(t). The slice is the solver's
// own: it changes with Step and must not be modified.
func (s *Solver) Alpha() []float64 { return s.alpha }

// Problem returns the problem being solved.
func (s *Solver) Problem() *problem.Problem { return s.pr }

// Elapsed is the wall time spent inside Step.
func (s *Solver) Elapsed() time.Duration { return s.elapsed }

// Close stops the worker goroutines; the solver keeps working sequentially
// (with the same iterates). Close is idempotent.
func (s *Solver) Close() {
	if s.pool != nil {
		s.pool.close()
		s.pool = nil
	}
}
