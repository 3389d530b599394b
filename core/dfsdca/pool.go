package dfsdca

import (
	"runtime"
	"sort"
	"sync"
	"sync/atomic"

	"imlab/core/dataset"
	"imlab/core/sparse"
)

// phase is one of the two parallel steps of an iteration.
type phase int

const (
	phaseDots phase = iota // margins z_k = x_iᵀw, split by example
	phaseAxpy              // w += Σ_k coef_k x_i, split by feature
)

// pool shares the work of one minibatch among parts participants: the
// calling goroutine (part 0) and parts−1 persistent helper goroutines.
//
// Margins are split by example; each is one dot computed by one participant,
// so it is the same number as in the sequential code. The w update is split
// by feature: participant p owns features [bound_p, bound_(p+1)) and applies
// every example's update restricted to them, in minibatch order, so every
// coordinate receives the same additions in the same order as sequentially.
// Hence the iterates are bit-identical for any number of parts.
//
// Hand-offs spin briefly on atomics before parking on a channel: a phase
// lasts microseconds, and waking a parked goroutine through the scheduler
// costs about as much (it is queued on the waker's P, and other Ps wait
// before stealing it), which would erase the gain.
type pool struct {
	ds    *dataset.Dataset
	w     []float64
	parts int
	// cuts[i*(parts−1)+p−1] is the offset within row i of its first entry
	// owned by part p (p = 1 … parts−1); part 0 starts at 0.
	cuts []int32
	spin int // polls before parking; 0 on a single thread

	// The current job, written by part 0 before it bumps seq.
	ph      phase
	batch   []int
	z, coef []float64

	seq     atomic.Uint64 // bumped to start a phase (or to quit)
	quit    atomic.Bool
	pending atomic.Int32 // helpers still working on the current phase
	helpers []sleeper
	caller  sleeper

	exit sync.WaitGroup
	once sync.Once
}

// sleeper parks a goroutine until woken; asleep guards the hand-off so that
// exactly one token is sent per park.
type sleeper struct {
	asleep atomic.Bool
	wake   chan struct{}
}

// park blocks until wakeUp is called, unless ready() turns true first.
func (s *sleeper) park(ready func() bool) {
	s.asleep.Store(true)
	if ready() && s.asleep.CompareAndSwap(true, false) {
		return
	}
	<-s.wake
}

// wakeUp releases a parked goroutine, if any.
func (s *sleeper) wakeUp() {
	if s.asleep.CompareAndSwap(true, false) {
		s.wake <- struct{}{}
	}
}

// spinPolls bounds the busy-wait of a hand-off to some tens of
// microseconds.
const spinPolls = 1 << 14

// newPool starts parts−1 helpers over ds and w, with feature ranges that
// hold equal shares of the data set's non-zeros.
func newPool(ds *dataset.Dataset, w []float64, parts int) *pool {
	p := &pool{ds: ds, w: w, parts: parts}
	if runtime.GOMAXPROCS(0) > 1 {
		p.spin = spinPolls
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
	p.caller.wake = make(chan struct{}, 1)
	p.helpers = make([]sleeper, inner)
	p.exit.Add(inner)
	for h := range p.helpers {
		p.helpers[h].wake = make(chan struct{}, 1)
		go p.helper(h + 1)
	}
	return p
}

// featureBounds splits [0, d) into parts contiguous ranges with about equal
// numbers of non-zeros; bounds[0] = 0 and bounds[parts] = d.
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
	return bounds
}

// await returns once ready() holds, spinning first and then parking on s.
// A wake-up can be stale (a waker delayed past the hand-off it was meant
// for), so ready() is checked again after every park.
func (p *pool) await(s *sleeper, ready func() bool) {
	for i := 0; i < p.spin; i++ {
		if ready() {
			return
		}
		if i%64 == 63 {
			runtime.Gosched() // let anything queued on this P run
		}
	}
	for !ready() {
		s.park(ready)
	}
}

// helper runs phases as part until the pool quits.
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
		p.work(part, p.ph)
		if p.pending.Add(-1) == 0 {
			p.caller.wakeUp()
		}
	}
}

// run executes one phase of the current iteration on all parts and returns
// when every part has finished.
func (p *pool) run(ph phase, batch []int, z, coef []float64) {
	p.ph, p.batch, p.z, p.coef = ph, batch, z, coef
	p.pending.Store(int32(len(p.helpers)))
	p.seq.Add(1)
	for h := range p.helpers {
		p.helpers[h].wakeUp()
	}
	p.work(0, ph)
	p.await(&p.caller, func() bool { return p.pending.Load() == 0 })
}

// work does part's share of a phase.
func (p *pool) work(part int, ph phase) {
	ds, w := p.ds, p.w
	switch ph {
	case phaseDots:
		for k := part; k < len(p.batch); k += p.parts {
			i := p.batch[k]
			lo, hi := ds.RowPtr[i], ds.RowPtr[i+1]
			p.z[k] = sparse.Dot(ds.Col[lo:hi], ds.Val[lo:hi], w)
		}
	case phaseAxpy:
		inner := p.parts - 1
		for k, i := range p.batch {
			row, end := ds.RowPtr[i], ds.RowPtr[i+1]
			lo, hi := row, end
			if part > 0 {
				lo = row + int(p.cuts[i*inner+part-1])
			}
			if part < inner {
				hi = row + int(p.cuts[i*inner+part])
			}
			sparse.Axpy(p.coef[k], ds.Col[lo:hi], ds.Val[lo:hi], w)
		}
	}
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
