package synth

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"

	"gonum.org/v1/gonum/stat/distuv"
)

// Family is a continuous family of norm laws, for drawing maps over
// heterogeneity: the paper's named laws are single points of these families.
type Family int

const (
	// ChiSquare is L_i ~ χ²_k for a real k > 0 (chisq1, chisq10 and
	// chisq100 are k = 1, 10, 100, drawn differently: see Law).
	ChiSquare Family = iota
	// Extreme is L = ones(n), L_0 = w for a real weight w > 0 (the paper's
	// extreme law is w = ExtremeNorm).
	Extreme
)

// familyPrefix is how a Law names its family in Config.Norms.
var familyPrefix = [...]string{ChiSquare: "chisq", Extreme: "extreme"}

// Law is one member of a Family: its Param is k for ChiSquare and w for
// Extreme. Its String, "chisq:1.5" or "extreme:300", is a name Config.Norms
// and NormSquares accept.
//
// A ChiSquare Law draws L_i = F_k⁻¹(u_i), the χ²_k quantile of a uniform
// u_i from the norms stream, so that for a fixed seed the norms move
// continuously with k (common random numbers): a map over k then shows the
// law's effect, not the noise of fresh draws. "chisq:10" therefore draws a
// different sample of the same law as "chisq10". The quantile uses math.Exp,
// so its last bits may differ between amd64 and wasm.
type Law struct {
	Family Family
	Param  float64
}

// String returns the law's name, shortest float formatting.
func (l Law) String() string {
	return familyPrefix[l.Family] + ":" + strconv.FormatFloat(l.Param, 'g', -1, 64)
}

// ParseLaw reads a name written by Law.String ("chisq:k" or "extreme:w",
// case-insensitive). The parameter must be positive and finite.
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
		if err != nil || !(x > 0) || math.IsInf(x, 0) {
			return Law{}, fmt.Errorf("%w %q: parameter %q is not a positive number", ErrLaw, name, param)
		}
		return Law{Family: Family(f), Param: x}, nil
	}
	return Law{}, fmt.Errorf("%w %q: family %q is not chisq or extreme", ErrLaw, name, prefix)
}

// ValidNorms reports whether name is one of Laws or a Law's name.
func ValidNorms(name string) bool {
	_, err := NormSquares(name, 1, rand.NewPCG(0, 0))
	return err == nil
}

// NormSquares draws n squared norms from the law (see Law).
func (l Law) NormSquares(n int, r *rand.Rand) []float64 {
	L := make([]float64, n)
	switch l.Family {
	case ChiSquare:
		for i := range L {
			// u ∈ (0, 1): never 0, whose quantile would empty the row.
			u := (float64(r.Uint64()>>11) + 0.5) / (1 << 53)
			L[i] = chiSquareQuantile(l.Param, u)
		}
	case Extreme:
		for i := range L {
			L[i] = 1
		}
		L[0] = l.Param
	default:
		panic(fmt.Sprintf("synth: unknown Family %d", int(l.Family)))
	}
	return L
}

// chiSquareQuantile is F_k⁻¹(u). gonum's quantile returns 0 far in the lower
// tail of small k (below u ≈ 1e−5 at k = 0.5), where the CDF is
// P(a, y) = y^a e^{−y} Σ_m y^m/Γ(a+m+1) with a = k/2, y = x/2; there the
// fixed point y = (u Γ(a+1) e^y / S(y))^{1/a}, S(y) = Σ_m y^m Γ(a+1)/Γ(a+m+1),
// converges in a few steps because y is tiny.
func chiSquareQuantile(k, u float64) float64 {
	chi := distuv.ChiSquared{K: k}
	if x := chi.Quantile(u); x > 0 && math.Abs(chi.CDF(x)-u) <= 1e-9*u {
		return x
	}
	a := float64(k / 2)
	lg, _ := math.Lgamma(a + 1)
	y := math.Exp((math.Log(u) + lg) / a)
	for range 30 {
		s, term := 1.0, 1.0
		for m := 1; m < 60 && term > 1e-17*s; m++ {
			term = float64(term * (y / (a + float64(m))))
			s += term
		}
		next := math.Exp((math.Log(u) + lg + y - math.Log(s)) / a)
		if next == y {
			break
		}
		y = next
	}
	return 2 * y
}
