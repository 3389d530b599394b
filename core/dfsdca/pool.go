package dfsdca

import (
	"runtime"
	"sort"
	"sync"
	"sync/atomic"

	"imlab/core/dataset"
	"imlab/core/internal/prefetch"
	"imlab/core/loss"
	"imlab/core/sparse"
)

// pool shares the iterations of a Solver among parts participants: the
// calling goroutine (part 0) and parts−1 persistent helper goroutines.
//
// The participants run a session of iterations together (session), each
// iteration in two phases separated by barriers:
//
//   - margins and updates, split by example: each part takes a contiguous
//     range of the minibatch's members (part 0's sized by leadBalancer,
//     the others' equal), computes z_k = x_iᵀw, Δ_i, the new α_i and the
//     coefficient of x_i in the w update. Each is the arithmetic of the
//     sequential code on the same numbers, so it gives the same bits.
//   - the w update, split by feature: part p owns features [bound_p,
//     bound_(p+1)) and applies every example's update restricted to them,
//     in minibatch order, so every coordinate receives the same additions
//     in the same order as sequentially.
//
// Hence the iterates are bit-identical for any number of parts. Nothing
// serial remains between the phases: part 0 draws the next minibatch while
// it takes its share of the margins, and in the w update every part
// prefetches the rows of the next minibatch whose margins it will compute
// (whole while they fit beside the rows it updates from: wholeRows), so
// that their memory arrives while it works.
//
// A barrier is one flag per part that its owner alone writes (no
// read-modify-write on a shared line): a part stores the barrier's number
// and polls the others' flags. Waits spin briefly before parking on a
// channel: a phase lasts microseconds, and waking a parked goroutine
// through the scheduler costs about as much.
type pool struct {
	ds                 *dataset.Dataset
	w, alpha, steps, y []float64
	loss               loss.Loss
	parts              int
	// cuts[i*(parts−1)+p−1] is the offset within row i of its first entry
	// owned by part p (p = 1 … parts−1); part 0 starts at 0.
	cuts  []int32
	spins bool // wait by polling before parking (not on a single thread)
	yield bool // more parts than threads: let a waiting part run while polling

	// The current session, written by part 0 before it bumps seq.
	iters int         // iterations in the session
	bufs  [2][]int    // the minibatch of iteration t is bufs[t%2]
	solo  [2]bool     // iteration t's minibatch is part 0's alone (see session)
	lead  [2]int      // part 0's members of iteration t's minibatch (members)
	z     []float64   // margins of the current minibatch
	coef  []float64   // −θΔ_i/(nλp_i) of the current minibatch
	bad   atomic.Bool // a margin or update became non-finite
	done  int         // iterations completed, for part 0

	balance leadBalancer // sizes lead, on part 0

	// The prefetch of the next rows in the w update: whole while a part's
	// rows of the next minibatch fit in wholeBytes (the Solver's
	// rowsBudget), and past it whole too in a session with wholeAlways,
	// else their first lines (the Solver's rows tuner chooses).
	wholeBytes  int
	wholeAlways bool

	// seen[i] == stamp: example i is in the minibatch being loaded (distinct).
	seen  []uint32
	stamp uint32

	seq      atomic.Uint64 // bumped to start a session (or to quit)
	quit     atomic.Bool
	flags    []paddedFlag // flags[p]: the barriers part p has reached (only p writes it)
	sleepers atomic.Int32 // parts parked at a barrier
	helpers  []sleeper    // parts 1 …; the caller's is self
	self     sleeper

	exit sync.WaitGroup
	once sync.Once
}

