package main

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"imlab/core/dataset"
	"imlab/core/sparse"
)

// The layout model times the data traffic and hand-offs of one minibatch
// iteration under two ways of sharing it among parts, without the solver's
// arithmetic (no loss, no α, no sampling: uniform minibatches of distinct
// rows drawn in advance, a Kaczmarz-like multiple for each row's update):
//
//   - byExample, the solver's (core/dfsdca/pool.go): each part computes the
//     whole dot of its share of the members, a barrier, then each part adds
//     every member's update restricted to its own features, a barrier. In
//     the second phase a part reads the pieces of rows that other parts'
//     dots brought into their own caches.
//   - byBlock, the candidate: the features are cut into a fixed number of
//     blocks of equal non-zeros (fixed so that the margins' sums, block by
//     block in block order, would not depend on the number of parts); each
//     part owns a range of blocks, computes every member's partial dots on
//     them, a barrier, sums its share of the members' partials, a barrier,
//     then adds every update restricted to its blocks and goes on to the
//     next minibatch's partial dots on the same blocks with no barrier in
//     between. A part only ever reads its own pieces of the rows.
//
// Neither prefetches (the solver does, the same way for both). The model
// answers one question on a machine with many cores: whether the
// candidate's locality pays for its shorter dots and the sum of partials
// (docs/cores.md).
type layout int

const (
	byExample layout = iota
	byBlock
)

func (l layout) String() string {
	if l == byBlock {
		return "byblock"
	}
	return "byexample"
}

// layoutModel is the data and the minibatches the two layouts are timed on.
type layoutModel struct {
	ds      *dataset.Dataset
	tau     int
	blocks  int
	cuts    []int32 // cuts[i*(blocks+1)+b]: the offset within row i of block b's first entry
	batches [][]int // iters+1 minibatches: byBlock computes the last one's partials, no more
}

// newLayoutModel cuts ds's features into blocks ranges of about equal
// non-zeros and draws iters+1 minibatches of tau distinct rows.
func newLayoutModel(ds *dataset.Dataset, tau, blocks, iters int) *layoutModel {
	m := &layoutModel{ds: ds, tau: tau, blocks: blocks, cuts: make([]int32, ds.N*(blocks+1))}
	bounds := make([]int, blocks+1) // bounds[b]: block b's first feature
	bounds[blocks] = ds.D
	cum, b := 0, 1
	for j, c := range ds.FeatureCounts() {
		for b < blocks && cum*blocks >= b*ds.NNZ() {
			bounds[b] = j
			b++
		}
		cum += c
	}
	for ; b < blocks; b++ {
		bounds[b] = ds.D
	}
	for i := 0; i < ds.N; i++ {
		idx, _ := ds.Row(i)
		cut, k := m.cuts[i*(blocks+1):(i+1)*(blocks+1)], 0
		for b := 0; b <= blocks; b++ {
			for k < len(idx) && int(idx[k]) < bounds[b] {
				k++
			}
			cut[b] = int32(k) // bounds[blocks] = d: the last cut is the row's end
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	m.batches = make([][]int, iters+1)
	for t := range m.batches {
		m.batches[t] = r.Perm(ds.N)[:tau]
	}
	return m
}

// piece returns the bounds in Col and Val of row i's entries in blocks
// [from, to).
func (m *layoutModel) piece(i, from, to int) (lo, hi int) {
	row, cut := m.ds.RowPtr[i], m.cuts[i*(m.blocks+1):]
	return row + int(cut[from]), row + int(cut[to])
}

// time runs the model's iterations from w = 0 on parts goroutines sharing
// the work as l does and returns the wall time per iteration and the final w.
func (m *layoutModel) time(l layout, parts int) (time.Duration, []float64) {
	ds, tau, blocks := m.ds, m.tau, m.blocks
	w := make([]float64, ds.D)
	z, coef := make([]float64, tau), make([]float64, tau)
	partial := make([]float64, tau*blocks)
	flags := make([]paddedCount, parts)
	yield := parts > runtime.GOMAXPROCS(0) // then a spinning part may hold the thread of the one it waits for
	barrier := func(part int, n uint64) {
		flags[part].n.Store(n)
		for q := range flags {
			for flags[q].n.Load() < n {
				if yield {
					runtime.Gosched()
				}
			}
		}
	}
	iters := len(m.batches) - 1
	var wg sync.WaitGroup
	start := time.Now()
	for part := range parts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			from, to := part*blocks/parts, (part+1)*blocks/parts // this part's blocks
			first, last := part*tau/parts, (part+1)*tau/parts    // this part's members
			var n uint64
			for t := range iters {
				batch, next := m.batches[t], m.batches[t+1]
				if l == byExample {
					for k := first; k < last; k++ {
						i := batch[k]
						lo, hi := ds.RowPtr[i], ds.RowPtr[i+1]
						z[k] = sparse.Dot(ds.Col[lo:hi], ds.Val[lo:hi], w)
						coef[k] = 1e-9 * (ds.Y[i] - z[k])
					}
				} else if t == 0 { // later minibatches' partials follow the update below
					m.partials(batch, from, to, partial, w)
				}
				if parts > 1 {
					n++
					barrier(part, n)
				}
				if l == byBlock {
					for k := first; k < last; k++ {
						s := 0.0
						for _, p := range partial[k*blocks : (k+1)*blocks] {
							s += p
						}
						z[k] = s
						coef[k] = 1e-9 * (ds.Y[batch[k]] - s)
					}
					if parts > 1 {
						n++
						barrier(part, n)
					}
				}
				for k, i := range batch {
					lo, hi := m.piece(i, from, to)
					sparse.Axpy(coef[k], ds.Col[lo:hi], ds.Val[lo:hi], w)
				}
				if l == byBlock {
					m.partials(next, from, to, partial, w) // the next minibatch's, on the same blocks
				}
				if l == byExample && parts > 1 {
					n++
					barrier(part, n)
				}
			}
		}()
	}
	wg.Wait()
	return time.Since(start) / time.Duration(iters), w
}

