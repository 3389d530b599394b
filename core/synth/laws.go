package synth

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"gonum.org/v1/gonum/stat/distuv"
)

// Laws names the distributions of the squared norms L_i = ‖x_i‖² in the
// paper's table of artificial data, in its order.
var Laws = []string{"uniform", "chisq1", "chisq10", "chisq100", "extreme"}

// ExtremeNorm is L_0 of the "extreme" law; every other L_i is 1.
const ExtremeNorm = 1000

// NormSquares draws n squared norms from the named law:
//
//	uniform   L_i = 2·U[0,1]               (Julia: 2*rand(n))
//	chisq1    L_i ~ χ² with 1 d.o.f.       (Julia: rand(chisq(1), n))
//	chisq10   L_i ~ χ² with 10 d.o.f.
//	chisq100  L_i ~ χ² with 100 d.o.f.
//	extreme   L = ones(n), L_0 = ExtremeNorm (no randomness)
//
// The name is matched case-insensitively. r must not be nil for the random
// laws; extreme does not use it.
func NormSquares(law string, n int, r *rand.Rand) ([]float64, error) {
	if n <= 0 {
		return nil, fmt.Errorf("%w: %d norms requested, want n ≥ 1", ErrConfig, n)
	}
	var draw func() float64
	switch strings.ToLower(strings.TrimSpace(law)) {
	case "uniform":
		draw = distuv.Uniform{Min: 0, Max: 2, Src: r}.Rand
	case "chisq1":
		draw = distuv.ChiSquared{K: 1, Src: r}.Rand
	case "chisq10":
		draw = distuv.ChiSquared{K: 10, Src: r}.Rand
	case "chisq100":
		draw = distuv.ChiSquared{K: 100, Src: r}.Rand
	case "extreme":
		L := make([]float64, n)
		for i := range L {
			L[i] = 1
		}
		L[0] = ExtremeNorm
		return L, nil
	default:
		if l, err := ParseLaw(law); err == nil { // a continuous Family member
			return l.NormSquares(n, r), nil
		}
		return nil, fmt.Errorf("%w %q (want one of %s, or chisq:k or extreme:w)", ErrLaw, law, strings.Join(Laws, ", "))
	}
	L := make([]float64, n)
	for i := range L {
		L[i] = draw()
	}
	return L, nil
}
