package method

import (
	"context"
	"fmt"
	"math"

	"imlab/core/internal/pace"
)

// Point is one row of a convergence trace.
type Point struct {
	Passes float64 // evaluations/n: passes through the data so far
	Iter   int     // iterations so far
	Primal float64 // P(w)
	// Gap is P(w) − P* when P* is known, else the certified bound
	// ‖∇P(w)‖²/(2λ) ≥ P(w) − P*.
	Gap     float64
	Seconds float64 // the solver's own time so far (Solver.Elapsed)
}

// Stop says when a Run evaluates P and when it ends.
type Stop struct {
	// Gap is the target ε: the run ends at the first evaluation with
	// Gap ≤ ε. 0 means no target.
	Gap float64
	// PStar is P(w*); NaN means unknown, and the Gap column is then the
	// certified bound ‖∇P‖²/(2λ).
	PStar float64
	// Axis is what MaxPasses and EvalEvery count: passes (the default) or
	// iterations/n, dfSDCA's t/n, the paper's axis.
	Axis Axis
	// MaxPasses is the budget on Axis; 0 means none.
	MaxPasses float64
	// EvalEvery is the spacing of evaluations on Axis; 0 means
	// DefaultEvalEvery.
	EvalEvery float64
	// PerDoubling, if positive, thins the evaluation grid as the run goes
	// on: about PerDoubling evaluations per doubling of the axis, and
	// every grid point again shortly before the crossing of Gap that the
	// last two evaluations predict (see schedule.go). The points that
	// remain are those of the full grid, bit for bit. 0 evaluates at every
	// grid point.
	PerDoubling int
	// Minimiser, if set with a target Gap and a known PStar, says that the
	// run needs only its ε-crossing, not its trace: evaluations whose gap
	// is certainly above ε are skipped (see minimiser.go), so the trace
	// holds the points from the first evaluation that might reach ε on,
	// and the grid point before the crossing. The crossing, the end and
	// the iterates are those of the full trace, bit for bit.
	Minimiser *Minimiser
}

// DefaultEvalEvery is the evaluation spacing used when Stop.EvalEvery is 0.
const DefaultEvalEvery = 0.25

// Run drives a Solver under a Stop rule and records its trace. Evaluations
// fall at the first iteration boundary at or after each multiple of
// EvalEvery on the Stop's axis, counted in iterations of τ evaluations
// (of 1 iteration on the Iterations axis) from the previous evaluation; an
// L-SVRG full gradient on the way makes the evaluation fall later than
// that, never earlier. Each point records the passes and iterations
// actually done, and the trace does not depend on how Advance calls slice
// the iterations.
type Run struct {
	s    Solver
	n    int64
	stop Stop
	grad []float64 // ∇P scratch when P* is unknown

	trace    []Point
	nextEval int64 // count on the axis of the next evaluation
	chunk    int64 // iterations left of those planned to reach nextEval
	grid     int64 // index m of the grid point at nextEval
	budget   int64 // count on the axis that ends the run; −1 for none
	status   Status
	last     skipped // the last evaluation skipped (Stop.Minimiser)
}

