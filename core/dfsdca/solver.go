package dfsdca

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"time"

	"imlab/core/dataset"
	"imlab/core/internal/prefetch"
	"imlab/core/loss"
	"imlab/core/problem"
	"imlab/core/sampling"
	"imlab/core/sparse"
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
// of bookkeeping, and more workers than cores only add waits at barriers).
const MaxWorkers = 256

// Solver runs Algorithm 1 (dfSDCA) from α⁰ = 0, w⁰ = 0.
//
// A Solver is not safe for concurrent use.
type Solver struct {
	pr      *problem.Problem
	ds      *dataset.Dataset
	loss    loss.Loss
	sampler sampling.Sampler
	src     *rand.PCG  // the sampling stream
	rng     *rand.Rand // rand.New(src), for Sampler.Sample
	serial  bool       // the sampler is serial: draws through DrawSerial

	// Per-example coefficients precomputed in New: steps[2i] = θ/p_i for α
	// and steps[2i+1] = θ/(nλp_i) for w, side by side so that one cache
	// miss fetches both.
	steps []float64

	w, alpha []float64

	// Minibatches drawn ahead (see step): queue[ends[b−1]:ends[b]] is the
	// b-th, with ends[−1] read as 0; head is the index in ends of the next
	// one to process. sink keeps the loads that warm their memory alive
	// where there is no prefetch instruction (core/internal/prefetch).
	queue []int
	ends  []int
	head  int
	batch []int // scratch for Sampler.Sample
	sink  float64
	z     []float64 // x_iᵀw^(t−1) for each member of the batch
	coef  []float64 // −θΔ_i/(nλp_i): the multiple of x_i added to w

	ada *adaptation // nil unless the sampler is a sampling.Adaptive

	pool        *pool     // nil when sequential or closed
	workers     int       // the pool's parts (1 when sequential)
	parallelMin int       // least non-zeros in a minibatch worth splitting
	meanNNZ     float64   // expected non-zeros in a minibatch: Σ_i p_i |x_i|₀
	tuner       modeTuner // split a minibatch among the workers?
	rows        modeTuner // past the prefetch budget, prefetch a split minibatch's next rows whole?
	seqRows     modeTuner // and an unsplit one's (stepAlone)
	seqWhole    bool      // seqRows' latest choice
	rowsBudget  int       // the prefetch budget: wholeRowsBytes (lower in tests)

	iter    int
	elapsed time.Duration
	err     error // sticky ErrDiverged
}

// Splitting a minibatch among goroutines costs two barriers per iteration
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
	if err := pr.CheckData(); err != nil {
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
		pr:      pr,
		ds:      ds,
		loss:    pr.Loss,
		sampler: opt.Sampler,
		src:     sampling.NewSource(opt.Seed),
		steps:   make([]float64, 2*ds.N),
		w:       make([]float64, ds.D),
		alpha:   make([]float64, ds.N),
		batch:   make([]int, 0, tau),
		z:       make([]float64, tau),
		coef:    make([]float64, tau),
	}
	s.rng = rand.New(s.src)
	s.serial = sampling.DrawSerial(s.sampler, s.src, nil)
	for i, pi := range p {
		if !(pi > 0) || math.IsInf(pi, 0) {
			return nil, fmt.Errorf("%w: sampler %s gives example %d probability %v, want positive",
				ErrOptions, opt.Sampler, i, pi)
		}
		s.steps[2*i] = opt.Theta / pi
		s.steps[2*i+1] = opt.Theta / (n * pr.Lambda * pi)
		s.meanNNZ += float64(pi * float64(ds.RowPtr[i+1]-ds.RowPtr[i]))
	}
	s.ada = newAdaptation(s, opt)
	s.seqRows, s.rowsBudget = modeTuner{period: rowsExplorePeriod}, wholeRowsBytes
	s.startPool(opt.Workers)
	return s, nil
}

// startPool starts the pool of workers goroutines when workers > 1.
func (s *Solver) startPool(workers int) {
	s.workers = max(workers, 1)
	if workers <= 1 {
		return
	}
	s.pool = newPool(s, workers)
	// The pool must not reference s, so that an unclosed, unreachable
	// Solver still gets its goroutines stopped.
	runtime.AddCleanup(s, func(p *pool) { p.close() }, s.pool)
	s.parallelMin = max(parallelMinNNZ, parallelMinNNZPerFeat*s.ds.D)
	if runtime.GOMAXPROCS(0) < 2 {
		s.parallelMin = math.MaxInt // one thread: splitting cannot pay
	}
	s.tuner = modeTuner{always: s.tuner.always}
	s.rows = modeTuner{always: s.rows.always, period: rowsExplorePeriod}
}

