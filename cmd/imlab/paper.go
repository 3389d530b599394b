package main

import (
	"context"
	"fmt"
	"math"
	"os"
	"os/signal"

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
	fs.StringVar(&cfg.Partition, "partition", "random", "bucket partition: random or balanced")
	fs.Float64Var(&cfg.MaxIterPerN, "max-passes", 1000, "budget per run in passes/τ")
	fs.IntVar(&cfg.Workers, "workers", 1, "goroutines per minibatch")
	taus := fs.String("tau", "1,2,4,8,16,32", "comma-separated minibatch sizes")
	seeds := fs.Int("seeds", 3, "number of seeds (each redraws the partition and the samples)")
	format := formatFlag(fs)
	if err := parse(fs, args, e); err != nil {
		return err
	}
	if err := checkFormat(*format); err != nil {
		return err
	}
	if *seeds < 1 {
		return fmt.Errorf("-seeds must be at least 1: %w", errUsage)
	}
	var err error
	if cfg.Taus, err = parseTaus(*taus); err != nil {
		return err
	}
	pr, err := p.load()
	if err != nil {
		return err
	}
	pstar, err := solveOptimum(pr, e)
	if err != nil {
		return err
	}
	ctx, cancel := signal.NotifyContext(context.Background(), os.Interrupt)
	defer cancel()
	rows, err := paperRows(ctx, pr, pstar, cfg, *seeds, e)
	if err != nil {
		return err
	}
	t := table.Table{Header: []string{"tau", "theory", "empirical", "empirical_sd"}}
	for _, r := range rows {
		t.Add(table.Float(float64(r.tau)), table.Float(r.theory), table.Float(r.empirical), table.Float(r.sd))
	}
	return t.Write(e.stdout, *format)
}

// ratioRow is one τ of the paper's table, averaged over seeds.
type ratioRow struct {
	tau                   int
	theory, empirical, sd float64
}

// paperRows runs the experiment once per seed 1..seeds and averages the
// theoretical and empirical ratios per τ (sd is the seeds' sample standard
// deviation of the empirical ratio, NaN for one seed).
func paperRows(ctx context.Context, pr *problem.Problem, pstar float64, cfg experiment.Config, seeds int, e *env) ([]ratioRow, error) {
	theory := make([][]float64, len(cfg.Taus))
	empirical := make([][]float64, len(cfg.Taus))
	for s := 1; s <= seeds; s++ {
		cfg.Seed = uint64(s)
		ex, err := experiment.New(pr, pstar, cfg)
		if err != nil {
			return nil, err
		}
		err = ex.Until(ctx, func(j *experiment.Job, pt dfsdca.Point) {
			if pt.Gap <= cfg.Eps {
				fmt.Fprintf(e.stderr, "imlab: seed %d, %s τ=%d: gap %.2g at %.4g passes/τ\n", s, j.Sampling, j.Tau, pt.Gap, pt.IterPerN)
			}
		})
		if err != nil {
			return nil, err
		}
		for k, r := range ex.Rows() {
			theory[k] = append(theory[k], r.Theory)
			empirical[k] = append(empirical[k], r.Empirical)
		}
	}
	rows := make([]ratioRow, len(cfg.Taus))
	for k, tau := range cfg.Taus {
		rows[k] = ratioRow{tau: tau, theory: stat.Mean(theory[k], nil), empirical: stat.Mean(empirical[k], nil), sd: math.NaN()}
		if seeds > 1 {
			rows[k].sd = stat.StdDev(empirical[k], nil)
		}
	}
	return rows, nil
}