// NewRun returns a run of s under stop. Invalid stop values are reported by
// the first Advance or Until, and by Status.
func NewRun(s Solver, stop Stop) *Run {
	r := &Run{s: s, n: int64(s.Problem().Data.N), stop: stop, budget: -1}
	if stop.EvalEvery == 0 {
		r.stop.EvalEvery = DefaultEvalEvery
	}
	r.status = Status{Axis: stop.Axis, Gap: math.NaN(), Eps: stop.Gap, Budget: stop.MaxPasses}
	var err error
	switch {
	case !(stop.Gap >= 0) || math.IsInf(stop.Gap, 0):
		err = fmt.Errorf("%w: gap target %v, want ≥ 0 and finite", ErrOptions, stop.Gap)
	case stop.Axis != Passes && stop.Axis != Iterations:
		err = fmt.Errorf("%w: axis %d, want Passes or Iterations", ErrOptions, stop.Axis)
	case !(stop.MaxPasses >= 0) || math.IsInf(stop.MaxPasses, 0):
		err = fmt.Errorf("%w: budget %v %s, want ≥ 0 and finite", ErrOptions, stop.MaxPasses, stop.Axis)
	case !(r.stop.EvalEvery > 0) || math.IsInf(r.stop.EvalEvery, 0):
		err = fmt.Errorf("%w: evaluation spacing %v %s, want > 0 and finite", ErrOptions, stop.EvalEvery, stop.Axis)
	case stop.PerDoubling < 0:
		err = fmt.Errorf("%w: %d evaluations per doubling, want ≥ 0", ErrOptions, stop.PerDoubling)
	case math.IsInf(stop.PStar, 0):
		err = fmt.Errorf("%w: P* = %v, want finite or NaN", ErrOptions, stop.PStar)
	case stop.Minimiser != nil && len(stop.Minimiser.W) != s.Problem().Data.D:
		err = fmt.Errorf("%w: minimiser of %d features for data of %d", ErrOptions, len(stop.Minimiser.W), s.Problem().Data.D)
	case stop.Minimiser != nil && !(stop.Minimiser.Gap >= 0):
		err = fmt.Errorf("%w: minimiser's gap %v, want ≥ 0", ErrOptions, stop.Minimiser.Gap)
	}
	if err != nil {
		r.end(Invalid, err)
		return r
	}
	if stop.MaxPasses > 0 {
		r.budget = evalCount(math.Ceil(stop.MaxPasses * float64(r.n)))
	}
	if math.IsNaN(stop.PStar) {
		r.grad = make([]float64, s.Problem().Data.D)
	}
	r.nextEval = r.count()
	return r
}

// count is the run's position on its axis, in evaluations (Passes) or
// iterations (Iterations).
func (r *Run) count() int64 {
	if r.stop.Axis == Iterations {
		return int64(r.s.Iter())
	}
	return r.s.Evals()
}

// perIter is what one ordinary iteration adds to count.
func (r *Run) perIter() int64 {
	if r.stop.Axis == Iterations {
		return 1
	}
	return int64(max(r.s.BatchSize(), 1))
}

// Advance does at most iters iterations and at most one evaluation of P,
// evaluating at the start and then at every EvalEvery boundary (and at the
// budget). It reports done once a stop criterion has fired; err is the
// Step's error (ErrDiverged, or the solver's own) or ErrDiverged if P
// became non-finite, or the invalid Stop's.
func (r *Run) Advance(iters int) (done bool, err error) {
	if r.status.Done() {
		return true, r.status.Cause
	}
	s := r.s
	evaluated := false
	if r.chunk == 0 && r.count() >= r.nextEval {
		if r.evaluate() {
			return true, r.status.Cause
		}
		evaluated = true
	}
	unit := r.perIter()
	for iters > 0 {
		if r.chunk == 0 {
			// Iterations until the next evaluation is due, planned here
			// and done across as many calls as it takes: an iteration
			// that costs more (an L-SVRG full gradient) then moves the
			// evaluation the same way however the caller slices the run.
			r.chunk = max((r.nextEval-r.count()+unit-1)/unit, 1)
		}
		k := int(min(int64(iters), r.chunk))
		if err := s.Step(k); err != nil {
			r.end(NotFinite, err)
			return true, err
		}
		iters -= k
		r.chunk -= int64(k)
		if r.chunk == 0 && r.count() >= r.nextEval {
			if evaluated {
				break // the evaluation waits for the next call
			}
			if r.evaluate() {
				return true, r.status.Cause
			}
			evaluated = true
		}
	}
	return false, nil
}

