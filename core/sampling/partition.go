package sampling

import (
	"container/heap"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
)

// Partition is a partition B_1, …, B_τ of the examples {0, …, n−1} into
// non-empty buckets, the structure behind bucket sampling. The constructors
// list each bucket's examples in increasing order.
type Partition struct {
	Buckets [][]int
}

// Tau is the number of buckets, which is the minibatch size of the bucket
// samplings built on the partition.
func (pt Partition) Tau() int { return len(pt.Buckets) }

// Owner returns, for each of the n examples, the index of the bucket holding
// it, or −1 if none does. It panics if a bucket holds an example outside
// [0, n); call Validate first on untrusted partitions.
func (pt Partition) Owner(n int) []int {
	owner := make([]int, n)
	for i := range owner {
		owner[i] = -1
	}
	for l, b := range pt.Buckets {
		for _, i := range b {
			owner[i] = l
		}
	}
	return owner
}

// Validate checks that the buckets partition {0, …, n−1}: at least one
// bucket, none empty, every example in exactly one bucket. Its ErrPartition
// error names the first offending bucket or example.
func (pt Partition) Validate(n int) error {
	if len(pt.Buckets) == 0 {
		return fmt.Errorf("%w: no buckets", ErrPartition)
	}
	owner := make([]int, n)
	for l, b := range pt.Buckets {
		if len(b) == 0 {
			return fmt.Errorf("%w: bucket %d is empty", ErrPartition, l)
		}
		for _, i := range b {
			if i < 0 || i >= n {
				return fmt.Errorf("%w: bucket %d holds example %d, outside [0, %d)", ErrPartition, l, i, n)
			}
			if owner[i] != 0 {
				return fmt.Errorf("%w: example %d is in buckets %d and %d", ErrPartition, i, owner[i]-1, l)
			}
			owner[i] = l + 1
		}
	}
	for i, o := range owner {
		if o == 0 {
			return fmt.Errorf("%w: example %d is in no bucket", ErrPartition, i)
		}
	}
	return nil
}

// RandomPartition splits n examples into τ buckets uniformly at random among
// partitions with sizes ⌊n/τ⌋ or ⌈n/τ⌉, the paper's choice for its
// experiments. It takes O(n) time.
func RandomPartition(n, tau int, r *rand.Rand) (Partition, error) {
	if tau < 1 || tau > n {
		return Partition{}, fmt.Errorf("%w: τ = %d buckets for n = %d examples", ErrTau, tau, n)
	}
	// Deal bucket labels round-robin (sizes differ by at most one), shuffle
	// the labels, then give example i the i-th label: buckets come out sorted.
	label := make([]int32, n)
	for i := range label {
		label[i] = int32(i % tau)
	}
	r.Shuffle(n, func(i, j int) { label[i], label[j] = label[j], label[i] })
	return fromLabels(label, tau), nil
}

// fromLabels builds the partition in which example i is in bucket label[i].
func fromLabels(label []int32, tau int) Partition {
	size := make([]int, tau)
	for _, l := range label {
		size[l]++
	}
	// One backing array for all buckets keeps the partition compact.
	backing := make([]int, len(label))
	pt := Partition{Buckets: make([][]int, tau)}
	off := 0
	for l := range pt.Buckets {
		pt.Buckets[l] = backing[off : off : off+size[l]]
		off += size[l]
	}
	for i, l := range label {
		pt.Buckets[l] = append(pt.Buckets[l], i)
	}
	return pt
}

// BalancedPartition splits the examples into τ buckets whose total weights
// are nearly equal, by the greedy longest-processing-time rule: examples in
// order of decreasing weight (ties by index) each go to the bucket that is
// currently lightest (ties by fewer examples, then lower index, so every
// bucket gets an example even when weights are zero). The result is
// deterministic. Weights must be finite and non-negative, and 1 ≤ τ ≤ n.
//
// With weights nλγ + v_i, balanced buckets minimise the largest bucket sum
// Σ_{i∈B_l} (nλγ + v_i), which is what limits τ-importance sampling.
func BalancedPartition(weights []float64, tau int) (Partition, error) {
	n := len(weights)
	if tau < 1 || tau > n {
		return Partition{}, fmt.Errorf("%w: τ = %d buckets for n = %d examples", ErrTau, tau, n)
	}
	for i, w := range weights {
		if !(w >= 0) || math.IsInf(w, 0) {
			return Partition{}, fmt.Errorf("%w: weight[%d] = %v", ErrWeights, i, w)
		}
	}
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		switch {
		case weights[a] > weights[b]:
			return -1
		case weights[a] < weights[b]:
			return 1
		}
		return 0
	})
	h := &loadHeap{load: make([]float64, tau), size: make([]int, tau), order: make([]int, tau)}
	for l := range h.order {
		h.order[l] = l
	}
	label := make([]int32, n)
	for _, i := range order {
		l := h.order[0]
		label[i] = int32(l)
		h.load[l] += weights[i]
		h.size[l]++
		heap.Fix(h, 0)
	}
	return fromLabels(label, tau), nil
}

// loadHeap orders buckets by (load, size, index), lightest first.
type loadHeap struct {
	load  []float64
	size  []int
	order []int // heap of bucket indices
}

func (h *loadHeap) Len() int { return len(h.order) }
func (h *loadHeap) Less(a, b int) bool {
	x, y := h.order[a], h.order[b]
	if h.load[x] != h.load[y] {
		return h.load[x] < h.load[y]
	}
	if h.size[x] != h.size[y] {
		return h.size[x] < h.size[y]
	}
	return x < y
}
func (h *loadHeap) Swap(a, b int) { h.order[a], h.order[b] = h.order[b], h.order[a] }
func (h *loadHeap) Push(any)      { panic("sampling: loadHeap has fixed size") }
func (h *loadHeap) Pop() any      { panic("sampling: loadHeap has fixed size") }
