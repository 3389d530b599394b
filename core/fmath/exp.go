package fmath

import "math"

// Constants of Exp. With N = 128 table entries, x = k·ln2/N + r where k is
// the integer nearest x·N/ln2 and |r| ≤ ln2/(2N) (plus rounding), so that
// e^x = 2^(k/N)·e^r.
const (
	expTableBits = 7
	expN         = 1 << expTableBits
	invLn2N      = 0x1.71547652b82fep0 * expN // N/ln2
	// −ln2/N in two parts; negLn2HiN has enough trailing zero bits that
	// k·negLn2HiN is exact for every |k| < 2^20.
	negLn2HiN = -0x1.62e42fefa0000p-8
	negLn2LoN = -0x1.cf79abc9e3b3ap-47
	// Adding expShift = 1.5·2^52 rounds to an integer, which then sits in
	// the low bits of the sum's representation.
	expShift = 0x1.8p52
	// e^r − 1 − r ≈ r²(c2 + r·c3) + r⁴(c4 + r·c5) on |r| ≤ ln2/256, with
	// absolute error about 1.6·2^−66 (Remez coefficients of ARM's optimized
	// routines).
	expC2 = 0x1.ffffffffffdbdp-2
	expC3 = 0x1.555555555543cp-3
	expC4 = 0x1.55555cf172b91p-5
	expC5 = 0x1.1111167a4d017p-7
)

// Exponent fields (sign and exponent bits) of the thresholds of Exp.
const (
	top12Tiny = 0x3ff - 54 // 2^−54: below it e^x rounds to 1 + x
	top12Big  = 0x3ff + 9  // 512: from here on the scale may leave the normal range
	top12Huge = 0x3ff + 10 // 1024: e^x overflows or underflows outright
	top12Inf  = 0x7ff
)

// Exp returns e^x, faithfully rounded (measured error below 0.52 ulp), with
// the same bits on every platform.
//
// Special cases are:
//
//	Exp(+Inf) = +Inf
//	Exp(−Inf) = 0
//	Exp(NaN) = NaN
//
// Very large values overflow to +Inf (x > 709.782712893384); very small ones
// underflow through the subnormals to 0 (x < −745.1332191019412).
func Exp(x float64) float64 {
	abstop := uint32(math.Float64bits(x)>>52) & 0x7ff
	// One unsigned comparison sends |x| < 2^−54 (which wraps around),
	// |x| ≥ 512, infinities and NaN off the main path.
	if abstop-top12Tiny >= top12Big-top12Tiny {
		if abstop-top12Tiny >= 1<<31 {
			return 1 + x
		}
		if abstop >= top12Huge {
			switch {
			case x == math.Inf(-1):
				return 0
			case abstop >= top12Inf: // +Inf or NaN
				return 1 + x
			case x < 0:
				return 0
			default:
				return math.Inf(1)
			}
		}
		abstop = 0 // 512 ≤ |x| < 1024: finish in expLarge
	}

	// k = round(x·N/ln2), r = x − k·ln2/N.
	kd := float64(invLn2N*x) + expShift
	ki := math.Float64bits(kd)
	kd -= expShift
	r := x + float64(kd*negLn2HiN) + float64(kd*negLn2LoN)

	// 2^(k/N) = 2^(k div N) · 2^((k mod N)/N) ≈ scale·(1 + tail): the table
	// holds scale's bits less (k mod N)<<45, so adding k<<45 puts k div N
	// into the exponent field.
	e := &expTable[ki%expN]
	tail := math.Float64frombits(e.tail)
	sbits := e.scale + ki<<(52-expTableBits)

	// e^x ≈ scale + scale·(tail + e^r − 1).
	r2 := r * r
	tmp := tail + r + float64(r2*(expC2+float64(r*expC3))) + float64(float64(r2*r2)*(expC4+float64(r*expC5)))
	if abstop == 0 {
		return expLarge(tmp, sbits, ki)
	}
	scale := math.Float64frombits(sbits)
	return scale + float64(scale*tmp)
}

// expLarge finishes Exp for 512 ≤ |x| < 1024, where the scale's exponent
// field may have overflowed (k > 0) or the result may be subnormal (k < 0).
func expLarge(tmp float64, sbits, ki uint64) float64 {
	if ki&(1<<31) == 0 {
		// k > 0: build the scale 2^1009 too small, multiply back at the end
		// (which overflows to +Inf exactly when e^x does).
		scale := math.Float64frombits(sbits - 1009<<52)
		return 0x1p1009 * (scale + float64(scale*tmp))
	}
	// k < 0: build the scale 2^1022 too large. A result in the subnormal
	// range is rounded to its final precision before the scaling, which
	// then is exact, so that it is not rounded twice.
	scale := math.Float64frombits(sbits + 1022<<52)
	y := scale + float64(scale*tmp)
	if y < 1 {
		lo := scale - y + float64(scale*tmp)
		hi := 1 + y
		lo = 1 - hi + y + lo
		y = (hi + lo) - 1 // never −0 when rounding to nearest
	}
	return 0x1p-1022 * y
}
