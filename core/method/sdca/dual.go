package sdca

import (
	"math"

	"imlab/core/fmath"
	"imlab/core/loss"
	"imlab/core/problem"
)

// Dual returns D(α) = −(1/n) Σ φ_i*(−α_i) − (λ/2)‖w(α)‖² for the losses with
// a dual step, and −Inf where α is outside the domain of φ* (so that
// P(w) − D(α) is always a valid bound on P(w) − P*). It panics for a loss
// without a dual step.
func Dual(pr *problem.Problem, alpha []float64) float64 {
	ds := pr.Data
	w := make([]float64, ds.D)
	inv := 1 / (pr.Lambda * float64(ds.N))
	var conj, reg problem.Accumulator
	for i, a := range alpha {
		y := ds.Y[i]
		c := negConjugate(pr.Loss, a, y)
		if math.IsInf(c, -1) {
			return c
		}
		conj.Add(c)
		idx, val := ds.Row(i)
		for k, j := range idx {
			w[j] += float64(a * inv * val[k])
		}
	}
	for _, x := range w {
		reg.Add(float64(x * x))
	}
	return conj.Sum()/float64(ds.N) - float64(0.5*pr.Lambda*reg.Sum())
}

// negConjugate returns −φ*(−α; y).
func negConjugate(l loss.Loss, a, y float64) float64 {
	const slack = 1e-12 // rounding at the ends of [0, 1]
	switch l := l.(type) {
	case loss.Square:
		return float64(-0.5*a*a) + float64(a*y)
	case loss.Logistic:
		b := float64(y * a)
		if b < -slack || b > 1+slack {
			return math.Inf(-1)
		}
		b = math.Min(math.Max(b, 0), 1)
		return entropy(b)
	case loss.SmoothHinge:
		b := float64(y * a)
		if b < -slack || b > 1+slack {
			return math.Inf(-1)
		}
		return b - float64(0.5*l.Mu*b*b)
	}
	panic("sdca: Dual for the " + l.String() + " loss, which has no dual step")
}

// entropy is −b log b − (1 − b) log(1 − b), 0 at the ends.
func entropy(b float64) float64 {
	h := 0.0
	if b > 0 {
		h -= float64(b * fmath.Log(b))
	}
	if b < 1 {
		h -= float64((1 - b) * math.Log1p(-b))
	}
	return h
}
