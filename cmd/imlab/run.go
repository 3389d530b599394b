package main

import (
	"fmt"
	"io"
	"math"

	"imlab/core/experiment"
	"imlab/core/method"
	"imlab/core/method/catalog"
	"imlab/core/method/sdca"
	"imlab/core/sampling"
	"imlab/core/theory"
)

func runRun(args []string, e *env) error {
	fs := newFlags("run")
	var p problemFlags
	p.register(fs)
	spec := theory.Spec{Sampling: sampling.Imp, Partition: sampling.RandomRule}
	kindFlag(fs, &spec.Sampling)
	fs.IntVar(&spec.Tau, "tau", 1, "minibatch size τ")
	ruleFlag(fs, &spec.Partition)
	fs.Uint64Var(&spec.Seed, "seed", 1, "random seed (partition and sampler)")
	m := methodFlag(fs)
	flags := registerStop(fs, m, true)
	every := fs.Float64("eval-every", catalog.DefaultsOf(catalog.Default).EvalEvery,
		"evaluate P every F units of the method's axis (iterations/n for dfsdca, passes otherwise)")
	workers := fs.Int("workers", 1, "goroutines per minibatch, dfsdca only (1 = sequential; results are identical)")
	scale := fs.Float64("step-scale", 1, "multiply the method's safe step by F (SDCA: divide its curvature)")
	decreasing := fs.Bool("decreasing", false, "sgd: switch to decreasing steps after its k* iterations")
	order := fs.String("order", "iid", "sdca with a serial sampling: iid draws, or shuffled epochs (each example ≈ n·p_i times, in random order)")
	adaptive := adaptiveFlags(fs)
	format := formatFlag(fs)
	if err := parse(fs, args, e); err != nil {
		return err
	}
	eps, budget, err := flags.values()
	if err != nil {
		return err
	}
	if !isSet(fs, "eval-every") {
		*every = catalog.DefaultsOf(*m).EvalEvery
	}
	if !(*every > 0) || !(*scale > 0) || math.IsInf(*scale, 0) {
		return fmt.Errorf("-eval-every and -step-scale must be positive: %w", errUsage)
	}
	if err := checkWorkers(*m, *workers); err != nil {
		return err
	}
	if *m != catalog.SGD && *decreasing {
		return fmt.Errorf("-decreasing applies to sgd only: %w", errUsage)
	}
	if spec.Tau < 1 {
		return fmt.Errorf("-tau %d: %w", spec.Tau, errBadTau)
	}
	ord, err := sdca.ParseOrder(*order)
	if err != nil || (*m != catalog.SDCA && ord != sdca.IID) {
		return fmt.Errorf("-order %s: iid or shuffled, and shuffled for sdca only: %w", *order, errUsage)
	}
	if spec.Adaptive, err = adaptive.config(fs, spec.Sampling); err != nil {
		return err
	}
	pr, err := p.load(e.ctx)
	if err != nil {
		return err
	}
	plan, err := theory.NewPlan(pr, spec)
	if err != nil {
		return err
	}
	pstar, err := solveOptimum(pr, e)
	if err != nil {
		return err
	}
	if err := pr.CheckGap(eps, pstar); eps > 0 && err != nil {
		return err
	}
	th, err := catalog.Predict(*m, pr, plan)
	if err != nil {
		return err
	}
	s, err := catalog.New(*m, pr, plan, catalog.Options{StepScale: *scale, Decreasing: *decreasing, Workers: *workers, Order: ord, Seed: spec.Seed})
	if err != nil {
		return err
	}
	if c, ok := s.(io.Closer); ok {
		defer c.Close()
	}
	fmt.Fprintf(e.stderr, "imlab: %s with %s, safe step %.6g × %g, rate %.6g per iteration (%.4g passes per e-fold)\n",
		*m, plan.Sampler, th.Step, *scale, th.Rate, th.PassesPerEFold)
	axis := catalog.AxisOf(*m)
	run := method.NewRun(s, method.Stop{Gap: eps, PStar: pstar, Axis: axis,
		MaxPasses: axis.PerPassPerTau(spec.Tau) * budget, EvalEvery: *every})
	runErr := run.Until(e.ctx, nil)

	if err := experiment.TraceTable(run.Trace()).Write(e.stdout, *format); err != nil {
		return err
	}
	st := run.Status()
	switch {
	case st.Reason == method.Reached:
		fmt.Fprintf(e.stderr, "imlab: gap ≤ %g after %.4g passes (%d iterations), %.3fs of solver time\n",
			eps, st.Passes, st.Iter, s.Elapsed().Seconds())
	case st.Reason == method.BudgetSpent && eps > 0:
		fmt.Fprintf(e.stderr, "imlab: %s %s τ=%d seed %d: %v; raise -max-passes (%g passes/τ) or -eps\n",
			*m, spec.Sampling, spec.Tau, spec.Seed, st.Err(), budget)
	case st.Reason == method.BudgetSpent:
		fmt.Fprintf(e.stderr, "imlab: no target gap (-eps 0): gap %g after the budget's %.4g passes (%d iterations), %.3fs of solver time\n",
			st.Gap, st.Passes, st.Iter, s.Elapsed().Seconds())
	}
	return runErr
}
