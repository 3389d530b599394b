package dfsdca

import (
	"context"
	"fmt"
	"math"

	"imlab/core/internal/pace"
)

// Point is one row of a convergence trace.
type Point struct {
	IterPerN float64 // t/n, the paper's horizontal axis
	// Iter is the iteration count t; for the trace of another method
	// (ui/lab, core/paper) its iterations, which with its passes give the
	// full gradients L-SVRG did (catalog.CostModel.MeasuredTime).
	Iter   int
	Primal float64 // P(w^(t))
	// Gap is P(w^(t)) − P* when P* is known, else the certified bound
	// ‖∇P(w^(t))‖²/(2λ) ≥ P(w^(t)) − P*.
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
	// MaxIterPerN is the budget in iterations/n; 0 means none.
	MaxIterPerN float64
	// EvalEvery is the spacing of the evaluation grid in iterations/n: P
	// is evaluated only at iterations round(m·EvalEvery·n), m = 0, 1, ….
	// 0 means 0.25.
	EvalEvery float64
	// PerDoubling, if positive, thins the grid as the run goes on: about
	// PerDoubling evaluations per doubling of t (every grid point up to
	// m = 2·PerDoubling, then every 2nd, every 4th, …), and, when Gap is
	// set, every grid point again from shortly before the crossing that
	// the last two evaluations predict. The points that remain are those
	// of the full grid, bit for bit; see schedule.go. 0 evaluates at every
	// grid point.
	PerDoubling int
}

// DefaultEvalEvery is the evaluation spacing used when Stop.EvalEvery is 0.
const DefaultEvalEvery = 0.25

// Run drives a Solver under a Stop rule and records the trace.
type Run struct {
	s    *Solver
	stop Stop
	grad []float64 // ∇P scratch when P* is unknown

	trace    []Point
	nextEval int // iteration count of the next evaluation
	grid     int // index m of the grid point round(m·EvalEvery·n) at nextEval
	budget   int // iteration count that ends the run; −1 for none
	reached  int // index in trace of the first point with Gap ≤ target; −1 if none
	done     bool
	err      error
}

// NewRun returns a run of s under stop. Invalid stop values are reported by
// the first Advance or Until.
func NewRun(s *Solver, stop Stop) *Run {
	r := &Run{s: s, stop: stop, budget: -1, reached: -1}
	if stop.EvalEvery == 0 {
		r.stop.EvalEvery = DefaultEvalEvery
	}
	switch {
	case !(stop.Gap >= 0) || math.IsInf(stop.Gap, 0):
		r.err = fmt.Errorf("%w: gap target %v, want ≥ 0 and finite", ErrOptions, stop.Gap)
	case !(stop.MaxIterPerN >= 0) || math.IsInf(stop.MaxIterPerN, 0):
		r.err = fmt.Errorf("%w: budget %v iterations/n, want ≥ 0 and finite", ErrOptions, stop.MaxIterPerN)
	case !(r.stop.EvalEvery > 0) || math.IsInf(r.stop.EvalEvery, 0):
		r.err = fmt.Errorf("%w: evaluation spacing %v iterations/n, want > 0 and finite", ErrOptions, stop.EvalEvery)
	case stop.PerDoubling < 0:
		r.err = fmt.Errorf("%w: %d evaluations per doubling, want ≥ 0", ErrOptions, stop.PerDoubling)
	case math.IsInf(stop.PStar, 0):
		r.err = fmt.Errorf("%w: P* = %v, want finite or NaN", ErrOptions, stop.PStar)
	}
	if r.err != nil {
		r.done = true
		return r
	}
	if stop.MaxIterPerN > 0 {
		r.budget = iterCount(math.Ceil(stop.MaxIterPerN * float64(s.ds.N)))
	}
	if math.IsNaN(stop.PStar) {
		r.grad = make([]float64, s.ds.D)
	}
	r.nextEval = s.Iter()
	return r
}

