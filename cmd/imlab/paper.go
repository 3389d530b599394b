package main

import (
	"fmt"
	"math"

	"imlab/core/experiment"
	"imlab/core/paper"
	"imlab/core/sampling"
	"imlab/core/table"
)

func runPaper(args []string, e *env) error {
	fs := newFlags("paper")
	var p problemFlags
	p.register(fs)
	var cfg experiment.Config
	fs.IntVar(&cfg.Workers, "workers", 1, "goroutines per minibatch")
	partitions := fs.String("partition", "random", "bucket partition rules, comma-separated: random, balanced")
	taus := fs.String("tau", "1,2,4,8,16,32", "comma-separated minibatch sizes")
	seeds := fs.Int("seeds", 3, "number of seeds (each redraws the partition and the samples)")
	preset := fs.String("preset", "", "rebuild a paper table: sparse, dense (artificial data) or real (the -data files, with bias)")
	size := fs.String("size", "quick", "artificial data size for -preset: quick or paper (n = 50,000)")
	jobs := jobsFlag(fs)
	m := methodFlag(fs)
	stop := registerStop(fs, m, false)
	format := formatFlag(fs)
	if err := parse(fs, args, e); err != nil {
		return err
	}
	var err error
	if cfg.Eps, cfg.MaxPassesPerTau, err = stop.values(); err != nil {
		return err
	}
	if *seeds < 1 {
		return fmt.Errorf("-seeds must be at least 1: %w", errUsage)
	}
	if cfg.Taus, err = parseTaus(*taus); err != nil {
		return err
	}
	rules, err := commaList(*partitions, sampling.ParseRule)
	if err != nil {
		return fmt.Errorf("-partition: %w: %w", err, errUsage)
	}
	if err := checkWorkers(*m, cfg.Workers); err != nil {
		return err
	}
	rc := paper.Config{Run: cfg, Rules: rules, Seeds: *seeds, Jobs: *jobs, Method: *m, Pose: p.problemFor, Events: progress(e),
		CrossingsOnly: true} // a table, no figures
	ctx := e.ctx
	if *preset != "" {
		_, sources, _, err := presetSources(*preset, *size, p)
		if err != nil {
			return err
		}
		res, err := paper.Reproduce(ctx, sources, rc)
		if err != nil && ctx.Err() != nil && res.Finished() > 0 {
			fmt.Fprintf(e.stderr, "imlab: interrupted: the table holds the %d data set and partition cells finished\n", res.Finished())
			if werr := resultTable(res, *format).Write(e.stdout, *format); werr != nil {
				return werr
			}
		}
		if err != nil {
			return err
		}
		if *seeds == 1 {
			noteOneSeed(e)
		}
		if err := resultTable(res, *format).Write(e.stdout, *format); err != nil {
			return err
		}
		return unreached(e, res, cfg)
	}
	if len(rules) != 1 {
		return fmt.Errorf("-partition: one rule without -preset: %w", errUsage)
	}
	if p.path == "" {
		return fmt.Errorf("-data is required: %w", errUsage)
	}
	source := paper.Source{Name: dataName(p.path), Load: p.dataFlags.load}
	res, err := paper.Reproduce(ctx, []paper.Source{source}, rc)
	cell := res.Cells[0][0]
	if err != nil && (ctx.Err() == nil || cell.Seeds == 0) {
		return err
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "imlab: interrupted: the table averages seeds 1 to %d\n", cell.Seeds)
	}
	t := table.Table{Header: []string{"tau", "theory", "empirical", "empirical_sd"}}
	for _, r := range cell.Rows {
		t.Add(table.Float(float64(r.Tau)), table.Float(r.Theory), empirical(r, cell, table.Float), sdCell(r.SD))
	}
	if cell.Seeds == 1 {
		noteOneSeed(e)
	}
	if werr := t.Write(e.stdout, *format); werr != nil {
		return werr
	}
	if err != nil {
		return err
	}
	return unreached(e, res, cfg)
}

// empirical is the empirical cell of row r of outcome c, written by f, or
// experiment.OverBudget where a run of the cell spent its budget first.
func empirical(r paper.Row, c paper.Outcome, f func(float64) string) string {
	if math.IsNaN(r.Empirical) && len(c.Unreached) > 0 {
		return experiment.OverBudget
	}
	return f(r.Empirical)
}

// unreached names on stderr every run of res that spent its budget before
// ε, with the flags to change, and then fails: the table printed before it
// marks their cells experiment.OverBudget.
func unreached(e *env, res *paper.Result, cfg experiment.Config) error {
	n := 0
	for s, cells := range res.Cells {
		for _, c := range cells {
			for _, msg := range c.Unreached {
				fmt.Fprintf(e.stderr, "imlab: %s: %s\n", res.Sources[s].Name, msg)
				n++
			}
		}
	}
	if n == 0 {
		return nil
	}
	return fmt.Errorf("%d runs spent their budget before ε = %g; raise -max-passes (now %g passes/τ) or -eps",
		n, cfg.Eps, cfg.MaxPassesPerTau)
}

// progress reports the paper engine's progress on stderr.
func progress(e *env) func(paper.Event) {
	return func(ev paper.Event) {
		switch ev.Kind {
		case paper.Loading:
			fmt.Fprintf(e.stderr, "imlab: %s: loading\n", ev.Source)
		case paper.Solved:
			printOptimum(e, ev.Source+": ", ev.Prepared, ev.Elapsed)
		case paper.RunReached:
			fmt.Fprintf(e.stderr, "imlab: %s, %s, seed %d, %s τ=%d: gap %.2g at %.4g passes/τ\n",
				ev.Source, ev.Rule, ev.Seed, ev.Sampling, ev.Tau, ev.Point.Gap, ev.X)
		case paper.SeedFinished:
			fmt.Fprintf(e.stderr, "imlab: %s, %s: seed %d finished\n", ev.Source, ev.Rule, ev.Seed)
		}
	}
}

// noteOneSeed says on stderr why a table's standard deviations are missing.
func noteOneSeed(e *env) {
	fmt.Fprintf(e.stderr, "imlab: one seed: the standard deviation over seeds is not computed (%s); -seeds 2 or more gives it\n", undefined)
}

// sdCell is a standard deviation over seeds as a table cell: undefined for
// one seed, where paper.Average leaves it NaN.
func sdCell(sd float64) string {
	if math.IsNaN(sd) {
		return undefined
	}
	return table.Float(sd)
}
