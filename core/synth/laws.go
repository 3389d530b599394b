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
// The name is matched case-insensitively. The draws come from src's stream,
// as gonum's distuv laws with Src: src draw them, and leave src where they
// end. src must not be nil for the random laws; extreme does not use it.
func NormSquares(law string, n int, src *rand.PCG) ([]float64, error) {
	if n <= 0 {
		return nil, fmt.Errorf("%w: %d norms requested, want n ≥ 1", ErrConfig, n)
	}
	L := make([]float64, n)
	if _, err := drawNorms(law, L, src, nil); err != nil {
		return nil, err
	}
	return L, nil
}

// normsBlock is how many named-law draws drawNorms makes between two
// calls of its pacer.
const normsBlock = 256

// drawNorms fills L with draws from the named law (see NormSquares),
// calling pace, if not nil, with the work done as it goes; it reports
// false if pace said stop.
func drawNorms(law string, L []float64, src *rand.PCG, pace *pacer) (bool, error) {
	family, named, err := parseNorms(law)
	if err != nil {
		return false, err
	}
	if !named {
		return family.drawNormSquares(L, rand.New(src), pace), nil
	}
	var k float64 // χ²'s degrees of freedom; 0 for the uniform law
	switch strings.ToLower(strings.TrimSpace(law)) {
	case "chisq1":
		k = 1
	case "chisq10":
		k = 10
	case "chisq100":
		k = 100
	case "extreme":
		for i := range L {
			L[i] = 1
		}
		L[0] = ExtremeNorm
		return true, nil
	}
	p := newPCG(src)
	for i := range L {
		if k == 0 {
			L[i] = distuv.Uniform{Min: 0, Max: 2, Src: p}.Rand()
		} else {
			L[i] = p.chiSquare(k)
		}
		if pace != nil && (i+1)%normsBlock == 0 && !pace.add(normsBlock*normalWork) {
			return false, nil
		}
	}
	p.store(src)
	return true, nil
}