// SetWorkers changes the number of goroutines sharing each minibatch, from
// the next Step on: a run may take cores that become free (core/paper gives
// a table's last runs those of the runs that ended). The iterates do not
// depend on it. It must not be called during Step; after Close it restarts
// the workers.
func (s *Solver) SetWorkers(workers int) error {
	if workers < 0 || workers > MaxWorkers {
		return fmt.Errorf("%w: %d workers, want 0 … %d", ErrOptions, workers, MaxWorkers)
	}
	if max(workers, 1) == s.workers && (s.pool != nil) == (workers > 1) {
		return nil
	}
	s.Close()
	s.startPool(workers)
	return nil
}

// Workers is the number of goroutines sharing each minibatch (1 when
// sequential).
func (s *Solver) Workers() int {
	if s.pool == nil {
		return 1
	}
	return s.workers
}

// Step runs k iterations of Algorithm 1. It returns ErrDiverged, and keeps
// returning it, once a margin x_iᵀw or an update becomes non-finite; the
// failing iteration's w update is not applied.
func (s *Solver) Step(k int) error {
	if s.err != nil {
		return s.err
	}
	start := time.Now()
	ok := false
	if s.ada != nil {
		ok = s.stepAdaptive(k)
	} else if s.serial && s.pool == nil {
		ok = s.stepSerial(k)
	} else {
		ok = s.step(k)
	}
	if !ok {
		s.err = ErrDiverged
	}
	s.elapsed += time.Since(start)
	return s.err
}

// step performs k iterations, or fewer if one becomes non-finite, which it
// then reports by returning false. With workers, the tuner decides, for at
// most tuneEvery iterations at a time, whether they are split among them
// (stepSplit) or run here.
func (s *Solver) step(k int) bool {
	if s.pool == nil || s.meanNNZ < float64(s.parallelMin) {
		return s.stepAlone(k)
	}
	for k > 0 {
		n := min(k, tuneEvery)
		if !s.stepTuned(n) {
			return false
		}
		k -= n
	}
	return true
}

// stepSequential performs k iterations on the calling goroutine, or fewer
// if one becomes non-finite, which it then reports by returning false.
// With count, it also returns the minibatches' non-zeros (for the tuner).
//
// An update is bound by memory latency, not arithmetic: the minibatch's rows
// and per-example state sit at random places, each a cache miss. So step
// draws minibatches ahead (in blocks, see draw) and, while working on one,
// prefetches the memory of the next two (core/internal/prefetch), letting
// those misses resolve while this update computes. Finding a row is itself
// a chain of misses (the sampler's table, then RowPtr, then the row), so
// the warming is staged: the minibatch two iterations ahead gets its row
// offsets and state prefetched, the one after this its rows. The sampler
// alone consumes the random stream, so the minibatches, and hence the
// iterates, are the same as when drawn one at a time.
//
// All of an iteration is inline in this one loop, calling only the
// kernels and updates: in WebAssembly a call costs more than the
// arithmetic of a short row.
func (s *Solver) stepSequential(k int, count bool) (ok bool, nnz int) {
	ds, w, alpha, y, steps := s.ds, s.w, s.alpha, s.ds.Y, s.steps
	rowPtr, col, val := ds.RowPtr, ds.Col, ds.Val
	for ; k > 0; k-- {
		if s.head+3 > len(s.ends) {
			s.draw()
		}
		lo := 0
		if s.head > 0 {
			lo = s.ends[s.head-1]
		}
		mid, next, last := s.ends[s.head], s.ends[s.head+1], s.ends[s.head+2]
		batch := s.queue[lo:mid]

		// Warm the rows of the next minibatch (whole while they fit in
		// the budget, past it whole or their first lines as seqRows
		// chose: see wholeRowsBytes) and the row offsets and state of
		// the one after.
		acc := 0.0
		whole := s.seqWhole || wholeRows(rowPtr, s.queue[mid:next], s.rowsBudget)
		for _, i := range s.queue[mid:next] {
			if whole {
				acc += prefetch.Row(rowPtr, col, val, i)
			} else if r := rowPtr[i]; r < len(val) {
				acc += prefetch.Float64(val, r)
			}
		}
		for _, i := range s.queue[next:last] {
			acc += prefetchState(rowPtr, alpha, steps, y, i)
		}
		s.sink += acc

		if len(batch) > len(s.z) { // a Sampler beyond its MaxSize
			s.z, s.coef = make([]float64, len(batch)), make([]float64, len(batch))
		}
		z, coef := s.z[:len(batch)], s.coef[:len(batch)]
		if count {
			nnz += s.nnz(batch)
		}

		// Every Δ_i of the minibatch uses w^(t−1): all margins come first.
		for k, i := range batch {
			lo, hi := rowPtr[i], rowPtr[i+1]
			z[k] = sparse.Dot(col[lo:hi], val[lo:hi], w)
		}
		nonFinite := updates(s.loss, batch, z, coef, alpha, y, steps, 0, len(batch))
		s.head++
		if nonFinite != 0 {
			return false, nnz
		}

		// w −= Σ θΔ_i/(nλp_i) x_i, in minibatch order.
		for k, i := range batch {
			lo, hi := rowPtr[i], rowPtr[i+1]
			sparse.Axpy(coef[k], col[lo:hi], val[lo:hi], w)
		}
		s.iter++
	}
	return true, nnz
}

