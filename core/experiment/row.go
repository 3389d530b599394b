package experiment

import (
	"math"

	"imlab/core/method"
	"imlab/core/method/catalog"
	"imlab/core/sampling"
)

// Row is one row of the paper's ratio tables.
type Row struct {
	Tau int
	// ThetaNice and ThetaImp are the safe steps of τ-nice and τ-importance
	// (catalog.Theory.Step: θ for dfSDCA).
	ThetaNice, ThetaImp float64
	Theory              float64 // catalog.Speedup: θ_imp/θ_nice for dfSDCA
	// NiceX and ImpX are the passes/τ to reach ε (iterations/n for dfSDCA;
	// see method.CrossingOn); NaN until reached.
	NiceX, ImpX float64
	Empirical   float64 // NiceX / ImpX
}

// OverBudget marks an empirical ratio that a run spent its budget before
// reaching (its Row.Empirical is NaN): the crossing lies beyond the budget.
// The CLI's tables and the page's ratio table write it alike.
const OverBudget = "> budget"

// Side is one sampling's run of a row, wherever it ran: its theory and its
// trace so far (nil before it starts).
type Side struct {
	Theory catalog.Theory
	Trace  []method.Point
}

// NewRow is the table row of τ for method m over n examples from its
// τ-nice and τ-importance runs (nil for one not planned, whose cells are
// then NaN), with passes/τ measured to the gap catalog.Target(m, eps). It
// is the one row of the CLI, the paper engine and the page.
func NewRow(m catalog.Name, n, tau int, nice, imp *Side, eps float64) Row {
	target := catalog.Target(m, eps)
	cell := func(s *Side) (step, x float64) {
		if s == nil {
			return math.NaN(), math.NaN()
		}
		x, _ = Crossing(m, s.Trace, n, tau, target)
		return s.Theory.Step, x
	}
	r := Row{Tau: tau}
	r.ThetaNice, r.NiceX = cell(nice)
	r.ThetaImp, r.ImpX = cell(imp)
	r.Theory = math.NaN()
	if nice != nil && imp != nil {
		r.Theory = catalog.Speedup(m, nice.Theory, imp.Theory)
	}
	r.Empirical = r.NiceX / r.ImpX
	return r
}

// Rows returns one row per τ, from the "nice" and "imp" (or "adaptive") jobs; cells whose
// jobs have not reached ε yet are NaN.
func (e *Experiment) Rows() []Row {
	return e.RowsFrom(func(k int) []method.Point {
		if r := e.jobs[k].Run; r != nil {
			return r.Trace()
		}
		return nil
	})
}

// RowsFrom is Rows for traces made elsewhere (by workers running each job
// on its own): trace(k) is the trace so far of Jobs()[k], nil if none.
func (e *Experiment) RowsFrom(trace func(k int) []method.Point) []Row {
	rows := make([]Row, 0, len(e.cfg.Taus))
	for _, tau := range e.cfg.Taus {
		var nice, imp *Side
		for k, j := range e.jobs {
			if j.Tau != tau {
				continue
			}
			switch j.Sampling.Static() {
			case sampling.Nice:
				nice = &Side{Theory: j.Theory, Trace: trace(k)}
			case sampling.Imp:
				imp = &Side{Theory: j.Theory, Trace: trace(k)}
			}
		}
		rows = append(rows, NewRow(e.cfg.Method, e.pr.Data.N, tau, nice, imp, e.cfg.Eps))
	}
	return rows
}

// Crossing returns where the trace of a run of method m over n examples at
// minibatch size τ crosses the gap eps on the paper's axis passes/τ
// (iterations/n for dfSDCA): the crossing of the ratio tables.
func Crossing(m catalog.Name, trace []method.Point, n, tau int, eps float64) (x float64, ok bool) {
	axis := catalog.AxisOf(m)
	return method.CrossingOn(trace, eps, func(p method.Point) float64 { return axis.PerTau(p, n, tau) })
}
