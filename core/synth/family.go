package synth

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
)

// Family is a continuous family of norm laws, for drawing maps over
// heterogeneity: the paper's named laws are single points of these families.
type Family int

const (
	// ChiSquare is L_i ~ χ²_k for a real k in ChiSquare.Range() (chisq1,
	// chisq10 and chisq100 are k = 1, 10, 100, drawn differently: see Law).
	ChiSquare Family = iota
	// Extreme is L = ones(n), L_0 = w for a real weight w in
	// Extreme.Range() (the paper's extreme law is w = ExtremeNorm).
	Extreme
)

// familyPrefix is how a Law names its family in its String.
var familyPrefix = [...]string{ChiSquare: "chisq", Extreme: "extreme"}

// Law is one member of a Family: its Param is k for ChiSquare and w for
// Extreme. Its String, "chisq:1.5" or "extreme:300", is a name ParseNorms
// reads.
//
// A ChiSquare Law draws L_i = F_k⁻¹(u_i), the χ²_k quantile of a uniform
// u_i from the norms stream, so that for a fixed seed the norms move
// continuously with k (common random numbers): a map over k then shows the
// law's effect, not the noise of fresh draws. "chisq:10" therefore draws a
// different sample of the same law as "chisq10". The quantile is this
// package's own (quantile.go), the same bits natively and in WebAssembly.
type Law struct {
	Family Family
	Param  float64
}

// String returns the law's name, shortest float formatting.
func (l Law) String() string {
	return familyPrefix[l.Family] + ":" + strconv.FormatFloat(l.Param, 'g', -1, 64)
}

// Label names the law for people: "χ² k = 1.5", "extreme w = 300".
func (l Law) Label() string {
	p := strconv.FormatFloat(l.Param, 'g', -1, 64)
	if l.Family == ChiSquare {
		return "χ² k = " + p
	}
	return "extreme w = " + p
}

// ParseLaw reads a name written by Law.String ("chisq:k" or "extreme:w",
// case-insensitive). The parameter must lie in its family's range
// (Family.Range); the error says which.
func ParseLaw(name string) (Law, error) {
	prefix, param, ok := strings.Cut(strings.ToLower(strings.TrimSpace(name)), ":")
	if !ok {
		return Law{}, fmt.Errorf("%w %q (want family:parameter, as chisq:2.5 or extreme:300)", ErrLaw, name)
	}
	for f, p := range familyPrefix {
		if p != prefix {
			continue
		}
		x, err := strconv.ParseFloat(param, 64)
		if err != nil && !errors.Is(err, strconv.ErrRange) {
			return Law{}, fmt.Errorf("%w %q: parameter %q is not a number", ErrLaw, name, param)
		}
		l := Law{Family: Family(f), Param: x}
		if err := l.Check(); err != nil {
			return Law{}, err
		}
		return l, nil
	}
	return Law{}, fmt.Errorf("%w %q: family %q is not chisq or extreme", ErrLaw, name, prefix)
}

// Check returns an error wrapping ErrLaw if the law's parameter lies
// outside its family's range.
func (l Law) Check() error {
	if l.Family != ChiSquare && l.Family != Extreme {
		return fmt.Errorf("%w: family %d", ErrLaw, int(l.Family))
	}
	r := l.Family.Range()
	if !(l.Param >= r.Min && l.Param <= r.Max) {
		return fmt.Errorf("%w %q: %s = %v is outside %s (%s)", ErrLaw, l, r.Name, l.Param, r, r.Why)
	}
	return nil
}

// NormSquares draws n squared norms from the law (see Law). It panics if
// the law fails Check: ParseLaw returns only laws that pass it.
func (l Law) NormSquares(n int, r *rand.Rand) []float64 {
	if err := l.Check(); err != nil {
		panic(err)
	}
	L := make([]float64, n)
	l.drawNormSquares(L, 0, r, l.quantiler(), nil)
	return L
}

// The pacing cost of one χ²_k quantile, in pacer units (about a
// nanosecond natively): a fixed part, and one per term of its series and
// continued fractions, which grow with k.
const (
	quantileWork = 256
	termWork     = 8
)

// drawNormSquares fills L[from:] with draws from the law (g is the χ²
// law's quantile, nil for the others), handing pace, if not nil, the work
// of every draw; it stops after the draw that spends pace's step and
// returns the index to resume at, len(L) once L is full.
func (l Law) drawNormSquares(L []float64, from int, r *rand.Rand, g *gammaQuantile, pace *pacer) int {
	switch l.Family {
	case ChiSquare:
		for i := from; i < len(L); i++ {
			// u = (m + ½)/2⁵³ ∈ (0, 1): never 0, whose quantile would empty
			// the row, nor 1 (see drawTail).
			L[i] = 2 * g.quantile(drawTail(r.Uint64()>>11))
			work := quantileWork + g.terms*termWork
			g.terms = 0
			if pace != nil && !pace.add(work) {
				return i + 1
			}
		}
	case Extreme:
		for i := range L {
			L[i] = 1
		}
		L[0] = l.Param
	default:
		panic(fmt.Sprintf("synth: unknown Family %d", int(l.Family)))
	}
	return len(L)
}

// quantiler returns the χ² law's quantile, nil for the other families.
func (l Law) quantiler() *gammaQuantile {
	if l.Family == ChiSquare {
		return newGammaQuantile(l.Param / 2)
	}
	return nil
}
