package sampling

import (
	"fmt"
	"math/rand/v2"
)

// nice draws τ distinct examples uniformly at random with Floyd's algorithm:
// for j = n−τ, …, n−1 pick t uniform in [0, j] and take t, or j if t is
// already taken. Every τ-subset is equally likely, and a draw costs O(τ)
// expected time with a small open-addressing set, whatever n is.
type nice struct {
	n, tau int
	p      []float64
	set    []int // open-addressing table of example+1 (0 = empty), size 2^k ≥ 2τ
	shift  uint  // 64 − log2(len(set)), for Fibonacci hashing
}

// NewNice returns the τ-nice sampling on n examples: each draw is a subset of
// exactly τ distinct examples, uniform over all C(n, τ) subsets, so p_i = τ/n.
// It returns an ErrTau error unless 1 ≤ τ ≤ n.
func NewNice(n, tau int) (Sampler, error) {
	if tau < 1 || tau > n {
		return nil, fmt.Errorf("%w: τ = %d with n = %d examples", ErrTau, tau, n)
	}
	size, log := 1, uint(0)
	for size < 2*tau {
		size <<= 1
		log++
	}
	s := &nice{n: n, tau: tau, p: make([]float64, n), set: make([]int, size), shift: 64 - log}
	for i := range s.p {
		s.p[i] = float64(tau) / float64(n)
	}
	return s, nil
}

// insert adds example i to the set and reports whether it was absent.
func (s *nice) insert(i int) bool {
	mask := len(s.set) - 1
	h := int((uint64(i) * 0x9e3779b97f4a7c15) >> s.shift)
	for {
		switch s.set[h] {
		case 0:
			s.set[h] = i + 1
			return true
		case i + 1:
			return false
		}
		h = (h + 1) & mask
	}
}

func (s *nice) Sample(r *rand.Rand, dst []int) []int {
	dst = dst[:0]
	if s.tau == 1 {
		// Floyd's loop is one step, j = n−1, with nothing to collide with:
		// the same single draw from the stream, without the set (which
		// costs 5× the draw under WebAssembly).
		return append(dst, r.IntN(s.n))
	}
	for j := s.n - s.tau; j < s.n; j++ {
		t := r.IntN(j + 1)
		if !s.insert(t) {
			t = j // j is new: no earlier step could pick a value above j−1
			s.insert(t)
		}
		dst = append(dst, t)
	}
	clear(s.set) // O(τ): the table has at most 4τ slots
	return dst
}

func (s *nice) Probabilities() []float64 { return s.p }
func (s *nice) MaxSize() int             { return s.tau }
func (s *nice) String() string           { return fmt.Sprintf("%d-nice", s.tau) }
