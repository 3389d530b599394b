package main

import (
	"fmt"

	"imlab/core/table"
	"imlab/core/theory"
)

func runTheory(args []string, e *env) error {
	fs := newFlags("theory")
	var p problemFlags
	p.register(fs)
	taus := fs.String("tau", "1,2,4,8,16,32", "comma-separated minibatch sizes")
	partition := fs.String("partition", "random", "bucket partition: random or balanced")
	seed := fs.Uint64("seed", 1, "random seed of the partition")
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
