//go:build wasm

package synth

import "math"

// expNormal is math.Exp(x) for the normals' wedge test, x = −x²/2 ∈
// [−6, 0]. Under js/wasm math.Exp is math's pure Go exp, whose final
// math.Ldexp (normalising, splitting and reassembling its argument in
// general-purpose Go) took half of the wedge test's time; here the same
// reduction and polynomial (copied from Go's src/math/exp.go, Copyright
// 2009 The Go Authors, BSD licence; from FreeBSD's e_exp.c) end with a
// product by 2ᵏ, which is exactly what Ldexp returns when the result is a
// normal number, as it is for every x this function takes a shortcut for.
// TestExpNormal compares it with math.Exp bit for bit. Natively math.Exp
// is assembly (amd64) and is used as it is (exp_other.go).
func expNormal(x float64) float64 {
	const (
		Ln2Hi = 6.93147180369123816490e-01
		Ln2Lo = 1.90821492927058770002e-10
		Log2e = 1.44269504088896338700e+00

		P1 = 1.66666666666666657415e-01
		P2 = -2.77777777770155933842e-03
		P3 = 6.61375632143793436117e-05
		P4 = -1.65339022054652515390e-06
		P5 = 4.13813679705723846039e-08
	)
	// Outside (−700, −2⁻²⁸] math.Exp's special cases or a subnormal
	// result may apply: it answers.
	if !expShortcut(x) {
		return math.Exp(x)
	}
	k := int(float64(Log2e*x) - 0.5)
	hi := x - float64(float64(k)*Ln2Hi)
	lo := float64(float64(k) * Ln2Lo)
	r := hi - lo
	t := float64(r * r)
	c := r - float64(t*(P1+float64(t*(P2+float64(t*(P3+float64(t*(P4+float64(t*P5)))))))))
	y := 1 - ((lo - float64(r*c)/(2-c)) - hi)
	return float64(y * math.Float64frombits(uint64(1023+k)<<52))
}
