package synth

import (
	"fmt"
	"math"
	"strconv"
)

// The valid ranges of the generator's parameters, the one place that
// defines them: Config.Check, ParseLaw and every caller that reads them
// from a user (the CLI's flags, the page's link) check against these.
//
// Both laws' ranges keep every squared norm L_i within [MinNormSquare,
// MaxNormSquare]:
//
//   - Below, a row's values are its normals z_j times √(L_i/S), with S the
//     sum of their squares: S < 2³⁹ (at most 2³¹ − 1 features, each z_j² <
//     2⁸), so L_i ≥ 2⁻⁹⁸³ keeps L_i/S a normal number and the row's squared
//     norm L_i to full precision. Smaller norms lose bits and then their
//     values (the extreme law with w = 5e−324 wrote zeros; chisq:1e−300
//     drew no non-zero at all).
//   - Above, the theory sums norms over at most n ≤ 2³¹ examples, times
//     factors up to τ ≤ n (its ESO weights and buckets): n²·L_i stays finite
//     for L_i ≤ 2⁹⁶⁰. (The extreme law with w = 1e307 gave NaN
//     probabilities at n = 200, τ = 64.)
const (
	MinNormSquare = 0x1p-983 // ≈ 1.25e−296
	MaxNormSquare = 0x1p960  // ≈ 9.7e288
)

// The families' parameter ranges.
const (
	// MinChiSquareK is the smallest k whose smallest draw, the quantile of
	// the smallest u the generator draws (2⁻⁵⁴), is at least MinNormSquare
	// (TestChiSquareRangeEnds): the quantile behaves as
	// (u·Γ(k/2+1))^{2/k}, so smaller k underflow fast.
	MinChiSquareK = 0.11
	// MaxChiSquareK is the largest k, where χ²_k's norms lie within −12 % … +13 %
	// of their mean (from u = 2⁻⁵⁴ to 1 − 2⁻⁵⁴): beyond, the law adds
	// nothing to the homogeneous case, while the quantile's series and
	// continued fraction need about 9·√(k/2) terms (quantileTerms bounds
	// them).
	MaxChiSquareK = 1e4
	// MinExtremeWeight and MaxExtremeWeight are round numbers inside
	// [MinNormSquare, MaxNormSquare], the weight being a squared norm.
	MinExtremeWeight = 1e-295
	MaxExtremeWeight = 1e288
)

// Range is the closed interval of a law parameter's valid values.
type Range struct {
	Name     string // the parameter as messages write it: "k", "w"
	Min, Max float64
	Why      string // what the ends keep, for messages
}

// String writes the range as "0.111 ≤ k ≤ 10000".
func (r Range) String() string {
	g := func(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
	return g(r.Min) + " ≤ " + r.Name + " ≤ " + g(r.Max)
}

// Range returns the valid range of the family's parameter.
func (f Family) Range() Range {
	if f == Extreme {
		return Range{"w", MinExtremeWeight, MaxExtremeWeight,
			"where every row keeps its norm and the theory's sums stay finite"}
	}
	return Range{"k", MinChiSquareK, MaxChiSquareK,
		"where every draw keeps its row's norm and the quantile is computed to full precision"}
}

// Param is one of Config's parameters, so that a caller can name it as its
// user knows it: a flag, a key of a link.
type Param int

// Config's parameters, in the order Config.Check checks them.
const (
	ParamN Param = iota
	ParamD
	ParamDensity
	ParamNorms
)

// ParamError is a Config parameter outside its valid range. It wraps
// ErrConfig, or ErrLaw for Norms.
type ParamError struct {
	Param Param
	Err   error // the value given and the range wanted
}

func (e *ParamError) Error() string { return e.Err.Error() }
func (e *ParamError) Unwrap() error { return e.Err }

// checkParams returns a *ParamError for the first of cfg's parameters
// outside its range, in Param's order.
func (cfg Config) checkParams() error {
	bad := func(p Param, format string, args ...any) error {
		return &ParamError{p, fmt.Errorf("%w: "+format, append([]any{ErrConfig}, args...)...)}
	}
	switch {
	case cfg.N <= 0:
		return bad(ParamN, "N = %d examples, want N ≥ 1", cfg.N)
	case cfg.D <= 0 || cfg.D > math.MaxInt32:
		return bad(ParamD, "D = %d features, want 1 ≤ D ≤ %d", cfg.D, math.MaxInt32)
	case !(cfg.Density > 0 && cfg.Density <= 1):
		return bad(ParamDensity, "density ω' = %v, want 0 < ω' ≤ 1", cfg.Density)
	}
	if err := cfg.Norms.Check(); err != nil {
		return &ParamError{ParamNorms, err}
	}
	return nil
}