// newPool starts parts−1 helpers over s's data and state, with feature
// ranges that hold equal shares of the data set's non-zeros.
func newPool(s *Solver, parts int) *pool {
	ds := s.ds
	p := &pool{ds: ds, w: s.w, alpha: s.alpha, steps: s.steps, y: ds.Y, loss: s.loss, parts: parts,
		flags: make([]paddedFlag, parts), wholeBytes: s.rowsBudget}
	if procs := runtime.GOMAXPROCS(0); procs > 1 {
		p.spins = true
		p.yield = parts > procs
	}
	bounds := featureBounds(ds, parts)
	inner := parts - 1
	p.cuts = make([]int32, ds.N*inner)
	for i := 0; i < ds.N; i++ {
		idx, _ := ds.Row(i)
		for q := 1; q < parts; q++ {
			b := bounds[q]
			p.cuts[i*inner+q-1] = int32(sort.Search(len(idx), func(k int) bool { return int(idx[k]) >= b }))
		}
	}
	p.self.wake = make(chan struct{}, 1)
	p.helpers = make([]sleeper, inner)
	p.exit.Add(inner)
	for h := range p.helpers {
		p.helpers[h].wake = make(chan struct{}, 1)
		go p.helper(h + 1)
	}
	return p
}

// featureBounds splits [0, d) into parts contiguous ranges with about equal
// numbers of non-zeros; bounds[0] = 0 and bounds[parts] = d. When every part
// has some 64 features or more, the bounds are rounded to multiples of 8, a
// cache line of w, so that no two parts write the same line.
func featureBounds(ds *dataset.Dataset, parts int) []int {
	bounds := make([]int, parts+1)
	bounds[parts] = ds.D
	total := ds.NNZ()
	cum, q := 0, 1
	for j, c := range ds.FeatureCounts() {
		for q < parts && cum*parts >= q*total {
			bounds[q] = j
			q++
		}
		cum += c
	}
	for ; q < parts; q++ {
		bounds[q] = ds.D
	}
	if ds.D >= 64*parts {
		for q := 1; q < parts; q++ {
			bounds[q] = min(max((bounds[q]+4)/8*8, bounds[q-1]), ds.D)
		}
	}
	return bounds
}

// helper runs sessions as part until the pool quits.
func (p *pool) helper(part int) {
	defer p.exit.Done()
	me := &p.helpers[part-1]
	var seen uint64
	for {
		p.await(me, func() bool { return p.seq.Load() != seen })
		seen = p.seq.Load()
		if p.quit.Load() {
			return
		}
		p.iterate(part, nil)
	}
}

// session runs up to iters iterations on all parts, the first on batch;
// next returns each further minibatch (part 0 calls it during the
// iteration before, never for more than iters in all). It returns the
// number of iterations done, which is less than iters only when an
// iteration became non-finite (that iteration's α updates are applied, its
// w update is not, as sequentially), and the non-zeros of the minibatches.
//
// smallNNZ is the least number of non-zeros of a minibatch worth splitting:
// smaller ones, and any with a repeated example or more members than z
// holds, run on part 0 alone within the session. wholeAlways has the parts
// prefetch the next rows whole even past the budget (wholeRows).
func (p *pool) session(iters int, batch []int, next func() []int, z, coef []float64, smallNNZ int, wholeAlways bool) (done, nnz int) {
	p.iters, p.z, p.coef, p.done, p.wholeAlways = iters, z, coef, 0, wholeAlways
	p.bad.Store(false)
	nnz = p.load(0, batch, smallNNZ)
	p.seq.Add(1)
	for h := range p.helpers {
		p.helpers[h].wakeUp()
	}
	nnz += p.iterate(0, func(t int) int { return p.load(t, next(), smallNNZ) })
	return p.done, nnz
}

// load copies the minibatch of iteration t into its buffer, decides whether
// it runs on part 0 alone, and returns its non-zeros.
func (p *pool) load(t int, batch []int, smallNNZ int) int {
	buf := append(p.bufs[t%2][:0], batch...)
	p.bufs[t%2] = buf
	nnz := 0
	for _, i := range buf {
		nnz += p.ds.RowPtr[i+1] - p.ds.RowPtr[i]
	}
	p.solo[t%2] = nnz < smallNNZ || len(buf) > len(p.z) || !p.distinct(buf)
	p.lead[t%2] = p.balance.lead(len(buf), p.parts)
	return nnz
}

