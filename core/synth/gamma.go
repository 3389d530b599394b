package synth

import "math"

// chiSquare returns a χ²_k draw from p's stream: what gonum's
// distuv.ChiSquared{K: k, Src: p}.Rand returns, which is Gamma{k/2, 1/2}
// by Marsaglia and Tsang's method (with Liu, Martin and Syring's for
// shapes below 0.2, and the exponential for shape 1, which this function
// does not implement). It performs gonum's operations (stat/distuv's
// gamma.go, BSD licence) in the same order with the same roundings and
// draws its normals and uniforms as rand.Rand's NormFloat64 and Float64
// do, so its values and stream are gonum's, without gonum's rand.Rand and
// method values per draw and the interface call per number, which in
// WebAssembly made the norms a tenth of the generation's time.
// TestChiSquare compares it with gonum. It panics for k < 0.4 or k = 2.
func (p *pcg) chiSquare(k float64) float64 {
	const b = 0.5       // the rate
	a := float64(k / 2) // the shape, rounded: no FMA with the next line
	if !(a >= 0.2) || a == 1 {
		panic("synth: chiSquare needs k ≥ 0.4, k ≠ 2")
	}
	d := a - 1.0/3
	m := 1.0
	if a < 1 {
		d += 1.0
		m = math.Pow(p.float64(), 1/a)
	}
	c := 1 / float64(3*math.Sqrt(d))
	for {
		x := p.normFloat64()
		v := 1 + float64(x*c)
		if v <= 0.0 {
			continue
		}
		v = float64(float64(v*v) * v)
		u := p.float64()
		if u < 1.0-float64(float64(0.0331*float64(x*x))*float64(x*x)) {
			return float64(float64(m*d)*v) / b
		}
		if math.Log(u) < float64(float64(0.5*x)*x)+float64(d*(1-v+math.Log(v))) {
			return float64(float64(m*d)*v) / b
		}
	}
}

// normFloat64 is rand.New(p).NormFloat64(): the fast path, and
// normalSlow for the draws that miss it.
func (p *pcg) normFloat64() float64 {
	for {
		u := p.Uint64()
		j := int32(u) // possibly negative
		i := u >> 32 & 0x7f
		if absInt32(j) < normKn[i] {
			return float64(j) * float64(normWn[i])
		}
		if x, ok := p.normalSlow(u); ok {
			return x
		}
	}
}
