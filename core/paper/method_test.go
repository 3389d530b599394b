package paper

import (
	"context"
	"errors"
	"math"
	"testing"

	"imlab/core/method"
	"imlab/core/method/catalog"
	"imlab/core/sampling"
	"imlab/core/theory"
)

// Every method's table is the same for any number of jobs.
func TestReproduceMethodIndependentOfJobs(t *testing.T) {
	for _, m := range []catalog.Name{catalog.SDCA, catalog.SAGA, catalog.LSVRG} {
		sources, cfg := tinyConfig(t, 1, 1, sampling.RandomRule)
		sources = sources[2:4] // χ²₁₀ and χ²₁
		cfg.Method = m
		one, err := Reproduce(context.Background(), sources, cfg)
		if err != nil {
			t.Fatalf("%s: %v", m, err)
		}
		cfg.Jobs = 3
		three, err := Reproduce(context.Background(), sources, cfg)
		if err != nil {
			t.Fatalf("%s: %v", m, err)
		}
		if one.Finished() != 2 {
			t.Fatalf("%s: %d cells finished, want 2", m, one.Finished())
		}
		equalResults(t, one, three)
	}
}

// A method's cell is its runs through core/method/catalog: the theory is
// catalog.Ratio's ratio of passes per e-fold, the empirical ratio that of
// the passes to ε of runs built by catalog.Measure with the same plan, and
// the traces are those runs' on the passes/τ axis.
func TestReproduceMethodIsTheCatalog(t *testing.T) {
	sources, cfg := tinyConfig(t, 1, 2)
	sources = sources[len(sources)-1:] // extreme
	cfg.Method = catalog.SAGA
	res, err := Reproduce(context.Background(), sources, cfg)
	if err != nil {
		t.Fatal(err)
	}
	_, prep := prepared(t, sources[0])
	pr := prep.Problem
	cell := res.Cells[0][0]
	for k, tau := range cfg.Run.Taus {
		nice, imp, err := catalog.Ratio(catalog.SAGA, pr, tau, "random", 1)
		if err != nil {
			t.Fatal(err)
		}
		row := cell.Rows[k]
		if want := nice.PassesPerEFold / imp.PassesPerEFold; !same(row.Theory, want) {
			t.Errorf("τ=%d: theory %v, catalog.Ratio %v", tau, row.Theory, want)
		}
		var passes [2]float64
		for s, kind := range kinds {
			pl, err := theory.NewPlan(pr, theory.Spec{Sampling: kind, Tau: tau, Partition: sampling.RandomRule, Seed: 1})
			if err != nil {
				t.Fatal(err)
			}
			ft := float64(tau)
			tr, err := catalog.Measure(context.Background(), catalog.SAGA, pr, pl, catalog.Options{Decreasing: true, Seed: 1},
				method.Stop{Gap: 1e-6, PStar: prep.PStar(), MaxPasses: 1000 * ft, EvalEvery: 0.25 * ft})
			if err != nil {
				t.Fatal(err)
			}
			x, ok := method.Crossing(tr, 1e-6)
			if !ok {
				t.Fatalf("%s τ=%d: 1e-6 not reached", kind, tau)
			}
			passes[s] = x
			got := cell.Traces[s*len(cfg.Run.Taus)+k]
			if got.Sampling != kind || got.Tau != tau || len(got.Points) != len(tr) {
				t.Fatalf("trace %s τ=%d: %d points, catalog run %d", got.Sampling, got.Tau, len(got.Points), len(tr))
			}
			for i, pt := range tr {
				if q := got.Points[i]; !same(q.Primal, pt.Primal) || !same(got.PerTau(q), pt.Passes/ft) {
					t.Fatalf("%s τ=%d point %d: %+v, catalog run %+v", kind, tau, i, q, pt)
				}
			}
		}
		// Crossings on the passes/τ axis have the ratio of those in passes.
		if want := passes[0] / passes[1]; math.Abs(row.Empirical/want-1) > 1e-12 {
			t.Errorf("τ=%d: empirical %v, catalog runs %v", tau, row.Empirical, want)
		}
	}
}

func TestReproduceUnknownMethod(t *testing.T) {
	sources, cfg := tinyConfig(t, 1, 1)
	cfg.Method = "newton"
	if _, err := Reproduce(context.Background(), sources, cfg); !errors.Is(err, catalog.ErrUnknown) {
		t.Errorf("method newton: %v, want catalog.ErrUnknown", err)
	}
}
