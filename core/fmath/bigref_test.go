package fmath

import (
	"math"
	"math/big"
	"sync"
)

// Reference values to refPrec bits, far beyond float64's 53, from which the
// tests measure errors in ulps.
const refPrec = 200

var ln2Big = sync.OnceValue(func() *big.Float {
	// ln 2 = Σ_{k≥1} 1/(k·2^k): each term adds a bit.
	sum := new(big.Float).SetPrec(refPrec + 20)
	for k := 1; k <= refPrec+30; k++ {
		term := newRef().SetInt64(1)
		term.SetMantExp(term, -k)
		sum.Add(sum, term.Quo(term, new(big.Float).SetInt64(int64(k))))
	}
	return sum
})

func newRef() *big.Float { return new(big.Float).SetPrec(refPrec + 20) }

// bigExp returns e^x to about refPrec bits: x = k·ln2 + r with |r| ≤ ln2/2,
// e^r by the Taylor series of r/2^8 squared 8 times.
func bigExp(x float64) *big.Float {
	k := math.Round(x / math.Ln2)
	r := newRef().Mul(newRef().SetFloat64(k), ln2Big())
	r.Sub(newRef().SetFloat64(x), r)
	const halvings = 8
	r.SetMantExp(r, -halvings)
	sum, term := newRef().SetInt64(1), newRef().SetInt64(1)
	for j := 1; j < 40; j++ {
		term.Mul(term, r)
		term.Quo(term, newRef().SetInt64(int64(j)))
		sum.Add(sum, term)
	}
	for range halvings {
		sum.Mul(sum, sum)
	}
	return sum.SetMantExp(sum, int(k))
}

// bigLog returns ln x for finite x > 0: x = m·2^e with m in [√½, √2),
// ln m = 2 atanh((m−1)/(m+1)) by its series.
func bigLog(x float64) *big.Float {
	m := newRef().SetFloat64(x)
	e := m.MantExp(m) // m in [½, 1)
	if m.Cmp(big.NewFloat(math.Sqrt2/2)) < 0 {
		m.SetMantExp(m, 1)
		e--
	}
	u := newRef().Sub(m, big.NewFloat(1))
	u.Quo(u, newRef().Add(m, big.NewFloat(1)))
	u2 := newRef().Mul(u, u)
	sum, pow := newRef(), newRef().Set(u)
	for j := 0; j < 80; j++ {
		sum.Add(sum, newRef().Quo(pow, newRef().SetInt64(int64(2*j+1))))
		pow.Mul(pow, u2)
	}
	sum.Mul(sum, big.NewFloat(2))
	return sum.Add(sum, newRef().Mul(newRef().SetInt64(int64(e)), ln2Big()))
}

// ulpError returns (got − want)/ulp(want) for a finite want ≠ 0, where
// ulp(want) = 2^(⌊log₂|want|⌋ − 52) is the spacing of float64 values at
// want's magnitude (2^−1074 among the subnormals).
func ulpError(got float64, want *big.Float) float64 {
	if math.IsInf(got, 0) {
		return math.Inf(1)
	}
	exp := max(want.MantExp(nil)-53, -1074) // |want| in [2^(e−1), 2^e)
	diff := newRef().Sub(newRef().SetFloat64(got), want)
	d, _ := diff.SetMantExp(diff, -exp).Float64()
	return d
}