// distinct reports whether batch lists every example once. A repeated
// example's Δs depend on each other through α_i and must be computed in
// order, on one part. Samplers promise distinct examples (sampling.Sampler),
// so this guards against one that breaks the promise. It stamps each
// member's slot, O(τ), rather than compare pairs, O(τ²), on part 0's share
// of the margins, which the other parts wait for (a bucket sampler's
// members are not in increasing order: 32,640 pairs at τ = 256).
func (p *pool) distinct(batch []int) bool {
	if p.seen == nil {
		p.seen = make([]uint32, p.ds.N)
	}
	if p.stamp++; p.stamp == 0 { // wrapped: no slot may hold a live stamp
		clear(p.seen)
		p.stamp = 1
	}
	for _, i := range batch {
		if p.seen[i] == p.stamp {
			return false
		}
		p.seen[i] = p.stamp
	}
	return true
}

// iterate runs part's share of the session's iterations. For part 0, load
// loads the minibatch of iteration t and returns its non-zeros; iterate
// returns their sum.
func (p *pool) iterate(part int, load func(t int) int) (nnz int) {
	ds := p.ds
	rowPtr, col, val := ds.RowPtr, ds.Col, ds.Val
	// Read once: part 0 may set up the next session while this part
	// leaves the last barrier of this one.
	iters := p.iters
	for t := 0; t < iters; t++ {
		batch, solo := p.bufs[t%2], p.solo[t%2]

		// Margins and updates of this part's members, whose rows the
		// previous iteration prefetched (except in a session's first).
		switch {
		case !solo:
			z, coef := p.z[:len(batch)], p.coef[:len(batch)]
			from, to := members(part, p.parts, len(batch), p.lead[t%2])
			for k := from; k < to; k++ {
				if t == 0 && k+1 < to {
					prefetch.Row(rowPtr, col, val, batch[k+1])
				}
				i := batch[k]
				lo, hi := rowPtr[i], rowPtr[i+1]
				z[k] = sparse.Dot(col[lo:hi], val[lo:hi], p.w)
			}
			if updates(p.loss, batch, z, coef, p.alpha, p.y, p.steps, from, to) != 0 {
				p.bad.Store(true)
			}
		case part == 0:
			if !soloIteration(p, batch) {
				p.bad.Store(true)
			}
		}
		if part == 0 && t+1 < iters {
			nnz += load(t + 1)
		}
		if last := p.arrive(part); part == 0 && !solo {
			p.balance.observe(last, p.parts, len(p.z))
		}
		if p.bad.Load() {
			return nnz // every part sees it after the same barrier
		}

		// The w update, restricted to this part's features, prefetching
		// this part's rows of the next minibatch, one per row (see
		// wholeRows). (Prefetching the pieces of the rows that the other
		// parts' margins brought into their caches, a few rows ahead, made
		// a 2-core run slower.)
		if !solo {
			var ahead []int
			if t+1 < iters && !p.solo[(t+1)%2] {
				from, to := members(part, p.parts, len(p.bufs[(t+1)%2]), p.lead[(t+1)%2])
				ahead = p.bufs[(t+1)%2][from:to]
			}
			whole, sink := p.wholeAlways || wholeRows(rowPtr, ahead, p.wholeBytes), 0.0
			coef := p.coef[:len(batch)]
			for k, i := range batch {
				if k < len(ahead) {
					if whole {
						prefetch.Row(rowPtr, col, val, ahead[k])
					} else if r := rowPtr[ahead[k]]; r < len(val) {
						sink += prefetch.Float64(val, r) // the row's first line
					}
				}
				lo, hi := p.segment(part, i)
				sparse.Axpy(coef[k], col[lo:hi], val[lo:hi], p.w)
			}
			p.flags[part].sink += sink
		}
		if part == 0 {
			p.done++
		}
		p.arrive(part)
	}
	return nnz
}

