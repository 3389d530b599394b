package main

import (
	"context"
	"fmt"
	"math"
	"strings"

	"gonum.org/v1/gonum/stat"

	"imlab/core/dfsdca"
	"imlab/core/experiment"
	"imlab/core/problem"
	"imlab/core/table"
)

func runPaper(args []string, e *env) error {
	fs := newFlags("paper")
	var p problemFlags
	p.register(fs)
	var cfg experiment.Config
	fs.Float64Var(&cfg.Eps, "eps", 1e-10, "target gap P(w) − P*")
	fs.Float64Var(&cfg.MaxIterPerN, "max-passes", 1000, "budget per run in passes/τ")
	fs.IntVar(&cfg.Workers, "workers", 1, "goroutines per minibatch")
	partitions := fs.String("partition", "random", "bucket partition rules, comma-separated: random, balanced")
	taus := fs.String("tau", "1,2,4,8,16,32", "comma-separated minibatch sizes")
	seeds := fs.Int("seeds", 3, "number of seeds (each redraws the partition and the samples)")
	preset := fs.String("preset", "", "rebuild a paper table: sparse, dense (artificial data) or real (the -data files, with bias)")
	size := fs.String("size", "quick", "artificial data size for -preset: quick or paper (n = 50,000)")
	format := formatFlag(fs)
	if err := parse(fs, args, e); err != nil {
		return err
	}
	if *seeds < 1 {
		return fmt.Errorf("-seeds must be at least 1: %w", errUsage)
	}
	var err error
	if cfg.Taus, err = parseTaus(*taus); err != nil {
		return err
	}
	rules := strings.Split(*partitions, ",")
	ctx := e.ctx
	if *preset != "" {
		tab, err := newPresetTable(*preset, *size, p, *seeds)
		if err != nil {
			return err
		}
		res, err := tab.run(ctx, cfg, rules, e)
		if err != nil && ctx.Err() != nil && res.finished() > 0 {
			fmt.Fprintf(e.stderr, "imlab: interrupted: the table holds the %d data set and partition cells finished\n", res.finished())
			if werr := res.table(*format).Write(e.stdout, *format); werr != nil {
				return werr
			}
		}
		if err != nil {
			return err
		}
		return res.table(*format).Write(e.stdout, *format)
	}
	if len(rules) != 1 {
		return fmt.Errorf("-partition: one rule without -preset: %w", errUsage)
	}
	cfg.Partition = rules[0]
	pr, err := p.load(e.ctx)
	if err != nil {
		return err
	}
	pstar, err := solveOptimum(pr, e)
	if err != nil {
		return err
	}
	avg, err := averageSeeds(ctx, pr, pstar, cfg, *seeds, e)
	if err != nil && (ctx.Err() == nil || avg.seeds == 0) {
		return err
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "imlab: interrupted: the table averages seeds 1 to %d\n", avg.seeds)
	}
	t := table.Table{Header: []string{"tau", "theory", "empirical", "empirical_sd"}}
	for _, r := range avg.rows {
		t.Add(table.Float(float64(r.tau)), table.Float(r.theory), table.Float(r.empirical), table.Float(r.sd))
	}
	if werr := t.Write(e.stdout, *format); werr != nil {
		return werr
	}
	return err
}

// ratioRow is one τ of the paper's table, averaged over seeds.
type ratioRow struct {
	tau                   int
	theory, empirical, sd float64
}

// seedAverage is the outcome of one experiment repeated over seeds.
type seedAverage struct {
	seeds int // seeds averaged
	rows  []ratioRow
	first *experiment.Experiment // seed 1, kept for its traces
}

// averageSeeds runs the experiment once per seed 1..seeds and averages the
// theoretical and empirical ratios per τ (sd is the seeds' sample standard
// deviation of the empirical ratio, NaN for one seed). If a seed fails or
// is interrupted, the average of the seeds finished before it is returned
// with the error (no rows if none finished).
func averageSeeds(ctx context.Context, pr *problem.Problem, pstar float64, cfg experiment.Config, seeds int, e *env) (seedAverage, error) {
	theory := make([][]float64, len(cfg.Taus))
	empirical := make([][]float64, len(cfg.Taus))
	var avg seedAverage
	for s := 1; s <= seeds; s++ {
		cfg.Seed = uint64(s)
		ex, err := experiment.New(pr, pstar, cfg)
		if err == nil {
			err = ex.Until(ctx, func(j *experiment.Job, pt dfsdca.Point) {
				if pt.Gap <= cfg.Eps {
					fmt.Fprintf(e.stderr, "imlab: seed %d, %s τ=%d: gap %.2g at %.4g passes/τ\n", s, j.Sampling, j.Tau, pt.Gap, pt.IterPerN)
				}
			})
		}
		if err != nil {
			avg.fill(cfg.Taus, theory, empirical)
			return avg, fmt.Errorf("seed %d (%d of %d seeds finished): %w", s, avg.seeds, seeds, err)
		}
		if s == 1 {
			avg.first = ex
		}
		for k, r := range ex.Rows() {
			theory[k] = append(theory[k], r.Theory)
			empirical[k] = append(empirical[k], r.Empirical)
		}
	}
	avg.fill(cfg.Taus, theory, empirical)
	return avg, nil
}

// fill averages the seeds' ratios per τ into avg.rows.
func (avg *seedAverage) fill(taus []int, theory, empirical [][]float64) {
	avg.seeds = len(theory[0])
	if avg.seeds == 0 {
		return
	}
	avg.rows = make([]ratioRow, len(taus))
	for k, tau := range taus {
		avg.rows[k] = ratioRow{tau: tau, theory: stat.Mean(theory[k], nil), empirical: stat.Mean(empirical[k], nil), sd: math.NaN()}
		if avg.seeds > 1 {
			avg.rows[k].sd = stat.StdDev(empirical[k], nil)
		}
	}
}
