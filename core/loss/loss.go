package loss

import (
	"errors"
	"math"
	"strconv"

	"imlab/core/fmath"
)

// Loss is a convex, 1/γ-smooth loss φ(z; y) of a margin z = xᵀw and label y.
type Loss interface {
	// Value is φ(z; y).
	Value(z, y float64) float64
	// Deriv is φ'(z; y), the derivative in z.
	Deriv(z, y float64) float64
	// Curvature is φ''(z; y) where it exists, and a generalised second
	// derivative at kinks; Newton-type solvers use it.
	Curvature(z, y float64) float64
	// Gamma is γ: φ' is (1/γ)-Lipschitz.
	Gamma() float64
	// String names the loss as Parse accepts it.
	String() string
}

// Logistic is φ(z) = log(1 + exp(−y z)) for labels y ∈ {−1, +1}; γ = 4.
type Logistic struct{}

// Value returns log(1 + exp(−yz)) without overflow.
func (Logistic) Value(z, y float64) float64 { return softplus(-y * z) }

// Deriv returns −y / (1 + exp(yz)).
func (Logistic) Deriv(z, y float64) float64 { return -y * sigmoid(-y*z) }

// Curvature returns y² s (1 − s) with s = 1/(1 + exp(−|yz|)), the smaller
// of the two factors, so it stays accurate (not 0) for large |yz|.
func (Logistic) Curvature(z, y float64) float64 {
	s := sigmoid(-math.Abs(y * z))
	return y * y * s * (1 - s)
}

// Gamma returns 4, since φ” ≤ 1/4.
func (Logistic) Gamma() float64 { return 4 }

// DerivCurvature returns Deriv(z, y), the same bits, and Curvature(z, y),
// the same bits for yz ≥ 0 and within two roundings otherwise, from one
// exponential e^(−|yz|) and one division (the two share them).
func (Logistic) DerivCurvature(z, y float64) (deriv, curv float64) {
	t := -y * z
	e := fmath.Exp(-math.Abs(t))
	// sigmoid(t) = 1/(1 + e) for t ≥ 0 and e/(1 + e) for t < 0, as
	// sigmoid computes it, the numerator picked by t's sign bit without a
	// branch: a refresh calls this for every example, and the sign of t is
	// as random as the labels. At t = 0 both are ½ exactly.
	neg := uint64(int64(math.Float64bits(t)) >> 63)
	pick := func(a, b float64) float64 { // a where t < 0, else b
		return math.Float64frombits(math.Float64bits(a)&neg | math.Float64bits(b)&^neg)
	}
	q := pick(e, 1) / (1 + e)
	// The curvature's factor sigmoid(−|t|) is q itself for t < 0 and
	// e·q = e/(1 + e) up to one rounding for t ≥ 0 (never 1 − q, which
	// cancels to 0 in the tails).
	s := pick(q, float64(e*q))
	return -y * q, y * y * s * (1 - s)
}

// ValueDeriv returns Value(z, y) and Deriv(z, y), the same bits, from one
// exponential e^(−|yz|) (the two share it).
func (Logistic) ValueDeriv(z, y float64) (value, deriv float64) {
	t := float64(-y * z) // rounded: t + value must not fuse
	e := fmath.Exp(-math.Abs(t))
	value = math.Log1p(e)
	if t > 0 {
		value = t + value
	}
	if t >= 0 {
		return value, -y * (1 / (1 + e))
	}
	return value, -y * (e / (1 + e))
}

func (Logistic) String() string { return "logistic" }

// Square is φ(z) = ½ (z − y)²; γ = 1.
type Square struct{}

// Value returns ½(z − y)².
func (Square) Value(z, y float64) float64 { return 0.5 * (z - y) * (z - y) }

// Deriv returns z − y.
func (Square) Deriv(z, y float64) float64 { return z - y }

// Curvature returns 1.
func (Square) Curvature(z, y float64) float64 { return 1 }

// Gamma returns 1.
func (Square) Gamma() float64 { return 1 }

func (Square) String() string { return "square" }

// SmoothHinge is the smoothed hinge loss of width Mu > 0
// (Shalev-Shwartz & Zhang): with m = yz, φ = 0 for m ≥ 1, 1 − m − μ/2 for
// m ≤ 1 − μ, and (1 − m)²/(2μ) in between; γ = μ.
type SmoothHinge struct{ Mu float64 }

// Value returns the smoothed hinge loss.
func (h SmoothHinge) Value(z, y float64) float64 {
	m := float64(y * z)
	switch {
	case m >= 1:
		return 0
	case m <= 1-h.Mu:
		return 1 - m - float64(h.Mu/2) // x/2 compiles to x*0.5
	default:
		return (1 - m) * (1 - m) / (2 * h.Mu)
	}
}

// Deriv returns the derivative in z.
func (h SmoothHinge) Deriv(z, y float64) float64 {
	m := float64(y * z)
	switch {
	case m >= 1:
		return 0
	case m <= 1-h.Mu:
		return -y
	default:
		return -y * (1 - m) / h.Mu
	}
}

// ValueDeriv returns Value(z, y) and Deriv(z, y), the same bits.
func (h SmoothHinge) ValueDeriv(z, y float64) (value, deriv float64) {
	m := float64(y * z)
	switch {
	case m >= 1:
		return 0, 0
	case m <= 1-h.Mu:
		return 1 - m - float64(h.Mu/2), -y
	default:
		return (1 - m) * (1 - m) / (2 * h.Mu), -y * (1 - m) / h.Mu
	}
}

// Curvature returns y²/μ on the quadratic piece and 0 elsewhere.
func (h SmoothHinge) Curvature(z, y float64) float64 {
	m := float64(y * z)
	if m >= 1 || m <= 1-h.Mu {
		return 0
	}
	return y * y / h.Mu
}

// Gamma returns μ.
func (h SmoothHinge) Gamma() float64 { return h.Mu }

func (h SmoothHinge) String() string {
	return "smoothhinge:" + strconv.FormatFloat(h.Mu, 'g', -1, 64)
}

// Errors returned by ParseSpec, wrapped with the offending text.
var (
	ErrUnknown   = errors.New("loss: unknown loss")
	ErrParameter = errors.New("loss: invalid loss parameter")
)

// softplus returns log(1 + e^t) accurately for every finite t.
//
// The exponentials are fmath.Exp, so that a loss has the same bits natively
// and in the browser; math.Log1p is pure Go on both. softplus and sigmoid
// each make one call, to e^(−|t|): in WebAssembly a call costs more than
// the arithmetic around it.
func softplus(t float64) float64 {
	l := math.Log1p(fmath.Exp(-math.Abs(t)))
	if t > 0 {
		return t + l
	}
	return l
}

// sigmoid returns 1/(1 + e^(−t)) without overflow.
func sigmoid(t float64) float64 {
	e := fmath.Exp(-math.Abs(t))
	if t >= 0 {
		return 1 / (1 + e)
	}
	return e / (1 + e)
}
