package method

import (
	"math"

	"imlab/core/fmath"
)

// Evaluations of P cost about a third of a pass each (n sparse dot
// products and n losses), so a trace evaluated every quarter pass spends
// more time evaluating than solving once the run is long. Stop.PerDoubling
// thins the evaluation grid to what the plots and the ε-crossing need:
//
//   - The plots show log(gap) against the axis, which for a linearly
//     convergent method is close to a straight line: PerDoubling points per
//     doubling draw it, dense early, where the curve bends, and sparser
//     later.
//   - The ε-crossing (Crossing) interpolates log(gap) linearly between the
//     last evaluation above ε and the first at or below it, so its
//     precision depends on the spacing of those two. thinned returns to the
//     full grid shortly before the crossing that the last two evaluations
//     predict. Where log(gap) falls smoothly the bracketing pair is then the
//     full grid's, and so are the crossing, the run's end and its final
//     iterate. But a stochastic method's gap fluctuates from one grid point
//     to the next (by 2–5× late in a run), so the first grid point below ε
//     is a first passage of a noisy curve: on a subset of the grid it is
//     never earlier than on the full grid, and it may be later by up to the
//     thinned spacing or more. Runs whose crossings are compared (the
//     paper's ratios) therefore keep the full grid by default;
//     docs/speed.md has the measured shifts.
//
// Skipping evaluations never changes the iterates (an evaluation only reads
// w), so every point that remains has the full grid's bits.

// thinned returns the grid index of the next evaluation, given next, the
// first grid point after the current count. It is next itself while the
// grid is still dense or the predicted crossing is near, and otherwise the
// first grid point at or after next that lies on the thinned grid: m is a
// multiple of 2^k where 2^k ≤ max(1, m/PerDoubling) < 2^(k+1).
func (r *Run) thinned(next int64, spacing float64) int64 {
	target := next
	for target%thinStep(target, int64(r.stop.PerDoubling)) != 0 {
		target++
	}
	if r.stop.Gap <= 0 || len(r.trace) < 2 {
		return target
	}
	// The crossing predicted by the last two points if log(gap) falls on
	// linearly; approach it by three quarters of the remaining distance
	// at a time, so that a prediction a little late still finds the
	// crossing on the full grid.
	p1, p2 := r.trace[len(r.trace)-2], r.trace[len(r.trace)-1]
	if !(p1.Gap > p2.Gap) || !(p2.Gap > r.stop.Gap) {
		return target
	}
	n := float64(r.n)
	t1, t2 := float64(r.stop.Axis.Of(p1, int(r.n))*n), float64(r.stop.Axis.Of(p2, int(r.n))*n)
	ahead := (t2 - t1) * fmath.Log(p2.Gap/r.stop.Gap) / fmath.Log(p1.Gap/p2.Gap)
	near := (t2 + float64(approach*ahead)) / spacing
	if !(near < float64(target)) {
		return target
	}
	return max(next, int64(math.Floor(near)))
}

// thinStep is the spacing, in grid points, of the thinned grid at grid
// point m: the largest power of two ≤ max(1, m/perDoubling).
func thinStep(m, perDoubling int64) int64 {
	step := int64(1)
	for 2*step*perDoubling <= m {
		step *= 2
	}
	return step
}

// approach is the fraction of the distance to the predicted crossing that
// thinned skips at a time.
var approach = 0.75
