package main

import (
	"fmt"
	"io"
	"math"

	"imlab/core/dfsdca"
	"imlab/core/experiment"
	"imlab/core/method"
	"imlab/core/method/catalog"
	"imlab/core/method/sdca"
	"imlab/core/problem"
	"imlab/core/sampling"
	"imlab/core/table"
	"imlab/core/theory"
)

func runRun(args []string, e *env) error {
	fs := newFlags("run")
	var p problemFlags
	p.register(fs)
	spec := theory.Spec{Sampling: sampling.Imp, Partition: sampling.RandomRule}
	kindFlag(fs, &spec.Sampling, "sampling: nice, imp, imp-alt, adaptive, uniform or importance")
	fs.IntVar(&spec.Tau, "tau", 1, "minibatch size τ")
	ruleFlag(fs, &spec.Partition)
	fs.Uint64Var(&spec.Seed, "seed", 1, "random seed (partition and sampler)")
	var stop dfsdca.Stop
	fs.Float64Var(&stop.Gap, "eps", 1e-10, "stop when P(w) − P* ≤ eps")
	fs.Float64Var(&stop.MaxIterPerN, "max-passes", 1000, "budget on the trace's x axis: passes/τ (iterations/n) for dfsdca, passes for the other methods")
	fs.Float64Var(&stop.EvalEvery, "eval-every", 0.25, "evaluate P every F units of the x axis (passes/τ for dfsdca, passes otherwise)")
	workers := fs.Int("workers", 1, "goroutines per minibatch, dfsdca only (1 = sequential; results are identical)")
	m := methodFlag(fs)
	scale := fs.Float64("step-scale", 1, "multiply the method's safe step by F (SDCA: divide its curvature)")
	decreasing := fs.Bool("decreasing", false, "sgd: switch to decreasing steps after its k* iterations")
	order := fs.String("order", "iid", "sdca with a serial sampling: iid draws, or shuffled epochs (each example ≈ n·p_i times, in random order)")
	format := formatFlag(fs)
	if err := parse(fs, args, e); err != nil {
		return err
	}
	if !(stop.EvalEvery > 0) || !(stop.MaxIterPerN > 0) || !(stop.Gap >= 0) || *workers < 1 || !(*scale > 0) || math.IsInf(*scale, 0) {
		return fmt.Errorf("-eval-every, -max-passes and -step-scale must be positive, -eps ≥ 0, -workers ≥ 1: %w", errUsage)
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
	pr, err := p.load(e.ctx)
	if err != nil {
		return err
	}
	plan, err := theory.NewPlan(pr, spec)
	if err != nil {
		return err
	}
	if stop.PStar, err = solveOptimum(pr, e); err != nil {
		return err
	}
	if err := pr.CheckGap(stop.Gap, stop.PStar); stop.Gap > 0 && err != nil {
		return err
	}
	if *m != catalog.DFSDCA {
		opt := catalog.Options{StepScale: *scale, Decreasing: *decreasing, Order: ord, Seed: spec.Seed}
		ms := method.Stop{Gap: stop.Gap, PStar: stop.PStar, MaxPasses: stop.MaxIterPerN, EvalEvery: stop.EvalEvery}
		return runMethod(*m, pr, plan, opt, ms, *format, e)
	}
	theta := *scale * plan.Theta
	fmt.Fprintf(e.stderr, "imlab: %s, θ = %.6g\n", plan.Sampler, theta)
	s, err := dfsdca.New(pr, dfsdca.Options{Sampler: plan.Sampler, Theta: theta, Workers: *workers, Seed: spec.Seed})
	if err != nil {
		return err
	}
	defer s.Close()
	run := dfsdca.NewRun(s, stop)
	ctx := e.ctx
	runErr := run.Until(ctx, nil)

	if err := experiment.TraceTable(run.Trace()).Write(e.stdout, *format); err != nil {
		return err
	}
	if x, ok := run.Reached(); ok {
		fmt.Fprintf(e.stderr, "imlab: gap ≤ %g after %.4g passes/τ, %.3fs of solver time\n", stop.Gap, x, s.Elapsed().Seconds())
	} else if runErr == nil && stop.Gap > 0 {
		fmt.Fprintf(e.stderr, "imlab: budget of %g passes/τ spent before gap ≤ %g\n", stop.MaxIterPerN, stop.Gap)
	}
	return runErr
}

// runMethod runs a method other than dfSDCA and prints its trace on the
// passes axis (every gradient or coordinate evaluation counted).
func runMethod(m catalog.Name, pr *problem.Problem, plan *theory.Plan, opt catalog.Options, stop method.Stop, format string, e *env) error {
	th, err := catalog.Predict(m, pr, plan)
	if err != nil {
		return err
	}
	s, err := catalog.New(m, pr, plan, opt)
	if err != nil {
		return err
	}
	if c, ok := s.(io.Closer); ok {
		defer c.Close()
	}
	fmt.Fprintf(e.stderr, "imlab: %s with %s, safe step %.6g × %g, rate %.6g per iteration (%.4g passes per e-fold)\n",
		m, plan.Sampler, th.Step, opt.StepScale, th.Rate, th.PassesPerEFold)
	run := method.NewRun(s, stop)
	runErr := run.Until(e.ctx, nil)

	t := table.Table{Header: []string{"passes", "iter", "primal", "gap", "seconds"}}
	for _, pt := range run.Trace() {
		t.Add(table.Float(pt.Passes), table.Float(float64(pt.Iter)), table.Float(pt.Primal), table.Float(pt.Gap), table.Float(pt.Seconds))
	}
	if err := t.Write(e.stdout, format); err != nil {
		return err
	}
	if x, ok := run.Reached(); ok {
		fmt.Fprintf(e.stderr, "imlab: gap ≤ %g after %.4g passes, %.3fs of solver time\n", stop.Gap, x, s.Elapsed().Seconds())
	} else if runErr == nil && stop.Gap > 0 {
		fmt.Fprintf(e.stderr, "imlab: budget of %g passes spent before gap ≤ %g\n", stop.MaxPasses, stop.Gap)
	}
	return runErr
}
