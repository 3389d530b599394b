package synth

import (
	"math"

	"imlab/core/fmath"
)

// The χ²_k quantile of the chisq:k laws, F_k⁻¹(u) = 2·G_a⁻¹(u) with a = k/2
// and G_a the regularized lower incomplete gamma function P(a, ·). It is
// computed here rather than by gonum's distuv.ChiSquared.Quantile for two
// reasons: gonum's uses math.Exp, math.Pow and math.Lgamma, whose amd64
// assembly differs from their pure-Go versions in the last bit, so native
// and WebAssembly data differed; and gonum's panics or loops without end
// far outside the parameters the generator accepts. This one uses only IEEE
// basic operations (products rounded before any sum: no fused
// multiply-add), math.Sqrt and fmath's Exp and Log, so it gives the same
// bits on every platform, and every loop in it has a fixed bound.
//
// Method: safeguarded Newton iteration on log P(a, x) = log u (or on
// log Q(a, x) = log(1 − u) in the upper half), in steps multiplicative in
// x, from the Wilson–Hilferty or a power-law first guess, with P by its
// power series (DLMF 8.7.1) below x = a + 1 and Q by Legendre's continued
// fraction (DLMF 8.9.2, modified Lentz) above, as in Numerical Recipes'
// gammp and gammq. Where a Newton step leaves the bracket that the
// iterates have established, the bracket is halved geometrically instead,
// so the iteration converges for every a and u the generator uses.

// Bounds on the quantile's loops. The series and the continued fraction
// need about 9·√a terms where x is near a (about 640 at a = MaxChiSquareK/2);
// quantileTerms leaves room beyond that. TestChiSquareQuantileConverges
// checks that no term limit is reached over the valid range of k.
const (
	quantileTerms = 2048 // terms of one series or continued fraction
	// quantileSteps bounds the Newton iteration: geometric bisection alone
	// narrows log x's bracket, at most 1500 wide, below 2⁻⁵² in 64 halvings.
	quantileSteps = 96
	quantileEps   = 0x1p-53
	tailTolerance = 0x1p-50 // relative error of the computed P or Q
	// lentzTiny keeps the modified Lentz method away from division by zero.
	lentzTiny = 0x1p-1000
)

// gammaQuantile holds what the quantiles of one shape a have in common.
type gammaQuantile struct {
	a         float64
	lnGamma1p float64 // log Γ(a + 1)
	stirling  float64 // log Γ(a + 1) − (a + ½)·log a + a − ½·log 2π, for a ≥ 10
	sqrt2PiA  float64 // √(2πa)
	// converged is false once a series, a fraction or the iteration ran out
	// of terms or steps (for tests: within the valid range it never does).
	converged bool
	// terms counts the series' and fractions' terms, for pacing.
	terms int
}

func newGammaQuantile(a float64) *gammaQuantile {
	g := &gammaQuantile{a: a, lnGamma1p: lnGamma1p(a), converged: true}
	if a >= 10 {
		// log Γ(a + 1) = (a + ½)·log a − a + ½·log 2π + stirlingSeries(a):
		// the series alone, without the cancellation of terms of order
		// a·log a that the difference would suffer.
		g.stirling = stirlingSeries(a)
	}
	g.sqrt2PiA = math.Sqrt(float64(2*math.Pi) * a)
	return g
}

// halfLog2Pi is ½·log 2π.
const halfLog2Pi = 0.91893853320467274178

// chiSquareQuantile is F_k⁻¹(u) for 0 < u < 1 (see gammaQuantile).
func chiSquareQuantile(k, u float64) float64 {
	g := newGammaQuantile(k / 2)
	if u > 0.5 {
		return 2 * g.quantile(1-u, true)
	}
	return 2 * g.quantile(u, false)
}

// drawTail turns 53 random bits m into a tail probability of the uniform
// u = (m + ½)/2⁵³: u itself (upper false) below ½, else 1 − u (upper true),
// computed as (2⁵³ − 1 − m + ½)/2⁵³. Both are exact and lie in
// [2⁻⁵⁴, ½ − 2⁻⁵⁴]; u itself, rounded, would reach 1 (an infinite
// quantile) for m = 2⁵³ − 1.
func drawTail(m uint64) (tail float64, upper bool) {
	const half = 1 << 52
	if m < half {
		return (float64(m) + 0.5) / (1 << 53), false
	}
	return (float64(2*half-1-m) + 0.5) / (1 << 53), true
}

