package main

import (
	"fmt"

	"imlab/core/dfsdca"
	"imlab/core/table"
	"imlab/core/theory"
)

func runRun(args []string, e *env) error {
	fs := newFlags("run")
	var p problemFlags
	p.register(fs)
	var spec theory.Spec
	fs.StringVar(&spec.Sampling, "sampling", "imp", "sampling: nice, imp, imp-alt, uniform or importance")
	fs.IntVar(&spec.Tau, "tau", 1, "minibatch size τ")
	fs.StringVar(&spec.Partition, "partition", "random", "bucket partition: random or balanced")
	fs.Uint64Var(&spec.Seed, "seed", 1, "random seed (partition and sampler)")
	var stop dfsdca.Stop
	fs.Float64Var(&stop.Gap, "eps", 1e-10, "stop when P(w) − P* ≤ eps")
	fs.Float64Var(&stop.MaxIterPerN, "max-passes", 1000, "budget in passes/τ (iterations/n, the trace's x axis)")
	fs.Float64Var(&stop.EvalEvery, "eval-every", 0.25, "evaluate P every F passes/τ")
	workers := fs.Int("workers", 1, "goroutines per minibatch (1 = sequential; results are identical)")
	format := formatFlag(fs)
	if err := parse(fs, args, e); err != nil {
		return err
	}
	if !(stop.EvalEvery > 0) || !(stop.MaxIterPerN > 0) || !(stop.Gap >= 0) || *workers < 1 {
		return fmt.Errorf("-eval-every and -max-passes must be positive, -eps ≥ 0, -workers ≥ 1: %w", errUsage)
	}
	if spec.Tau < 1 {
		return fmt.Errorf("-tau %d: %w", spec.Tau, errBadTau)
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
	fmt.Fprintf(e.stderr, "imlab: %s, θ = %.6g\n", plan.Sampler, plan.Theta)
	s, err := dfsdca.New(pr, dfsdca.Options{Sampler: plan.Sampler, Theta: plan.Theta, Workers: *workers, Seed: spec.Seed})
	if err != nil {
		return err
	}
	defer s.Close()
	run := dfsdca.NewRun(s, stop)
	ctx := e.ctx
	runErr := run.Until(ctx, nil)

	t := table.Table{Header: []string{"iter_per_n", "primal", "gap", "seconds"}}
	for _, pt := range run.Trace() {
		t.Add(table.Float(pt.IterPerN), table.Float(pt.Primal), table.Float(pt.Gap), table.Float(pt.Seconds))
	}
	if err := t.Write(e.stdout, *format); err != nil {
		return err
	}
	if x, ok := run.Reached(); ok {
		fmt.Fprintf(e.stderr, "imlab: gap ≤ %g after %.4g passes/τ, %.3fs of solver time\n", stop.Gap, x, s.Elapsed().Seconds())
	} else if runErr == nil && stop.Gap > 0 {
		fmt.Fprintf(e.stderr, "imlab: budget of %g passes/τ spent before gap ≤ %g\n", stop.MaxIterPerN, stop.Gap)
	}
	return runErr
}
