package paper

import (
	"context"
	"io"
	"math"

	"imlab/core/dfsdca"
	"imlab/core/experiment"
	"imlab/core/method"
	"imlab/core/method/catalog"
	"imlab/core/pipeline"
)

// finished is one finished run of a table, whatever its method: what a row
// needs of it.
type finished struct {
	// step is the safe step of the run's sampling: θ for dfSDCA, the
	// method's step (catalog.Theory.Step) otherwise.
	step float64
	// efold is the passes per e-fold the theory predicts
	// (catalog.Theory.PassesPerEFold); unused for dfSDCA.
	efold float64
	// trace is on the passes/τ axis (for dfSDCA, iterations/n).
	trace []dfsdca.Point
}

// rowOf is the table row of τ from its τ-nice and τ-importance runs, with
// passes/τ measured to eps for method m. Theory is θ_imp/θ_nice for
// dfSDCA, as the paper has it, and the ratio of predicted passes per e-fold,
// τ-nice over τ-importance, for the other methods (as catalog.Ratio reads
// it), whose steps are not rates; Empirical is the ratio of the crossings
// (experiment.Crossing), NaN where a run did not reach eps.
func rowOf(m catalog.Name, tau int, nice, imp finished, eps float64) experiment.Row {
	cross := func(tr []dfsdca.Point) float64 {
		x, ok := experiment.Crossing(tr, eps)
		if !ok {
			return math.NaN()
		}
		return x
	}
	r := experiment.Row{Tau: tau, ThetaNice: nice.step, ThetaImp: imp.step, Theory: nice.efold / imp.efold,
		NiceX: cross(nice.trace), ImpX: cross(imp.trace)}
	if m == catalog.DFSDCA {
		r.Theory = imp.step / nice.step
	}
	r.Empirical = r.NiceX / r.ImpX
	return r
}

// runMethod runs the one job of ex with method m (not dfSDCA) through
// core/method/catalog: the job's plan, the method's safe step (SGD with its
// switch to decreasing steps) and ex's stopping rule converted from
// passes/τ to passes. progress hears each new point, on the passes/τ axis.
// A run that spends its budget is not an error: its crossing is NaN.
func runMethod(ctx context.Context, m catalog.Name, prep *pipeline.Prepared, ex *experiment.Experiment, progress func(dfsdca.Point)) (finished, error) {
	j, c, pr := ex.Jobs()[0], ex.Config(), prep.Problem
	th, err := catalog.Predict(m, pr, j.Plan)
	if err != nil {
		return finished{}, err
	}
	s, err := catalog.New(m, pr, j.Plan, catalog.Options{Decreasing: true, Seed: c.Seed})
	if err != nil {
		return finished{}, err
	}
	if cl, ok := s.(io.Closer); ok {
		defer cl.Close()
	}
	tau := float64(j.Tau)
	run := method.NewRun(s, method.Stop{Gap: catalog.Target(m, c.Eps), PStar: prep.PStar(),
		MaxPasses: tau * c.MaxIterPerN, EvalEvery: tau * c.EvalEvery})
	out := finished{step: th.Step, efold: th.PassesPerEFold}
	err = run.Until(ctx, func(pt method.Point) {
		p := dfsdca.Point{IterPerN: pt.Passes / tau, Iter: pt.Iter, Primal: pt.Primal, Gap: pt.Gap, Seconds: pt.Seconds}
		out.trace = append(out.trace, p)
		progress(p)
	})
	return out, err
}
