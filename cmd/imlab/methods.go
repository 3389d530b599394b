package main

import (
	"errors"
	"fmt"
	"math"

	"imlab/core/libsvm"
	"imlab/core/method"
	"imlab/core/method/catalog"
	"imlab/core/problem"
	"imlab/core/sampling"
	"imlab/core/table"
	"imlab/core/theory"
)

// specsOf returns the specs of the samplings at minibatch size τ (the
// serial ones at τ = 1).
func specsOf(kinds []sampling.Kind, tau int, partition sampling.Rule, seed uint64) []theory.Spec {
	var specs []theory.Spec
	for _, k := range kinds {
		t := tau
		if k.Serial() {
			t = 1
		}
		specs = append(specs, theory.Spec{Sampling: k, Tau: t, Partition: partition, Seed: seed})
	}
	return specs
}

// noteSkipped says on standard error which methods have no cell for which
// samplings (catalog.Runs: an adaptive sampling they cannot follow), and
// refuses a grid left with no cell at all.
func noteSkipped(e *env, ms []catalog.Name, kinds []sampling.Kind) error {
	var notes []string
	cells := 0
	for _, k := range kinds {
		var skipped []catalog.Name
		for _, m := range ms {
			if catalog.Runs(m, k) {
				cells++
			} else {
				skipped = append(skipped, m)
			}
		}
		if len(skipped) > 0 {
			notes = append(notes, fmt.Sprintf("imlab: no %s cells for %s, which cannot follow it", k, names(skipped)))
		}
	}
	if cells == 0 {
		return fmt.Errorf("-methods %s -samplings %s: no method runs any of the samplings: %w", names(ms), names(kinds), errUsage)
	}
	for _, n := range notes {
		fmt.Fprintln(e.stderr, n)
	}
	return nil
}

// specError makes an unknown sampling or partition a usage error.
func specError(err error) error {
	if errors.Is(err, theory.ErrSpec) {
		return fmt.Errorf("%w: %w", err, errUsage)
	}
	return err
}

// runMethods prints passes to ε per method × sampling, theory beside
// measurement (catalog.Compare, which bench/methods prints too).
func runMethods(args []string, e *env) error {
	fs := newFlags("methods")
	var p problemFlags
	p.register(fs)
	ms := methodsFlag(fs)
	samplings := samplingsFlag(fs, []sampling.Kind{sampling.Uniform, sampling.Importance, sampling.Nice, sampling.Imp, sampling.UniformBucket},
		"comma-separated samplings (the serial ones at τ = 1)")
	tau := fs.Int("tau", 8, "minibatch size τ of the minibatch samplings")
	epsList := fs.String("eps", "1e-6", "comma-separated gap targets ε")
	budget := fs.Float64("max-passes", 400, "budget per run, in passes")
	sgdBudget := fs.Float64("sgd-max-passes", 100, "budget of SGD runs (decreasing steps, to ε ≥ 1e-6 only), in passes")
	partition := partitionFlag(fs)
	seed := fs.Uint64("seed", 1, "random seed (partitions and sampling streams)")
	format := formatFlag(fs)
	if err := parse(fs, args, e); err != nil {
		return err
	}
	if *tau < 1 {
		return fmt.Errorf("-tau %d: %w", *tau, errBadTau)
	}
	if !(*budget > 0) || !(*sgdBudget > 0) {
		return fmt.Errorf("-max-passes and -sgd-max-passes must be positive: %w", errUsage)
	}
	eps, err := parseEps(*epsList)
	if err != nil {
		return err
	}
	if err := noteSkipped(e, *ms, *samplings); err != nil {
		return err
	}
	pr, err := p.load(e.ctx)
	if err != nil {
		return err
	}
	pstar, err := solveOptimum(pr, e)
	if err != nil {
		return err
	}
	for _, x := range eps {
		if err := pr.CheckGap(x, pstar); err != nil {
			return err
		}
	}
	c := catalog.Comparison{
		Methods: *ms, Specs: specsOf(*samplings, *tau, *partition, *seed), Eps: eps,
		MaxPasses: *budget, SGDMaxPasses: *sgdBudget, Seed: *seed,
	}
	cells, err := catalog.Compare(e.ctx, pr, pstar, c, func(c catalog.Cell) {
		fmt.Fprintf(e.stderr, "imlab: %s %s τ=%d done at %.4g passes\n", c.Method, c.Spec.Sampling, c.Spec.Tau, c.Last.Passes)
	})
	if err != nil {
		return specError(err)
	}
	t := table.Table{Header: []string{"method", "sampling", "tau", "eps", "predicted_passes", "passes", "last_passes", "last_gap"}}
	for _, c := range cells {
		for k, x := range eps {
			last, gap := table.Sig(c.Last.Passes, 4), table.Sig(c.Last.Gap, 3)
			if c.Err != nil {
				last, gap = "diverged", "diverged"
			}
			t.Add(string(c.Method), string(c.Spec.Sampling), table.Float(float64(c.Spec.Tau)), table.Float(x),
				table.Sig(c.Predicted[k], 4), table.Sig(c.Measured[k], 4), last, gap)
		}
	}
	return t.Write(e.stdout, *format)
}

