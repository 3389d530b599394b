package dfsdca

import (
	"sort"
	"sync"

	"imlab/core/dataset"
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
type pool struct {
	ds    *dataset.Dataset
	w     []float64
	parts int
	// cuts[i*(parts−1)+p−1] is the offset within row i of its first entry
	// owned by part p (p = 1 … parts−1); part 0 starts at 0.
	cuts []int32

	start []chan phase // one per helper
	done  chan struct{}
	exit  sync.WaitGroup
	once  sync.Once

	// The current job, written by part 0 before it signals the helpers.
	batch   []int
	z, coef []float64
}

// newPool starts parts−1 helpers over ds and w, with feature ranges that
// hold equal shares of the data set's non-zeros.
func newPool(ds *dataset.Dataset, w []float64, parts int) *pool {
	p := &pool{ds: ds, w: w, parts: parts, done: make(chan struct{}, parts)}
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
	p.start = make([]chan phase, inner)
	p.exit.Add(inner)
	for h := range p.start {
		p.start[h] = make(chan phase, 1)
		go p.helper(h+1, p.start[h])
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

// helper runs phases for part until its channel closes.
func (p *pool) helper(part int, start <-chan phase) {
	defer p.exit.Done()
	for ph := range start {
		p.work(part, ph)
		p.done <- struct{}{}
	}
}

// run executes one phase of the current iteration on all parts and returns
// when every part has finished.
func (p *pool) run(ph phase, batch []int, z, coef []float64) {
	p.batch, p.z, p.coef = batch, z, coef
	for _, c := range p.start {
		c <- ph
	}
	p.work(0, ph)
	for range p.start {
		<-p.done
	}
}

// work does part's share of a phase.
func (p *pool) work(part int, ph phase) {
	ds, w := p.ds, p.w
	switch ph {
	case phaseDots:
		for k := part; k < len(p.batch); k += p.parts {
			i := p.batch[k]
			lo, hi := ds.RowPtr[i], ds.RowPtr[i+1]
			p.z[k] = dot(ds.Col[lo:hi], ds.Val[lo:hi], w)
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
			axpy(p.coef[k], ds.Col[lo:hi], ds.Val[lo:hi], w)
		}
	}
}

// close stops the helpers and waits for them to exit; it is idempotent.
func (p *pool) close() {
	p.once.Do(func() {
		for _, c := range p.start {
			close(c)
		}
		p.exit.Wait()
	})
}