// wholeRowsBytes bounds the bytes of the next minibatch's rows a part
// prefetches whole in the w update (and an unsplit iteration, in
// stepSequential), unless the Solver's rows tuners find whole rows faster
// past it too. They join, in its core's L2 cache, its segments of this
// minibatch's rows, which the update is reading. Which is
// faster past about L2 in all depends on the machine (dense rows of 800
// non-zeros, 9.6 kB, BenchmarkWorkers on 2 workers): on the 2-vCPU Intel VM
// of 2026-12-02 (2 MiB of L2 a core) whole rows made a part's epoch 4%
// faster at τ = 64 (32 rows a part, 307 kB) but 10% slower at τ = 128 and
// 25% slower at τ = 256 than each row's first line alone; on an AMD EPYC VM
// the same day (1 MiB of L2 a core, 32 MiB of L3) whole rows were 17%
// faster at τ = 64, 17% at 128 and 20% at 256.
const wholeRowsBytes = 512 << 10

// wholeRows reports whether the rows ahead fit in budget bytes
// (fitsBudget): then the update prefetches them whole, else (unless tuned
// otherwise) each one's first line.
func wholeRows(rowPtr []int, ahead []int, budget int) bool {
	nnz := 0
	for _, i := range ahead {
		nnz += rowPtr[i+1] - rowPtr[i]
	}
	return fitsBudget(float64(nnz), budget)
}

// fitsBudget reports whether rows of nnz non-zeros, 12 bytes each (an
// index and a value), fit in budget bytes.
func fitsBudget(nnz float64, budget int) bool { return 12*nnz <= float64(budget) }

// pastBudget reports whether a part's rows of a minibatch of meanNNZ
// non-zeros on average exceed the prefetch budget, so that the rows tuner
// has a choice to make.
func (p *pool) pastBudget(meanNNZ float64) bool {
	return !fitsBudget(meanNNZ/float64(p.parts), p.wholeBytes)
}

// segment returns the bounds in Col and Val of the piece of row i that
// part owns: the entries of its features.
func (p *pool) segment(part, i int) (lo, hi int) {
	inner := p.parts - 1
	row := p.ds.RowPtr[i]
	lo, hi = row, p.ds.RowPtr[i+1]
	if part > 0 {
		lo = row + int(p.cuts[i*inner+part-1])
	}
	if part < inner {
		hi = row + int(p.cuts[i*inner+part])
	}
	return lo, hi
}

// soloIteration runs a whole iteration on the calling part, sequentially;
// it reports false, without updating w, if it became non-finite.
func soloIteration(p *pool, batch []int) bool {
	ds := p.ds
	z, coef := p.z, p.coef
	if len(batch) > len(z) {
		z, coef = make([]float64, len(batch)), make([]float64, len(batch))
	}
	z, coef = z[:len(batch)], coef[:len(batch)]
	for k, i := range batch {
		lo, hi := ds.RowPtr[i], ds.RowPtr[i+1]
		z[k] = sparse.Dot(ds.Col[lo:hi], ds.Val[lo:hi], p.w)
	}
	if updates(p.loss, batch, z, coef, p.alpha, p.y, p.steps, 0, len(batch)) != 0 {
		return false
	}
	for k, i := range batch {
		lo, hi := ds.RowPtr[i], ds.RowPtr[i+1]
		sparse.Axpy(coef[k], ds.Col[lo:hi], ds.Val[lo:hi], p.w)
	}
	return true
}

// close stops the helpers and waits for them to exit; it is idempotent.
func (p *pool) close() {
	p.once.Do(func() {
		p.quit.Store(true)
		p.seq.Add(1)
		for h := range p.helpers {
			p.helpers[h].wakeUp()
		}
		p.exit.Wait()
	})
}