// parseEps parses a comma-separated list of positive gap targets.
func parseEps(s string) ([]float64, error) {
	eps, err := commaList(s, func(f string) (float64, error) {
		x, err := libsvm.ParseNumber(f)
		if err == nil && !(x > 0) {
			err = errUsage
		}
		return x, err
	})
	if err != nil {
		return nil, fmt.Errorf("-eps %q: positive numbers separated by commas: %w", s, errUsage)
	}
	return eps, nil
}

// runTauStar prints each method's predicted time against τ under the
// parallel cost model of catalog.CostModel, its minimiser τ*, and with
// -measure the time measured from short runs beside it.
func runTauStar(args []string, e *env) error {
	fs := newFlags("tau-star")
	var p problemFlags
	p.register(fs)
	ms := methodsFlag(fs)
	samplings := samplingsFlag(fs, []sampling.Kind{sampling.Nice, sampling.Imp}, "comma-separated minibatch samplings")
	taus := fs.String("tau", "1,2,4,8,16,32,64,128,256", "comma-separated minibatch sizes")
	var cm catalog.CostModel
	fs.IntVar(&cm.Cores, "cores", 8, "cores c of the cost model: a minibatch of τ costs ⌈τ/c⌉ example updates + the sync cost")
	fs.Float64Var(&cm.Sync, "sync", 1, "synchronisation cost s per iteration, in example updates")
	measure := fs.Bool("measure", false, "also run each method × sampling × τ to -eps and report the measured time")
	eps := fs.Float64("eps", 1e-4, "gap target of the measured runs and of the predicted time to it")
	budget := fs.Float64("max-passes", 200, "budget of each measured run, in passes")
	partition := partitionFlag(fs)
	seed := fs.Uint64("seed", 1, "random seed (partitions and sampling streams)")
	format := formatFlag(fs)
	if err := parse(fs, args, e); err != nil {
		return err
	}
	ts, err := parseTaus(*taus)
	if err != nil {
		return err
	}
	if err := cm.Check(); err != nil {
		return fmt.Errorf("-cores %d -sync %v: want ≥ 1 core and a cost ≥ 0: %w", cm.Cores, cm.Sync, errUsage)
	}
	if *measure && (!(*eps > 0) || !(*budget > 0)) {
		return fmt.Errorf("-eps and -max-passes must be positive: %w", errUsage)
	}
	if err := noteSkipped(e, *ms, *samplings); err != nil {
		return err
	}
	pr, err := p.load(e.ctx)
	if err != nil {
		return err
	}
	var pstar, efolds float64
	if *measure {
		if pstar, err = solveOptimum(pr, e); err != nil {
			return err
		}
		if err := pr.CheckGap(*eps, pstar); err != nil {
			return err
		}
		efolds = math.Log((pr.Primal(make([]float64, pr.Data.D)) - pstar) / *eps)
	}
	header := []string{"method", "sampling", "tau", "step", "passes_per_efold", "time_per_efold", "tau_star"}
	if *measure {
		header = append(header, "predicted_time", "passes", "time", "tau_star_measured")
	}
	t := table.Table{Header: header}
	for _, m := range *ms {
		for _, smp := range *samplings {
			if !catalog.Runs(m, smp) {
				continue
			}
			plan := func(tau int) (*theory.Plan, error) {
				return theory.NewPlan(pr, theory.Spec{Sampling: smp, Tau: tau, Partition: *partition, Seed: *seed})
			}
			pts, err := catalog.TauCurve(m, pr, plan, ts, cm)
			if err != nil {
				return specError(fmt.Errorf("%s %s: %w", m, smp, err))
			}
			star := catalog.TauStar(pts)
			rows := make([][]string, len(pts))
			var passes, times []float64
			for k, pt := range pts {
				mark := ""
				if k == star {
					mark = "*"
				}
				rows[k] = []string{string(m), string(smp), table.Float(float64(pt.Tau)), table.Sig(pt.Theory.Step, 4),
					table.Sig(pt.Theory.PassesPerEFold, 4), table.Sig(pt.Time, 4), mark}
				if !*measure {
					continue
				}
				x, tm, err := measureTau(e, m, pr, plan, pt.Tau, pstar, *eps, *budget, *seed, cm)
				if err != nil {
					return err
				}
				passes, times = append(passes, x), append(times, tm)
				rows[k] = append(rows[k], table.Sig(pt.Time*efolds, 4), table.Sig(x, 4), table.Sig(tm, 4), "")
			}
			if *measure {
				if k := argmin(times); k >= 0 {
					rows[k][len(rows[k])-1] = "*"
				}
			}
			for _, r := range rows {
				t.Add(r...)
			}
			fmt.Fprintf(e.stderr, "imlab: %s %s: τ* = %d under c = %d, s = %g\n", m, smp, pts[star].Tau, cm.Cores, cm.Sync)
		}
	}
	return t.Write(e.stdout, *format)
}

