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
	// MaxPasses is the budget in passes through the data; 0 means none.
	MaxPasses float64
	// EvalEvery is the spacing of evaluations in passes; 0 means
	// DefaultEvalEvery.
	EvalEvery float64
}

// DefaultEvalEvery is the evaluation spacing, in passes, used when
// Stop.EvalEvery is 0.
const DefaultEvalEvery = 0.25

// Run drives a Solver under a Stop rule and records its trace on the
// passes axis. Evaluations fall at the first iteration boundary at or after
// each multiple of EvalEvery passes, counted in iterations of τ
// evaluations from the previous evaluation; an L-SVRG full gradient on the
// way makes the evaluation fall later than that, never earlier. Each point
// records the passes actually done, and the trace does not depend on how
// Advance calls slice the iterations.
type Run struct {
	s    Solver
	n    int64
	stop Stop
	grad []float64 // ∇P scratch when P* is unknown

	trace    []Point
	nextEval int64 // evaluation count of the next evaluation
	chunk    int64 // iterations left of those planned to reach nextEval
	grid     int64 // index m of the grid point at nextEval
	budget   int64 // evaluation count that ends the run; −1 for none
	reached  int   // index in trace of the first point with Gap ≤ target; −1 if none
	done     bool
	err      error
}

// NewRun returns a run of s under stop. Invalid stop values are reported by
// the first Advance or Until.
func NewRun(s Solver, stop Stop) *Run {
	r := &Run{s: s, n: int64(s.Problem().Data.N), stop: stop, budget: -1, reached: -1}
	if stop.EvalEvery == 0 {
		r.stop.EvalEvery = DefaultEvalEvery
	}
	switch {
	case !(stop.Gap >= 0) || math.IsInf(stop.Gap, 0):
		r.err = fmt.Errorf("%w: gap target %v, want ≥ 0 and finite", ErrOptions, stop.Gap)
	case !(stop.MaxPasses >= 0) || math.IsInf(stop.MaxPasses, 0):
		r.err = fmt.Errorf("%w: budget %v passes, want ≥ 0 and finite", ErrOptions, stop.MaxPasses)
	case !(r.stop.EvalEvery > 0) || math.IsInf(r.stop.EvalEvery, 0):
		r.err = fmt.Errorf("%w: evaluation spacing %v passes, want > 0 and finite", ErrOptions, stop.EvalEvery)
	case math.IsInf(stop.PStar, 0):
		r.err = fmt.Errorf("%w: P* = %v, want finite or NaN", ErrOptions, stop.PStar)
	}
	if r.err != nil {
		r.done = true
		return r
	}
	if stop.MaxPasses > 0 {
		r.budget = evalCount(math.Ceil(stop.MaxPasses * float64(r.n)))
	}
	if math.IsNaN(stop.PStar) {
		r.grad = make([]float64, s.Problem().Data.D)
	}
	r.nextEval = s.Evals()
	return r
}

// Advance does at most iters iterations and at most one evaluation of P,
// evaluating at the start and then at every EvalEvery boundary (and at the
// budget). It reports done once a stop criterion has fired; err is
// ErrDiverged if the iterates became non-finite.
func (r *Run) Advance(iters int) (done bool, err error) {
	if r.done {
		return true, r.err
	}
	s := r.s
	evaluated := false
	if r.chunk == 0 && s.Evals() >= r.nextEval {
		if r.evaluate() {
			return true, r.err
		}
		evaluated = true
	}
	tau := int64(max(s.BatchSize(), 1))
	for iters > 0 {
		if r.chunk == 0 {
			// Iterations of τ evaluations until the next evaluation is
			// due, planned here and done across as many calls as it
			// takes: an iteration that costs more (an L-SVRG full
			// gradient) then moves the evaluation the same way however
			// the caller slices the run.
			r.chunk = max((r.nextEval-s.Evals()+tau-1)/tau, 1)
		}
		k := int(min(int64(iters), r.chunk))
		if err := s.Step(k); err != nil {
			r.done, r.err = true, err
			return true, err
		}
		iters -= k
		r.chunk -= int64(k)
		if r.chunk == 0 && s.Evals() >= r.nextEval {
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
	pr := s.Problem()
	evals := s.Evals()
	pt := Point{Passes: float64(evals) / float64(r.n), Iter: s.Iter(), Seconds: s.Elapsed().Seconds()}
	if r.grad == nil {
		pt.Primal = pr.Primal(s.W())
		pt.Gap = pt.Primal - r.stop.PStar
	} else {
		pt.Primal = pr.Gradient(s.W(), r.grad)
		norm2 := 0.0
		for _, g := range r.grad {
			norm2 += float64(g * g)
		}
		pt.Gap = norm2 / (2 * pr.Lambda)
	}
	if math.IsNaN(pt.Primal) || math.IsInf(pt.Primal, 0) || math.IsNaN(pt.Gap) || math.IsInf(pt.Gap, 0) {
		r.done, r.err = true, ErrDiverged
		return true
	}
	r.trace = append(r.trace, pt)
	if r.stop.Gap > 0 && pt.Gap <= r.stop.Gap {
		r.reached = len(r.trace) - 1
		r.done = true
		return true
	}
	if r.budget >= 0 && evals >= r.budget {
		r.done = true
		return true
	}
	// The next grid point round(m·EvalEvery·n) beyond the evaluations done.
	spacing := r.stop.EvalEvery * float64(r.n)
	r.grid = max(r.grid+1, int64(float64(evals)/spacing))
	for evalCount(math.Round(float64(r.grid)*spacing)) <= evals {
		r.grid++
	}
	r.nextEval = evalCount(math.Round(float64(r.grid) * spacing))
	if r.budget >= 0 {
		r.nextEval = min(r.nextEval, r.budget)
	}
	return false
}

// evalCount converts a whole number of evaluations to int64, saturating far
// beyond any reachable count instead of overflowing.
func evalCount(x float64) int64 {
	return int64(math.Min(x, 1<<62))
}

// Trace returns the points recorded so far; the slice must not be modified.
func (r *Run) Trace() []Point { return r.trace }

// Reached returns the passes of the first point with Gap ≤ Stop.Gap, and
// whether there is one.
func (r *Run) Reached() (passes float64, ok bool) {
	if r.reached < 0 {
		return 0, false
	}
	return r.trace[r.reached].Passes, true
}

// Solver returns the solver the run drives.
func (r *Run) Solver() Solver { return r.s }

// Until advances the run until a stop criterion fires, an error occurs or
// ctx is cancelled, in which case it returns ctx.Err(). It checks ctx about
// every millisecond of solver work and calls progress, if not nil, with
// every new trace point.
func (r *Run) Until(ctx context.Context, progress func(Point)) error {
	return pace.Until(ctx, r, r.s, progress)
}
