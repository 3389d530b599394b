package main

import (
	"time"

	"imlab/core/optimum"
	"imlab/core/table"
)

// runOptimum prints P* and the certificate of its precision, for comparing
// other solvers' objective values against the same optimum.
func runOptimum(args []string, e *env) error {
	fs := newFlags("optimum")
	var p problemFlags
	p.register(fs)
	format := formatFlag(fs)
	if err := parse(fs, args, e); err != nil {
		return err
	}
	pr, err := p.load(e.ctx)
	if err != nil {
		return err
	}
	start := time.Now()
	res, err := optimum.SolveContext(e.ctx, pr, optimum.Options{})
	if err != nil {
		return err
	}
	bound, _ := optimum.CertifiedGap(pr, res.W)
	t := table.Table{Header: []string{"primal", "grad_norm", "gap_bound", "lambda", "newton_steps", "seconds"}}
	t.Add(table.Float(res.P), table.Float(res.GradNorm), table.Float(bound), table.Float(pr.Lambda),
		table.Float(float64(res.Iterations)), table.Float(time.Since(start).Seconds()))
	return t.Write(e.stdout, *format)
}
