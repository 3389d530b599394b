package sdca

import (
	"fmt"
	"math/bits"
	"math/rand/v2"

	"imlab/core/method"
)

// Order is the order in which a serial sampling's examples are visited.
type Order int

const (
	// IID draws every iteration's example independently from the sampler,
	// the sampling the rate θ is proved for.
	IID Order = iota
	// Shuffled visits the examples in epochs of n iterations: in each
	// epoch example i comes ⌊n p_i + u⌋-ish times (systematic rounding of
	// the expected counts n p_i with one uniform offset u per epoch, so
	// that the counts sum to n and each is n p_i on average), in a fresh
	// random order. It is sampling without replacement weighted by the
	// sampler's p_i, as LIBLINEAR's random permutations are for p_i = 1/n;
	// θ is not a proved rate for it, but on the peer race's data it needs
	// about half the epochs of IID (docs/peers.md). Serial samplings only.
	Shuffled
)

func (o Order) String() string {
	switch o {
	case IID:
		return "iid"
	case Shuffled:
		return "shuffled"
	}
	return fmt.Sprintf("Order(%d)", int(o))
}

// ParseOrder returns the Order spelled s ("iid" or "shuffled").
func ParseOrder(s string) (Order, error) {
	for _, o := range []Order{IID, Shuffled} {
		if o.String() == s {
			return o, nil
		}
	}
	return 0, fmt.Errorf("%w: order %q, want iid or shuffled", method.ErrOptions, s)
}

// schedule deals the Shuffled order's epochs.
type schedule struct {
	np    []float64 // n p_i, the expected visits per epoch
	epoch []int
}

func newSchedule(p []float64) *schedule {
	n := float64(len(p))
	sc := &schedule{np: make([]float64, len(p)), epoch: make([]int, 0, len(p)+1)}
	for i, pi := range p {
		sc.np[i] = n * pi
	}
	return sc
}

// next returns a fresh epoch, drawn from src. The slice is reused.
func (sc *schedule) next(src *rand.PCG) []int {
	ep := sc.epoch[:0]
	acc := float64(src.Uint64()>>11) * 0x1p-53 // u ∈ [0, 1)
	for i, c := range sc.np {
		acc += c
		for acc >= 1 {
			ep = append(ep, i)
			acc--
		}
	}
	// Fisher–Yates, with the unbiased multiply-and-reject draw of j ≤ k.
	for k := len(ep) - 1; k > 0; k-- {
		m := uint64(k + 1)
		hi, lo := bits.Mul64(src.Uint64(), m)
		if lo < m {
			for thresh := -m % m; lo < thresh; {
				hi, lo = bits.Mul64(src.Uint64(), m)
			}
		}
		ep[k], ep[hi] = ep[hi], ep[k]
	}
	sc.epoch = ep
	return ep
}