// updates computes, for the members k = from, …, to−1 of the minibatch
// with margins z, Δ_i = φ_i'(z_k) + α_i, the new α_i −= θΔ_i/p_i
// and coef[k] = −θΔ_i/(nλp_i), the multiple of x_i added to w. It returns
// the sum of z·0 and coef·0 over them, which is NaN exactly when some
// margin or update is non-finite. The loss derivative is called by the
// loss's concrete type, which the compiler inlines, rather than through
// the interface.
func updates(l loss.Loss, batch []int, z, coef, alpha, y, steps []float64, from, to int) float64 {
	nonFinite := 0.0
	for k := from; k < to; k++ {
		i := batch[k]
		var g float64
		switch l := l.(type) {
		case loss.Logistic:
			g = l.Deriv(z[k], y[i])
		case loss.Square:
			g = l.Deriv(z[k], y[i])
		case loss.SmoothHinge:
			g = l.Deriv(z[k], y[i])
		default:
			g = l.Deriv(z[k], y[i])
		}
		step := steps[2*i : 2*i+2 : 2*i+2]
		delta := g + alpha[i]
		alpha[i] -= float64(step[0] * delta)
		c := -step[1] * delta
		coef[k] = c
		nonFinite += float64(z[k]*0) + float64(c*0)
	}
	return nonFinite
}

// prefetchState prefetches example i's row offset and state (α_i, its
// steps, y_i) for an iteration ahead; it returns what the fallback loaded
// (core/internal/prefetch), for the caller's sink. It inlines: the loops
// call only kernels (see stepSequential).
func prefetchState(rowPtr []int, alpha, steps, y []float64, i int) float64 {
	return prefetch.Int(rowPtr, i) + prefetch.Float64(alpha, i) + prefetch.Float64(steps, 2*i) + prefetch.Float64(y, i)
}

// stepSerial is step for a serial sampler (minibatches of one example)
// without workers: the same iterations, warming and draws, with the
// minibatch bookkeeping dropped. The queue then holds one example per
// minibatch, so minibatch h is queue[h] (draw keeps ends[h] = h+1).
func (s *Solver) stepSerial(k int) bool {
	ds, w, alpha, y, steps := s.ds, s.w, s.alpha, s.ds.Y, s.steps
	rowPtr, col, val := ds.RowPtr, ds.Col, ds.Val
	l := s.loss
	for ; k > 0; k-- {
		if s.head+3 > len(s.queue) {
			s.draw() // as step does: when it draws is part of the stream's bits
		}
		ahead := s.queue[s.head:]
		i := ahead[0]

		// Warm a row and a row offset and state some visits ahead, where
		// the queue has them (not in the last few of a block).
		acc := 0.0
		if len(ahead) > prefetch.StateAhead {
			acc = prefetch.Row(rowPtr, col, val, ahead[prefetch.RowAhead])
			acc += prefetchState(rowPtr, alpha, steps, y, ahead[prefetch.StateAhead])
		}
		s.sink += acc

		lo, hi := rowPtr[i], rowPtr[i+1]
		z := sparse.Dot(col[lo:hi], val[lo:hi], w)
		var g float64
		switch l := l.(type) {
		case loss.Logistic:
			g = l.Deriv(z, y[i])
		case loss.Square:
			g = l.Deriv(z, y[i])
		case loss.SmoothHinge:
			g = l.Deriv(z, y[i])
		default:
			g = l.Deriv(z, y[i])
		}
		step := steps[2*i : 2*i+2 : 2*i+2]
		delta := g + alpha[i]
		alpha[i] -= float64(step[0] * delta)
		c := -step[1] * delta
		s.head++
		if float64(z*0)+float64(c*0) != 0 {
			return false
		}
		sparse.Axpy(c, col[lo:hi], val[lo:hi], w)
		s.iter++
	}
	return true
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
