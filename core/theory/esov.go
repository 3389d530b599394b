package theory

import (
	"fmt"
	"slices"

	"imlab/core/dataset"
	"imlab/core/sampling"
)

// NiceV returns the ESO parameters of τ-nice sampling (Richtárik & Takáč),
//
//	v_i = Σ_j (1 + (|J_j| − 1)(τ − 1)/(n − 1)) X_ji²,
//
// where J_j is the set of examples with a non-zero in feature j. For τ = 1
// it is ‖x_i‖². It panics unless 1 ≤ τ ≤ n.
func NiceV(ds *dataset.Dataset, tau int) []float64 {
	n := ds.N
	if tau < 1 || tau > n {
		panic(fmt.Sprintf("theory: NiceV with τ = %d and n = %d", tau, n))
	}
	factor := make([]float64, ds.D)
	for j, c := range ds.FeatureCounts() {
		factor[j] = 1
		if tau > 1 {
			factor[j] += float64(c-1) * float64(tau-1) / float64(n-1)
		}
	}
	return weightedNorms(ds, factor)
}

// BucketV returns the ESO parameters of the bucket sampling with partition
// part and probabilities p (the paper's Theorem on bucket sampling),
//
//	v_i = Σ_j (1 + (1 − 1/ω'_j) δ_j) X_ji²,
//
// where δ_j = Σ_{k∈J_j} p_k and ω'_j is the number of buckets meeting J_j.
// Features in no example do not contribute. With p_i = 1/|B_l| for i ∈ B_l
// this is the paper's v^(unif), whose formula writes δ_j = τ|J_j|/n because
// it assumes equal bucket sizes; the general δ_j here is exact for any sizes.
//
// It runs in O(nnz + d + n). It panics if part is not a partition of the
// ds.N examples or len(p) ≠ ds.N.
func BucketV(ds *dataset.Dataset, part sampling.Partition, p []float64) []float64 {
	return NewBucketESO(ds, part).V(p, nil)
}

// BucketESO evaluates BucketV for one data set and partition and many
// probability vectors, as an adaptive sampling needs at every refresh: the
// ω'_j, which depend on the partition only, are counted once, and the
// column indices are kept in bucket order, so that each evaluation reads
// them in one sweep (the same sums in the same order as BucketV: the same
// bits).
type BucketESO struct {
	ds      *dataset.Dataset
	part    sampling.Partition
	omega   []int     // ω'_j
	cols    []int32   // the rows' column indices, bucket by bucket
	lens    []int32   // the rows' lengths, bucket by bucket
	ordered []float64 // scratch: p in bucket order
	factor  []float64 // scratch: δ_j, then 1 + (1 − 1/ω'_j) δ_j
	fixed   []float64 // v when every ω'_j ≤ 1 (v = ‖x_i‖² whatever p); else nil
}

// NewBucketESO counts the ω'_j of part on ds in O(nnz + d), keeping a copy
// of the column indices (4 bytes per non-zero). It panics if part is not a
// partition of the ds.N examples.
func NewBucketESO(ds *dataset.Dataset, part sampling.Partition) *BucketESO {
	if err := part.Validate(ds.N); err != nil {
		panic("theory: BucketV: " + err.Error())
	}
	e := &BucketESO{ds: ds, part: part, omega: make([]int, ds.D), factor: make([]float64, ds.D),
		cols: make([]int32, 0, ds.NNZ()), lens: make([]int32, 0, ds.N)}
	// Visiting the examples bucket by bucket, feature j meets a new bucket
	// exactly when the bucket last seen with j differs from the current one.
	lastBucket := make([]int, ds.D) // bucket index + 1; 0 = none yet
	for l, b := range part.Buckets {
		for _, i := range b {
			idx, _ := ds.Row(i)
			e.cols = append(e.cols, idx...)
			e.lens = append(e.lens, int32(len(idx)))
			for _, j := range idx {
				if lastBucket[j] != l+1 {
					lastBucket[j] = l + 1
					e.omega[j]++
				}
			}
		}
	}
	if slices.Max(append(e.omega, 0)) <= 1 {
		// 1 + (1 − 1/1)·δ_j = 1 exactly: no δ_j matters.
		e.fixed = e.VOrdered(make([]float64, ds.N), nil)
		e.cols, e.lens = nil, nil
	}
	return e
}

// V writes BucketV(ds, part, p) into dst (allocated if too short) and
// returns it, in O(nnz + d + n). It panics if len(p) ≠ ds.N.
func (e *BucketESO) V(p, dst []float64) []float64 {
	ds := e.ds
	if len(p) != ds.N {
		panic(fmt.Sprintf("theory: BucketV with %d probabilities for %d examples", len(p), ds.N))
	}
	if e.fixed != nil {
		return e.VOrdered(p, dst)
	}
	if e.ordered == nil {
		e.ordered = make([]float64, 0, ds.N)
	}
	e.ordered = e.ordered[:0]
	for _, b := range e.part.Buckets {
		for _, i := range b {
			e.ordered = append(e.ordered, p[i])
		}
	}
	return e.VOrdered(e.ordered, dst)
}

// VOrdered is V for the probabilities in bucket order: those of
// part.Buckets[0]'s members in its order, then Buckets[1]'s, and so on (as
// sampling.Adaptive.Ordered gives them). The result is in example order.
func (e *BucketESO) VOrdered(ordered, dst []float64) []float64 {
	ds := e.ds
	if len(ordered) != ds.N {
		panic(fmt.Sprintf("theory: BucketV with %d probabilities for %d examples", len(ordered), ds.N))
	}
	if e.fixed != nil {
		if len(dst) < ds.N {
			dst = make([]float64, ds.N)
		}
		return append(dst[:0], e.fixed...)
	}
	delta := e.factor
	clear(delta)
	pos, cols := 0, e.cols
	for k, pk := range ordered {
		end := pos + int(e.lens[k])
		for _, j := range cols[pos:end] {
			delta[j] += pk
		}
		pos = end
	}
	factor := delta // reuse: factor_j overwrites δ_j
	for j, w := range e.omega {
		if w == 0 {
			factor[j] = 1 // feature in no example: never read
			continue
		}
		factor[j] = 1 + float64((1-1/float64(w))*delta[j])
	}
	return weightedNormsInto(ds, factor, dst)
}

// weightedNorms returns Σ_j factor_j X_ji² for every example i.
func weightedNorms(ds *dataset.Dataset, factor []float64) []float64 {
	return weightedNormsInto(ds, factor, nil)
}

// weightedNormsInto is weightedNorms writing into dst when it is long enough.
func weightedNormsInto(ds *dataset.Dataset, factor, dst []float64) []float64 {
	v := dst
	if len(v) < ds.N {
		v = make([]float64, ds.N)
	}
	v = v[:ds.N]
	for i := range v {
		idx, val := ds.Row(i)
		s := 0.0
		for k, j := range idx {
			s += float64(factor[j] * val[k] * val[k])
		}
		v[i] = s
	}
	return v
}