// Advance does at most iters iterations and at most one evaluation of P,
// evaluating at x = 0 first and then at every EvalEvery boundary (and at the
// budget). It reports done once a stop criterion has fired; err is
// ErrDiverged if the iterates became non-finite.
func (r *Run) Advance(iters int) (done bool, err error) {
	if r.done {
		return true, r.err
	}
	evaluated := false
	s := r.s
	if s.Iter() == r.nextEval {
		if r.evaluate() {
			return true, r.err
		}
		evaluated = true
	}
	for iters > 0 {
		k := min(iters, r.nextEval-s.Iter())
		if err := s.Step(k); err != nil {
			return r.finish(err)
		}
		iters -= k
		if s.Iter() == r.nextEval {
			if evaluated {
				break // the evaluation waits for the next call
			}
			if r.evaluate() {
				return true, r.err
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
	pr := s.pr
	pt := Point{IterPerN: s.IterPerN(), Iter: s.Iter(), Seconds: s.Elapsed().Seconds()}
	if r.grad == nil {
		pt.Primal = pr.Primal(s.w)
		pt.Gap = pt.Primal - r.stop.PStar
	} else {
		pt.Primal = pr.Gradient(s.w, r.grad)
		norm2 := 0.0
		for _, g := range r.grad {
			norm2 += float64(g * g)
		}
		pt.Gap = norm2 / (2 * pr.Lambda)
	}
	if math.IsNaN(pt.Primal) || math.IsInf(pt.Primal, 0) || math.IsNaN(pt.Gap) || math.IsInf(pt.Gap, 0) {
		r.finish(ErrDiverged)
		return true
	}
	r.trace = append(r.trace, pt)
	if r.stop.Gap > 0 && pt.Gap <= r.stop.Gap {
		r.reached = len(r.trace) - 1
		r.done = true
		return true
	}
	if r.budget >= 0 && s.Iter() >= r.budget {
		r.done = true
		return true
	}
	// The next grid point round(m·EvalEvery·n) after the current iteration
	// (every iteration when the grid is finer than that).
	if spacing := r.stop.EvalEvery * float64(s.ds.N); spacing <= 1 {
		r.nextEval = s.Iter() + 1
	} else {
		r.grid = max(r.grid+1, int(float64(s.Iter())/spacing))
		for math.Round(float64(r.grid)*spacing) <= float64(s.Iter()) {
			r.grid++
		}
		if r.stop.PerDoubling > 0 {
			r.grid = r.thinned(r.grid, spacing)
		}
		r.nextEval = iterCount(math.Round(float64(r.grid) * spacing))
	}
	if r.budget >= 0 {
		r.nextEval = min(r.nextEval, r.budget)
	}
	return false
}

// iterCount converts a whole number of iterations to int, saturating far
// beyond any reachable count instead of overflowing.
func iterCount(x float64) int {
	return int(math.Min(x, 1<<62))
}

func (r *Run) finish(err error) (bool, error) {
	r.done, r.err = true, err
	return true, err
}

// Trace returns the points recorded so far; the slice must not be modified.
func (r *Run) Trace() []Point { return r.trace }

// Reached returns the iterations/n of the first point with Gap ≤ Stop.Gap,
// and whether there is one.
func (r *Run) Reached() (iterPerN float64, ok bool) {
	if r.reached < 0 {
		return 0, false
	}
	return r.trace[r.reached].IterPerN, true
}

// Solver returns the solver the run drives.
func (r *Run) Solver() *Solver { return r.s }

// Until advances the run until a stop criterion fires, an error occurs or
// ctx is cancelled, in which case it returns ctx.Err(). It checks ctx about
// every millisecond of solver work (and between evaluations of P), and
// calls progress, if not nil, with every new trace point.
func (r *Run) Until(ctx context.Context, progress func(Point)) error {
	return pace.Until(ctx, r, r.s, progress)
}
