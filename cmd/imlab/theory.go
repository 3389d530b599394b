package main

import (
	"fmt"

	"imlab/core/method/catalog"
	"imlab/core/problem"
	"imlab/core/sampling"
	"imlab/core/table"
	"imlab/core/theory"
)

func runTheory(args []string, e *env) error {
	fs := newFlags("theory")
	var p problemFlags
	p.register(fs)
	taus := fs.String("tau", "1,2,4,8,16,32", "comma-separated minibatch sizes")
	partition := partitionFlag(fs)
	seed := fs.Uint64("seed", 1, "random seed of the partition")
	m := methodFlag(fs)
	format := formatFlag(fs)
	if err := parse(fs, args, e); err != nil {
		return err
	}
	ts, err := parseTaus(*taus)
	if err != nil {
		return err
	}
	pr, err := p.load(e.ctx)
	if err != nil {
		return err
	}
	if !catalog.Describe(*m).Paper {
		return methodTheory(*m, pr, ts, *partition, *seed, *format, e)
	}
	t := table.Table{Header: []string{"tau", "theta_nice", "theta_imp", "ratio"}}
	for _, tau := range ts {
		nice, imp, err := theory.Ratio(pr, tau, *partition, *seed)
		if err != nil {
			return fmt.Errorf("τ=%d: %w", tau, err)
		}
		t.Add(table.Float(float64(tau)), table.Float(nice), table.Float(imp), table.Float(imp/nice))
	}
	return t.Write(e.stdout, *format)
}

// methodTheory prints, per τ, method m's safe step, contraction rate per
// iteration and predicted passes per e-fold for τ-nice and τ-importance
// sampling, and the ratio of the passes: the method's analogue of the
// paper's theoretical ratio θ_imp/θ_nice.
func methodTheory(m catalog.Name, pr *problem.Problem, taus []int, partition sampling.Rule, seed uint64, format string, e *env) error {
	t := table.Table{Header: []string{"tau", "step_nice", "step_imp", "rate_nice", "rate_imp", "passes_per_efold_nice", "passes_per_efold_imp", "ratio"}}
	for _, tau := range taus {
		nice, imp, err := catalog.Ratio(m, pr, tau, partition, seed)
		if err != nil {
			return fmt.Errorf("τ=%d: %w", tau, err)
		}
		t.Add(table.Float(float64(tau)), table.Float(nice.Step), table.Float(imp.Step), table.Float(nice.Rate), table.Float(imp.Rate),
			table.Float(nice.PassesPerEFold), table.Float(imp.PassesPerEFold), table.Float(nice.PassesPerEFold/imp.PassesPerEFold))
	}
	return t.Write(e.stdout, format)
}