// measureTau runs m at minibatch size τ to eps and returns the passes and
// the modelled time to it (NaN where the budget ran out or it diverged).
func measureTau(e *env, m catalog.Name, pr *problem.Problem, plan func(int) (*theory.Plan, error), tau int,
	pstar, eps, budget float64, seed uint64, cm catalog.CostModel) (passes, time float64, err error) {
	pl, err := plan(tau)
	if err != nil {
		return 0, 0, err
	}
	tr, err := catalog.Measure(e.ctx, m, pr, pl, catalog.Options{Decreasing: true, Seed: seed},
		method.Stop{Gap: catalog.Target(m, eps), PStar: pstar, MaxPasses: budget})
	if errors.Is(err, method.ErrDiverged) {
		fmt.Fprintf(e.stderr, "imlab: %s τ=%d diverged\n", m, tau)
		return math.NaN(), math.NaN(), nil
	}
	if err != nil {
		return 0, 0, err
	}
	passes, ok := method.Crossing(tr, eps)
	time, _ = cm.MeasuredTime(tr, pr.Data.N, tau, eps)
	if !ok {
		fmt.Fprintf(e.stderr, "imlab: %s τ=%d: gap %g not reached in %g passes\n", m, tau, eps, budget)
	}
	return passes, time, nil
}

// argmin is the index of the least number of xs that is not NaN, or −1.
func argmin(xs []float64) int {
	best := -1
	for k, x := range xs {
		if !math.IsNaN(x) && (best < 0 || x < xs[best]) {
			best = k
		}
	}
	return best
}
