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
// ω'_j, which depend on the partition only, are counted once, and for each
// feature j meeting two buckets or more the positions in bucket order of
// the examples in J_j are kept, so that each evaluation sums every δ_j in
// a register, reading the probabilities in bucket order. Those are the
// same sums in the same order as BucketV's (the same bits); a feature
// meeting one bucket has the factor 1 whatever δ_j, so its δ_j is never
// summed.
type BucketESO struct {
	ds      *dataset.Dataset
	part    sampling.Partition
	omega   []int     // ω'_j
	start   []int32   // J_j's positions are at[start[j]:start[j+1]]
	at      []int32   // bucket-order positions of the examples, feature by feature (ω'_j ≥ 2 only)
	ordered []float64 // scratch: p in bucket order
	factor  []float64 // scratch: 1 + (1 − 1/ω'_j) δ_j
	fixed   []float64 // v when every ω'_j ≤ 1 (v = ‖x_i‖² whatever p; read only); else nil
}

// NewBucketESO counts the ω'_j of part on ds in O(nnz + d), keeping the
// positions of the examples by feature (4 bytes per non-zero of a feature
// meeting two buckets or more). It panics if part is not a partition of
// the ds.N examples.
func NewBucketESO(ds *dataset.Dataset, part sampling.Partition) *BucketESO {
	if err := part.Validate(ds.N); err != nil {
		panic("theory: BucketV: " + err.Error())
	}
	return newBucketESO(ds, part, ds.SquaredNorms)
}

// newBucketESO is NewBucketESO for a partition known to be one (made by
// sampling's constructors, which check it), taking v from squaredNorms when
// it is fixed (v_i = Σ_j 1·X_ji², the same sums as ‖x_i‖², the same bits):
// a caller with a problem.Problem passes its SquaredNorms, computed once.
func newBucketESO(ds *dataset.Dataset, part sampling.Partition, squaredNorms func() []float64) *BucketESO {
	e := &BucketESO{ds: ds, part: part, omega: make([]int, ds.D), factor: make([]float64, ds.D)}
	count := make([]int32, ds.D+1) // count[j+1]: the non-zeros of feature j
	// A feature meeting at most one bucket has 1 + (1 − 1/1)·δ_j = 1
	// exactly; when every feature does, no δ_j matters and v is fixed.
	// With one bucket (serial sampling) they all do: no need to count.
	if len(part.Buckets) == 1 || e.countMeetings(count) <= 1 {
		e.fixed = squaredNorms()
		return e
	}
	// Positions by feature, increasing within each: δ_j then adds the p_k
	// in the order a sweep of the rows in bucket order would.
	e.start = make([]int32, ds.D+1)
	for j, w := range e.omega {
		if w <= 1 {
			count[j+1] = 0
		}
		e.start[j+1] = e.start[j] + count[j+1]
	}
	e.at = make([]int32, e.start[ds.D])
	next := append([]int32(nil), e.start[:ds.D]...)
	k := int32(0)
	for _, b := range part.Buckets {
		for _, i := range b {
			idx, _ := ds.Row(i)
			for _, j := range idx {
				if e.omega[j] > 1 {
					e.at[next[j]] = k
					next[j]++
				}
			}
			k++
		}
	}
	return e
}

// countMeetings sets ω'_j, the buckets feature j meets, adds each
// feature's non-zeros into count[j+1], and returns the largest ω'_j.
func (e *BucketESO) countMeetings(count []int32) int {
	ds := e.ds
	// Visiting the examples bucket by bucket, feature j meets a new bucket
	// exactly when the bucket last seen with j differs from the current one.
	lastBucket := make([]int, ds.D) // bucket index + 1; 0 = none yet
	for l, b := range e.part.Buckets {
		for _, i := range b {
			idx, _ := ds.Row(i)
			for _, j := range idx {
				count[j+1]++
				if lastBucket[j] != l+1 {
					lastBucket[j] = l + 1
					e.omega[j]++
				}
			}
		}
	}
	return slices.Max(append(e.omega, 0))
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
	factor := e.factor
	for j, w := range e.omega {
		if w <= 1 {
			factor[j] = 1 // in one bucket: 1 + 0·δ_j; in none: never read
			continue
		}
		delta := 0.0 // δ_j, summed in bucket order
		for _, k := range e.at[e.start[j]:e.start[j+1]] {
			delta += ordered[k]
		}
		factor[j] = 1 + float64((1-1/float64(w))*delta)
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
