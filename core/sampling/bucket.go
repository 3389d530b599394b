package sampling

import (
	"fmt"
	"math/rand/v2"
)

// bucket draws one example from each bucket of a partition, independently,
// with probability p_i within its bucket. All buckets share one alias table:
// its segment [off[l], off[l+1]) is bucket l.
type bucket struct {
	p     []float64
	off   []int
	table aliasTable
}

// NewBucket returns the bucket sampling of the paper defined by a partition
// B_1, …, B_τ of the len(p) examples and probabilities p: each draw holds
// exactly one example of every bucket, i ∈ B_l being chosen with probability
// p_i independently of the other buckets. So Prob(i ∈ Ŝ) = p_i and
// Σ_{i∈B_l} p_i must be 1 (within 1e−9·|B_l|; p is renormalised per bucket).
// Every p_i must be positive and finite. Errors wrap ErrPartition or
// ErrProbabilities.
func NewBucket(part Partition, p []float64) (Sampler, error) {
	n := len(p)
	if err := part.Validate(n); err != nil {
		return nil, err
	}
	s := &bucket{
		p:     make([]float64, n),
		off:   make([]int, 0, part.Tau()+1),
		table: make(aliasTable, n),
	}
	q, stack := make([]float64, n), make([]int32, n)
	w := make([]float64, 0, n)
	for l, b := range part.Buckets {
		sum, err := checkProbabilities(p, b, fmt.Sprintf("bucket %d", l))
		if err != nil {
			return nil, err
		}
		off := 0
		if l > 0 {
			off = s.off[l-1] + len(part.Buckets[l-1])
		}
		s.off = append(s.off, off)
		w = w[:0]
		for _, i := range b {
			s.p[i] = p[i] / sum
			w = append(w, s.p[i])
		}
		s.table.fill(off, w, total(w), b, q, stack)
	}
	s.off = append(s.off, n)
	return s, nil
}

func (s *bucket) Sample(r *rand.Rand, dst []int) []int {
	dst = dst[:0]
	for l := 0; l+1 < len(s.off); l++ {
		off := s.off[l]
		dst = append(dst, s.table.draw(r, off, s.off[l+1]-off))
	}
	return dst
}

func (s *bucket) Probabilities() []float64 { return s.p }
func (s *bucket) MaxSize() int             { return len(s.off) - 1 }
func (s *bucket) String() string           { return fmt.Sprintf("bucket(τ=%d)", len(s.off)-1) }
