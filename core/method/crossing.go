package method

import (
	"math"

	"imlab/core/fmath"
)

// Crossing returns the passes at which a trace's gap falls to eps (see
// CrossingOn).
func Crossing(trace []Point, eps float64) (passes float64, ok bool) {
	return CrossingOn(trace, eps, func(p Point) float64 { return p.Passes })
}

// CrossingOn returns the position x at which a trace's gap falls to eps,
// interpolating log(gap) linearly between the last evaluation above eps and
// the first at or below it, so that the crossing does not snap to the
// evaluation grid (an error of up to the spacing in each run of a ratio).
// x reads a point's position on the axis wanted (Axis.Of, Axis.PerTau). ok
// is false if the trace never reaches eps.
func CrossingOn(trace []Point, eps float64, x func(Point) float64) (at float64, ok bool) {
	for k, pt := range trace {
		if !(pt.Gap <= eps) {
			continue
		}
		if k == 0 || !(pt.Gap > 0) {
			return x(pt), true
		}
		prev := trace[k-1]
		f := fmath.Log(prev.Gap/eps) / fmath.Log(prev.Gap/pt.Gap)
		x0, x1 := x(prev), x(pt)
		return x0 + float64(f*(x1-x0)), true
	}
	return math.NaN(), false
}