// quantile returns x with P(a, x) = tail (upper false) or Q(a, x) = tail
// (upper true), for 0 < tail ≤ ½.
func (g *gammaQuantile) quantile(target float64, upper bool) float64 {
	a := g.a
	x := g.firstGuess(target, upper)
	// The bracket (lo, hi) always holds the root: P(a, 2⁻¹⁰⁷⁴) and
	// Q(a, 2a + 200) are below 2⁻⁵⁴, the smallest tail drawn, over the
	// valid range of k (TestChiSquareRangeEnds).
	lo, hi := math.SmallestNonzeroFloat64, float64(2*a)+200
	if !(x > lo && x < hi) {
		x = math.Sqrt(hi) * 1e-3
	}
	tolerance := float64(tailTolerance * (1 - fmath.Log(target)))
	for range quantileSteps {
		tail, d := g.tails(x, upper)
		// d log P / d log x = a·D/P and d log Q / d log x = −a·D/Q, where
		// D = x^a e^{−x}/Γ(a+1) is the density times x/a.
		ratio := tail / target
		if ratio == 1 {
			return x
		}
		if (ratio < 1) != upper { // P(a, x) < u: the root is above x
			lo = x
		} else {
			hi = x
		}
		slope := float64(a*d) / tail
		if upper {
			slope = -slope
		}
		logRatio := fmath.Log(ratio)
		step := -logRatio / slope
		// Done once the step is below the last bit of x, or once the tail
		// is the target to within its own rounding errors, below which
		// steps only follow those errors: a few ulps, times the size of
		// D's exponent (about |log target|) in the far tails.
		if math.Abs(step) <= quantileEps || math.Abs(logRatio) <= tolerance {
			return x * fmath.Exp(step)
		}
		next := x * fmath.Exp(step)
		if !(next > lo && next < hi) { // NaN too
			next = geometricMean(lo, hi)
		}
		if next == x {
			return x
		}
		x = next
	}
	g.converged = false
	return x
}

// geometricMean is √(lo·hi) without overflow or underflow.
func geometricMean(lo, hi float64) float64 { return math.Sqrt(lo) * math.Sqrt(hi) }

// firstGuess is a starting point for the Newton iteration. From a = 1 on
// it is the Wilson–Hilferty approximation a·(1 − 1/(9a) + z/(3√a))³, z =
// Φ⁻¹(u). Below, it is x = (u·Γ(a+1))^{1/a}, from P(a, x) ≈ x^a/Γ(a+1)
// for small x, unless that x exceeds 1 in the upper tail, where
// Q(a, x) ≈ x^{a−1}e^{−x}/Γ(a) is solved by a few fixed-point steps.
func (g *gammaQuantile) firstGuess(target float64, upper bool) float64 {
	a := g.a
	if a >= 1 {
		z := normalQuantile(target) // Φ⁻¹(u) = −Φ⁻¹(1 − u)
		if upper {
			z = -z
		}
		if base := 1 - 1/float64(9*a) + z/float64(3*math.Sqrt(a)); base > 0 {
			return float64(a*base) * float64(base*base)
		}
	}
	u := target
	if upper {
		u = 1 - target
	}
	x := fmath.Exp((fmath.Log(u) + g.lnGamma1p) / a)
	if !upper || x < 1 {
		return x
	}
	lnGamma := g.lnGamma1p - fmath.Log(a)
	x = 1
	for range 3 {
		x = max(1, -fmath.Log(target)-lnGamma+float64((a-1)*fmath.Log(x)))
	}
	return x
}

// tails returns P(a, x) (upper false) or Q(a, x) (upper true), and
// D = x^a e^{−x}/Γ(a+1). Each comes from the expansion that converges fast
// where x is: the series below a + 1, the continued fraction above; the
// other tail is one minus it, which there is at least about 0.3.
func (g *gammaQuantile) tails(x float64, upper bool) (tail, d float64) {
	d = g.prefactor(x)
	if x < g.a+1 {
		p := float64(d * g.series(x))
		if upper {
			return 1 - p, d
		}
		return p, d
	}
	q := float64(float64(d*g.a) * g.fraction(x))
	if upper {
		return q, d
	}
	return 1 - q, d
}

// prefactor is D = x^a e^{−x}/Γ(a+1). Small shapes take it as
// exp(a·log x − x − log Γ(a+1)); from a = 10 on it is
// exp(a·(log(x/a) − (x/a − 1)) − stirling)/√(2πa), whose exponent has no
// cancellation between terms of order a·log a when x is near a.
func (g *gammaQuantile) prefactor(x float64) float64 {
	a := g.a
	if a < 10 {
		return fmath.Exp(float64(a*fmath.Log(x)) - x - g.lnGamma1p)
	}
	return fmath.Exp(float64(a*logRatioTerm(x, a))-g.stirling) / g.sqrt2PiA
}

// logRatioTerm is log t − (t − 1) for t = x/a: log1pmx(s) for s = t − 1
// near 0, where it has no cancellation, and log(x/a) − s elsewhere (not
// log(1 + s), which loses x/a when it is tiny).
func logRatioTerm(x, a float64) float64 {
	s := (x - a) / a
	if s < -0.5 || s > 1 {
		return fmath.Log(x/a) - s
	}
	return log1pmx(s)
}

