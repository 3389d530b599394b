package method

import (
	"math"
)

// Minimiser is the point P* was computed at, for a run that needs only its
// ε-crossing (Stop.Minimiser): W approximates the minimiser w* of P, and Gap
// bounds P(W) − P* (the Newton solve's certified ‖∇P(W)‖²/(2λ)).
type Minimiser struct {
	W   []float64
	Gap float64
}

// P is λ-strongly convex and ∇P(w*) = 0, so for every w
//
//	P(w) − P* ≥ (λ/2)‖w − w*‖²,
//
// and ‖W − w*‖ ≤ r := √(2·Gap/λ) by the same inequality at W. An
// evaluation whose bound (λ/2)(‖w − W‖ − r)² lies above ε (with the margins
// below) would record a gap above ε for certain: for d flops instead of a
// pass over the data, the run skips it. Its crossing, its end and its
// iterates are those of the full trace: an evaluation only reads w, and the
// crossing's two points are the last grid point above ε, evaluated again
// from a copy of w kept at that point, and the first at or below it, which
// is never skipped.

// certainlyAbove reports whether the gap P(w) − P* that an evaluation at w
// would record is certainly above the run's target ε.
func (r *Run) certainlyAbove(w []float64) bool {
	m := r.stop.Minimiser
	lambda := r.s.Problem().Lambda
	d2 := 0.0
	for j, x := range w {
		e := x - m.W[j]
		d2 += float64(e * e)
	}
	dist := math.Sqrt(d2) - math.Sqrt(2*m.Gap/lambda)
	if !(dist > 0) || math.IsInf(dist, 0) {
		return false // at W, or not finite: a diverging run is evaluated
	}
	bound := float64(lambda/2) * float64(dist*dist)
	// The recorded gap is P(w) − P(W): smaller than P(w) − P* by up to
	// Gap, and P(w) is a sum of n rounded terms. Twice ε and that much more
	// leave both far behind.
	rounding := float64(float64(float64(r.n)*0x1p-50) * (math.Abs(r.stop.PStar) + 1))
	return bound > float64(2*r.stop.Gap)+m.Gap+rounding
}

// skipped is the grid point an evaluation was skipped at: its place on the
// axes and a copy of w there, evaluated if the next grid point reaches ε.
type skipped struct {
	at Point
	w  []float64
	ok bool
}

// skip records the evaluation at the current iterate as skipped.
func (r *Run) skip(pt Point) {
	r.last.at, r.last.ok = pt, true
	r.last.w = append(r.last.w[:0], r.s.W()...)
}

// bracket appends the point before the current one, the crossing's other
// end, if its evaluation was skipped; the current point has gap ≤ ε.
func (r *Run) bracket() {
	if !r.last.ok {
		return
	}
	pt := r.last.at
	pt.Primal = r.s.Problem().Primal(r.last.w)
	pt.Gap = pt.Primal - r.stop.PStar
	r.trace = append(r.trace, pt)
}
