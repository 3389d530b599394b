package fmath

import "math"

// Log returns the natural logarithm of x, faithfully rounded (measured error
// below 0.9 ulp), with the same bits on every platform.
//
// It is the algorithm of FreeBSD's e_log.c, which Go's math.Log uses in pure
// Go and in amd64 assembly, so for normal x it gives math.Log's bits; unlike
// that assembly it also handles subnormal x correctly.
//
// Special cases are:
//
//	Log(+Inf) = +Inf
//	Log(0) = −Inf
//	Log(x < 0) = NaN
//	Log(NaN) = NaN
func Log(x float64) float64 {
	const (
		ln2Hi = 6.93147180369123816490e-01 // 0x3fe62e42fee00000
		ln2Lo = 1.90821492927058770002e-10 // 0x3dea39ef35793c76
		l1    = 6.666666666666735130e-01   // 0x3fe5555555555593
		l2    = 3.999999999940941908e-01   // 0x3fd999999997fa04
		l3    = 2.857142874366239149e-01   // 0x3fd2492494229359
		l4    = 2.222219843214978396e-01   // 0x3fcc71c51d8e78af
		l5    = 1.818357216161805012e-01   // 0x3fc7466496cb03de
		l6    = 1.531383769920937332e-01   // 0x3fc39a09d078c69f
		l7    = 1.479819860511658591e-01   // 0x3fc2f112df3e5244
	)
	switch {
	case math.IsNaN(x) || math.IsInf(x, 1):
		return x
	case x < 0:
		return math.NaN()
	case x == 0:
		return math.Inf(-1)
	}

	// x = 2^k·(1 + f) with √½ ≤ 1 + f < √2 (Frexp normalises subnormals).
	f1, ki := math.Frexp(x)
	if f1 < math.Sqrt2/2 {
		f1 *= 2
		ki--
	}
	f := f1 - 1
	k := float64(ki)

	// log(1 + f) = 2s + 2s³/3 + … with s = f/(2 + f) = f − s·(f − R) − hf².
	s := f / (2 + f)
	s2 := s * s
	s4 := s2 * s2
	t1 := float64(s2 * (l1 + float64(s4*(l3+float64(s4*(l5+float64(s4*l7)))))))
	t2 := float64(s4 * (l2 + float64(s4*(l4+float64(s4*l6)))))
	R := t1 + t2
	hfsq := float64(float64(0.5*f) * f)
	return float64(k*ln2Hi) - ((hfsq - (float64(s*(hfsq+R)) + float64(k*ln2Lo))) - f)
}
