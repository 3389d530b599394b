package method

import (
	"math"

	"imlab/core/fmath"
)

// Crossing returns the passes at which a trace's gap falls to eps,
// interpolating log(gap) linearly between the last evaluation above eps and
// the first at or below it, so that the crossing does not snap to the
// evaluation grid. ok is false if the trace never reaches eps.
func Crossing(trace []Point, eps float64) (passes float64, ok bool) {
	for k, pt := range trace {
		if !(pt.Gap <= eps) {
			continue
		}
		if k == 0 || !(pt.Gap > 0) {
			return pt.Passes, true
		}
		prev := trace[k-1]
		f := fmath.Log(prev.Gap/eps) / fmath.Log(prev.Gap/pt.Gap)
		return prev.Passes + float64(f*(pt.Passes-prev.Passes)), true
	}
	return math.NaN(), false
}