// series is Σ_{n≥0} xⁿ/((a+1)(a+2)…(a+n)), so that P(a, x) = D·series.
func (g *gammaQuantile) series(x float64) float64 {
	sum, term := 1.0, 1.0
	for n := 1.0; n <= quantileTerms; n++ {
		term = float64(term*x) / (g.a + n)
		sum += term
		g.terms++
		if term <= float64(quantileEps*sum) {
			return sum
		}
	}
	g.converged = false
	return sum
}

// fraction is Legendre's continued fraction 1/(x+1−a− 1·(1−a)/(x+3−a− …)),
// so that Q(a, x) = a·D·fraction, by the modified Lentz method.
func (g *gammaQuantile) fraction(x float64) float64 {
	b := x + 1 - g.a
	c := 1 / lentzTiny
	d := 1 / b
	h := d
	for i := 1.0; i <= quantileTerms; i++ {
		an := -float64(i * (i - g.a))
		b += 2
		d = float64(an*d) + b
		if math.Abs(d) < lentzTiny {
			d = lentzTiny
		}
		c = b + an/c
		if math.Abs(c) < lentzTiny {
			c = lentzTiny
		}
		d = 1 / d
		delta := float64(d * c)
		h *= delta
		g.terms++
		if math.Abs(delta-1) <= quantileEps {
			return h
		}
	}
	g.converged = false
	return h
}

// log1pmx is log(1 + s) − s for −½ ≤ s ≤ 1, by the series of atanh:
// log(1+s) − s = r·(2·Σ_{j≥1} r^{2j}/(2j+1) − s) with r = s/(2+s), which
// has no cancellation.
func log1pmx(s float64) float64 {
	r := s / (2 + s) // |r| ≤ 1/3
	r2 := float64(r * r)
	sum, power := 0.0, 1.0
	for j := 1.0; j <= 40; j++ {
		power = float64(power * r2)
		term := power / (2*j + 1)
		sum += term
		if term <= float64(quantileEps*sum) {
			break
		}
	}
	return float64(r * (float64(2*sum) - s))
}

// lnGamma1p is log Γ(a + 1) for a > 0: Γ(a+1) = Γ(z)/((a+1)(a+2)…(z−1))
// with z ≥ 10, and Stirling's series for log Γ(z), which there is accurate
// to below 1e−17 with the terms up to z⁻¹⁵.
func lnGamma1p(a float64) float64 {
	z, product := a+1, 1.0
	for z < 10 {
		product = float64(product * z)
		z++
	}
	return float64((z-0.5)*fmath.Log(z)) - z + halfLog2Pi + stirlingSeries(z) - fmath.Log(product)
}

// stirlingSeries is log Γ(z) − (z − ½)·log z + z − ½·log 2π for z ≥ 10:
// Σ B_{2m}/(2m(2m−1)·z^{2m−1}), m = 1 … 8.
func stirlingSeries(z float64) float64 {
	w := 1 / float64(z*z)
	// Horner's scheme on the coefficients B_{2m}/(2m(2m−1)).
	const (
		s1 = 1.0 / 12
		s2 = -1.0 / 360
		s3 = 1.0 / 1260
		s4 = -1.0 / 1680
		s5 = 1.0 / 1188
		s6 = -691.0 / 360360
		s7 = 1.0 / 156
		s8 = -3617.0 / 122400
	)
	p := s8
	for _, c := range [...]float64{s7, s6, s5, s4, s3, s2, s1} {
		p = float64(p*w) + c
	}
	return p / z
}

// normalQuantile is Φ⁻¹(u) for 0 < u ≤ ½ to a relative error of about
// 1e−9 (P. J. Acklam's rational approximations): a first guess only.
func normalQuantile(u float64) float64 {
	if u < 0.02425 {
		q := math.Sqrt(float64(-2 * fmath.Log(u)))
		return acklamTail(q)
	}
	q := u - 0.5
	r := float64(q * q)
	num := horner(r, -3.969683028665376e+01, 2.209460984245205e+02, -2.759285104469687e+02,
		1.383577518672690e+02, -3.066479806614716e+01, 2.506628277459239e+00)
	den := horner(r, -5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02,
		6.680131188771972e+01, -1.328068155288572e+01, 1)
	return float64(num*q) / den
}

// acklamTail is Φ⁻¹(u) for u in the lower tail, from q = √(−2·log u).
func acklamTail(q float64) float64 {
	num := horner(q, -7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00,
		-2.549671010243023e+00, 4.374664141464968e+00, 2.938163982698783e+00)
	den := horner(q, 7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00,
		3.754408661907416e+00, 1)
	return num / den
}

// horner evaluates c[0]·xⁿ⁻¹ + … + c[n−1].
func horner(x float64, c ...float64) float64 {
	p := 0.0
	for _, ci := range c {
		p = float64(p*x) + ci
	}
	return p
}