// partials sets partial[k*blocks+b] to member k's dot on block b, for the
// blocks [from, to).
func (m *layoutModel) partials(batch []int, from, to int, partial, w []float64) {
	ds := m.ds
	for k, i := range batch {
		for b := from; b < to; b++ {
			lo, hi := m.piece(i, b, b+1)
			partial[k*m.blocks+b] = sparse.Dot(ds.Col[lo:hi], ds.Val[lo:hi], w)
		}
	}
}

// paddedCount is a barrier flag on a cache line of its own.
type paddedCount struct {
	n atomic.Uint64
	_ [56]byte
}

// printLayouts times both layouts for 1, 2, 4, … parts up to maxParts,
// interleaved, reps times, and prints the least time per iteration of each.
func printLayouts(ds *dataset.Dataset, tau, blocks, iters, maxParts, reps int) {
	m := newLayoutModel(ds, tau, blocks, iters)
	var parts []int
	for p := 1; p <= maxParts; p *= 2 {
		parts = append(parts, p)
	}
	if parts[len(parts)-1] != maxParts {
		parts = append(parts, maxParts)
	}
	best := map[[2]int]time.Duration{}
	for range reps {
		for _, p := range parts {
			for _, l := range []layout{byExample, byBlock} {
				d, _ := m.time(l, p)
				if old, ok := best[[2]int{int(l), p}]; !ok || d < old {
					best[[2]int{int(l), p}] = d
				}
			}
		}
	}
	fmt.Printf("layout tau blocks parts us/iter speedup\n")
	for _, l := range []layout{byExample, byBlock} {
		one := best[[2]int{int(byExample), 1}]
		for _, p := range parts {
			d := best[[2]int{int(l), p}]
			fmt.Printf("%s %d %d %d %.1f %.2f\n", l, tau, blocks, p, float64(d.Nanoseconds())/1e3, one.Seconds()/d.Seconds())
		}
	}
}
