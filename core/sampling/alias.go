package sampling

import (
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
)

// sumTolerance is the allowed |Σp − 1| per entry: far above float64 rounding
// (≈1e−16 per term) yet small enough to catch probabilities that are wrong.
const sumTolerance = 1e-9

// checkProbabilities verifies that p[i] for i in idx are finite and positive
// and sum to one within sumTolerance·len(idx); where names the set in errors.
// It returns the exact sum, by which the caller renormalises.
func checkProbabilities(p []float64, idx []int, where string) (float64, error) {
	if len(idx) == 0 {
		return 0, fmt.Errorf("%w: %s is empty", ErrProbabilities, where)
	}
	if len(idx) > math.MaxInt32 {
		return 0, fmt.Errorf("%w: %s has %d entries, more than 2^31-1", ErrProbabilities, where, len(idx))
	}
	sum := 0.0
	for _, i := range idx {
		if v := p[i]; !(v > 0) || math.IsInf(v, 0) {
			return 0, fmt.Errorf("%w: p[%d] = %v in %s (every example needs 0 < p_i < ∞)",
				ErrProbabilities, i, v, where)
		}
		sum += p[i]
	}
	if math.Abs(sum-1) > sumTolerance*float64(len(idx)) {
		return 0, fmt.Errorf("%w: %s sums to %.17g, not 1", ErrProbabilities, where, sum)
	}
	return sum, nil
}

// aliasTable draws from a finite distribution in O(1) (Walker's alias method
// with Vose's construction). Several tables may share one entry array, one
// per segment [off, off+k), as the bucket sampler does.
type aliasTable []aliasEntry

// aliasEntry is one column of the table: keep the column's own example with
// probability thr/2⁶⁴, else take its alias. Both outcomes are stored as
// example indices in one 16-byte entry, so a draw touches one cache line.
type aliasEntry struct {
	thr         uint64
	keep, alias int32
}

// total returns Σ w, added in order: the sum fill wants.
func total(w []float64) float64 {
	sum := 0.0
	for _, x := range w {
		sum += x
	}
	return sum
}

// fill builds the segment of t starting at off from positive weights w
// whose sum is total(w) (a caller that has just written w passes the sum
// it added on the way); column c stands for example ids[c] (or off+c if
// ids is nil). q and stack (len(w) each) are scratch.
func (t aliasTable) fill(off int, w []float64, sum float64, ids []int, q []float64, stack []int32) {
	k := len(w)
	id := func(c int32) int32 {
		if ids == nil {
			return int32(off) + c
		}
		return int32(ids[c])
	}
	// Small columns (q < 1) are pushed from the front of stack, large ones
	// from the back, so one array of k entries holds both worklists.
	nSmall, nLarge := 0, 0
	q, stack = q[:k], stack[:k]
	for i, x := range w {
		qi := x * float64(k) / sum
		q[i] = qi
		// The slot and the counts are chosen by conditional moves: a
		// branch on q < 1 would be mispredicted as often as the data
		// are uneven (a refresh of an adaptive sampling runs this
		// over every example).
		small := 0
		if qi < 1 {
			small = 1
		}
		slot := k - 1 - nLarge
		if small == 1 {
			slot = nSmall
		}
		stack[slot] = int32(i)
		nSmall += small
		nLarge += 1 - small
	}
	for nSmall > 0 && nLarge > 0 {
		nSmall--
		s := stack[nSmall]
		l := stack[k-nLarge]
		t[off+int(s)] = aliasEntry{thr: threshold(q[s]), keep: id(s), alias: id(l)}
		q[l] = (q[l] + q[s]) - 1
		if q[l] < 1 {
			nLarge--
			stack[nSmall] = l
			nSmall++
		}
	}
	// Whatever remains has q = 1 up to rounding: always keep it.
	for _, c := range stack[:nSmall] {
		t[off+int(c)] = aliasEntry{thr: math.MaxUint64, keep: id(c), alias: id(c)}
	}
	for _, c := range stack[k-nLarge : k] {
		t[off+int(c)] = aliasEntry{thr: math.MaxUint64, keep: id(c), alias: id(c)}
	}
}

// threshold returns ⌊keep·2⁶⁴⌋ for 0 ≤ keep < 1, the bits of
// uint64(keep·2⁶⁴) (a product by a power of two is exact), without that
// conversion: on amd64 it branches on whether the value reaches 2⁶³ (keep
// ≥ 1/2), which the pairing of a refresh's alias tables mispredicts about
// half the time. Instead y = keep·2⁶³ < 2⁶³ converts to int64 in one
// instruction, and ⌊2y⌋ = 2⌊y⌋ + [y − ⌊y⌋ ≥ 1/2], the difference exact
// (y and ⌊y⌋ are within 1 of each other, and y has no fraction once y ≥ 2⁵²,
// so the rare small keep alone takes the increment). Each step is rounded
// with float64(…) so that no architecture fuses it (core/internal/nofma).
func threshold(keep float64) uint64 {
	y := float64(keep * 0x1p63)
	i := int64(y)
	thr := uint64(i) << 1
	if float64(y-float64(i)) >= 0.5 {
		thr++
	}
	return thr
}

// draw returns an example from the segment [off, off+k).
func (t aliasTable) draw(r *rand.Rand, off, k int) int {
	return t.pick(r.Uint64(), off, k)
}

// pick returns the example of the segment [off, off+k) that the uniform
// 64-bit u selects: u·k's high word is the column, its low word the coin.
func (t aliasTable) pick(u uint64, off, k int) int {
	col, coin := bits.Mul64(u, uint64(k))
	e := &t[off+int(col)]
	// Both outcomes are loaded and one selected without a branch (a
	// conditional move): the coin is random, so a branch on it would be
	// mispredicted about as often as the alias is taken.
	i, alias := e.keep, e.alias
	if coin >= e.thr {
		i = alias
	}
	return int(i)
}

// serial picks one example with probability p_i.
type serial struct {
	p     []float64
	table aliasTable
}

// NewSerial returns the serial sampling that picks the single example i with
// probability p_i. Every p_i must be positive and finite and Σp = 1 within
// 1e−9·n; p is copied and renormalised to sum exactly to one.
func NewSerial(p []float64) (Sampler, error) {
	all := make([]int, len(p))
	for i := range all {
		all[i] = i
	}
	sum, err := checkProbabilities(p, all, "p")
	if err != nil {
		return nil, err
	}
	n := len(p)
	s := &serial{p: make([]float64, n), table: make(aliasTable, n)}
	for i, v := range p {
		s.p[i] = v / sum
	}
	s.table.fill(0, s.p, total(s.p), nil, make([]float64, n), make([]int32, n))
	return s, nil
}

func (s *serial) Sample(r *rand.Rand, dst []int) []int {
	return append(dst[:0], s.table.draw(r, 0, len(s.p)))
}

func (s *serial) Probabilities() []float64 { return s.p }
func (s *serial) MaxSize() int             { return 1 }
func (s *serial) String() string           { return "importance" }