// evaluate appends the point at the current iterate, schedules the next
// evaluation and reports whether the run has ended.
func (r *Run) evaluate() bool {
	s := r.s
	pr := s.Problem()
	pt := Point{Passes: float64(s.Evals()) / float64(r.n), Iter: s.Iter(), Seconds: s.Elapsed().Seconds()}
	at := r.count()
	atBudget := r.budget >= 0 && at >= r.budget
	switch {
	case r.stop.Minimiser != nil && r.grad == nil && r.stop.Gap > 0 && !atBudget && r.certainlyAbove(s.W()):
		r.skip(pt)
		r.mark(pt)
		r.schedule(at)
		return false
	case r.grad == nil:
		pt.Primal = pr.Primal(s.W())
		pt.Gap = pt.Primal - r.stop.PStar
	default:
		pt.Primal = pr.Gradient(s.W(), r.grad)
		norm2 := 0.0
		for _, g := range r.grad {
			norm2 += float64(g * g)
		}
		pt.Gap = norm2 / (2 * pr.Lambda)
	}
	if math.IsNaN(pt.Primal) || math.IsInf(pt.Primal, 0) || math.IsNaN(pt.Gap) || math.IsInf(pt.Gap, 0) {
		r.end(NotFinite, ErrDiverged)
		return true
	}
	reached := r.stop.Gap > 0 && pt.Gap <= r.stop.Gap
	if reached {
		r.bracket()
	}
	r.last.ok = false
	r.trace = append(r.trace, pt)
	r.mark(pt)
	r.status.Gap = pt.Gap
	if reached {
		r.end(Reached, nil)
		return true
	}
	if atBudget {
		r.end(BudgetSpent, nil)
		return true
	}
	r.schedule(at)
	return false
}

// mark moves the status to pt's place on the axes.
func (r *Run) mark(pt Point) {
	r.status.Passes, r.status.Iter = pt.Passes, pt.Iter
	r.status.At = r.stop.Axis.Of(pt, int(r.n))
}

// schedule sets the next evaluation after one at count at.
func (r *Run) schedule(at int64) {
	// The next grid point round(m·EvalEvery·n) beyond the count done
	// (every count when the grid is finer than that).
	if spacing := r.stop.EvalEvery * float64(r.n); spacing <= 1 {
		r.nextEval = at + 1
	} else {
		r.grid = max(r.grid+1, int64(float64(at)/spacing))
		for evalCount(math.Round(float64(r.grid)*spacing)) <= at {
			r.grid++
		}
		if r.stop.PerDoubling > 0 {
			r.grid = r.thinned(r.grid, spacing)
		}
		r.nextEval = evalCount(math.Round(float64(r.grid) * spacing))
	}
	if r.budget >= 0 {
		r.nextEval = min(r.nextEval, r.budget)
	}
}

// end records why the run ended.
func (r *Run) end(why Reason, cause error) {
	r.status.Reason, r.status.Cause = why, cause
}

// evalCount converts a whole count to int64, saturating far beyond any
// reachable count instead of overflowing.
func evalCount(x float64) int64 {
	return int64(math.Min(x, 1<<62))
}

// Trace returns the points recorded so far; the slice must not be modified.
func (r *Run) Trace() []Point { return r.trace }

// Status says whether the run has ended and why, with the figures of its
// last evaluation.
func (r *Run) Status() Status { return r.status }

// Solver returns the solver the run drives.
func (r *Run) Solver() Solver { return r.s }

// Until advances the run until a stop criterion fires, an error occurs or
// ctx is cancelled, in which case it returns ctx.Err() and the run ends
// Cancelled. It checks ctx about every millisecond of solver work (and
// between evaluations of P), and calls progress, if not nil, with every
// new trace point.
func (r *Run) Until(ctx context.Context, progress func(Point)) error {
	err := pace.Until(ctx, r, r.s, progress)
	if err != nil && !r.status.Done() {
		r.end(Cancelled, err)
	}
	return err
}
