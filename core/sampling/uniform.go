package sampling

import (
	"math/rand/v2"
)

// uniform picks one example uniformly at random.
type uniform struct {
	p []float64
}

// NewUniform returns the serial uniform sampling on n examples (p_i = 1/n).
// It panics if n < 1.
func NewUniform(n int) Sampler {
	if n < 1 {
		panic("sampling: NewUniform needs n ≥ 1")
	}
	p := make([]float64, n)
	for i := range p {
		p[i] = 1 / float64(n)
	}
	return &uniform{p: p}
}

func (u *uniform) Sample(r *rand.Rand, dst []int) []int {
	return append(dst[:0], r.IntN(len(u.p)))
}

func (u *uniform) Probabilities() []float64 { return u.p }
func (u *uniform) MaxSize() int             { return 1 }
func (u *uniform) String() string           { return "uniform" }
