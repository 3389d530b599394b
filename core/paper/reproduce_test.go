package paper

import (
	"context"
	"errors"
	"fmt"
	"math"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"imlab/core/budget"
	"imlab/core/dataset"
	"imlab/core/experiment"
	"imlab/core/loss"
	"imlab/core/method/catalog"
	"imlab/core/pipeline"
	"imlab/core/problem"
	"imlab/core/sampling"
	"imlab/core/synth"
	"imlab/core/theory"
)

func logistic(ds *dataset.Dataset) (*problem.Problem, error) {
	return pipeline.Pose(ds, loss.Logistic{}, 0)
}

// tinyConfig is a small table: the tiny dense sources, τ ∈ {1, 4}, ε = 1e−6.
func tinyConfig(t testing.TB, seeds, jobs int, rules ...sampling.Rule) ([]Source, Config) {
	t.Helper()
	sources, _, err := Artificial(DenseTable, Tiny, budget.Default)
	if err != nil {
		t.Fatal(err)
	}
	return sources, Config{Run: experiment.Config{Taus: []int{1, 4}, Eps: 1e-6}, Rules: rules, Seeds: seeds, Jobs: jobs, Pose: logistic}
}

// prepared is a source's data and its logistic problem solved to P*.
func prepared(t *testing.T, src Source) (*dataset.Dataset, *pipeline.Prepared) {
	t.Helper()
	ds, err := src.Load(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	pr, err := logistic(ds)
	if err != nil {
		t.Fatal(err)
	}
	prep, err := pipeline.Prepare(context.Background(), pr)
	if err != nil {
		t.Fatal(err)
	}
	return ds, prep
}

// same reports whether two floats are equal bit for bit, NaN included.
func same(a, b float64) bool { return math.Float64bits(a) == math.Float64bits(b) }

func equalResults(t *testing.T, a, b *Result) {
	t.Helper()
	for s := range a.Cells {
		for r := range a.Cells[s] {
			ca, cb := a.Cells[s][r], b.Cells[s][r]
			if ca.Seeds != cb.Seeds || len(ca.Rows) != len(cb.Rows) || len(ca.Traces) != len(cb.Traces) {
				t.Fatalf("%s rule %d: %d seeds, %d rows, %d traces against %d, %d, %d", a.Sources[s].Name, r,
					ca.Seeds, len(ca.Rows), len(ca.Traces), cb.Seeds, len(cb.Rows), len(cb.Traces))
			}
			for k := range ca.Rows {
				x, y := ca.Rows[k], cb.Rows[k]
				if x.Tau != y.Tau || !same(x.Theory, y.Theory) || !same(x.Empirical, y.Empirical) || !same(x.SD, y.SD) {
					t.Errorf("%s rule %d: row %+v against %+v", a.Sources[s].Name, r, x, y)
				}
			}
			for k := range ca.Traces {
				x, y := ca.Traces[k], cb.Traces[k]
				if x.Sampling != y.Sampling || x.Tau != y.Tau || len(x.Points) != len(y.Points) {
					t.Fatalf("%s trace %d: %s τ=%d (%d points) against %s τ=%d (%d)", a.Sources[s].Name, k,
						x.Sampling, x.Tau, len(x.Points), y.Sampling, y.Tau, len(y.Points))
				}
				for m := range x.Points {
					if !same(x.Points[m].Primal, y.Points[m].Primal) || !same(x.PerTau(x.Points[m]), y.PerTau(y.Points[m])) {
						t.Fatalf("%s trace %d point %d differs", a.Sources[s].Name, k, m)
					}
				}
			}
		}
	}
}

// Results do not depend on how many jobs run at once.
func TestReproduceIndependentOfJobs(t *testing.T) {
	sources, cfg := tinyConfig(t, 2, 1, sampling.RandomRule, sampling.BalancedRule)
	one, err := Reproduce(context.Background(), sources, cfg)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Jobs = 3
	three, err := Reproduce(context.Background(), sources, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if one.Finished() != 10 {
		t.Fatalf("%d cells finished, want 5 laws × 2 rules", one.Finished())
	}
	equalResults(t, one, three)
}

// A cell's seed is exactly the experiment of that seed run whole: splitting
// it into one job per run changes nothing.
func TestReproduceIsTheExperiment(t *testing.T) {
	sources, cfg := tinyConfig(t, 1, 2)
	sources = sources[len(sources)-1:] // extreme
	res, err := Reproduce(context.Background(), sources, cfg)
	if err != nil {
		t.Fatal(err)
	}
	ds, prep := prepared(t, sources[0])
	c := cfg.Run
	c.Seed = 1
	ex, err := prep.Experiment(c)
	if err != nil {
		t.Fatal(err)
	}
	if err := ex.Until(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	cell := res.Cells[0][0]
	for k, row := range ex.Rows() {
		got := cell.Rows[k]
		if got.Tau != row.Tau || !same(got.Theory, row.Theory) || !same(got.Empirical, row.Empirical) || !math.IsNaN(got.SD) {
			t.Errorf("τ=%d: Reproduce %+v, experiment %+v", row.Tau, got, row)
		}
	}
	for k, j := range ex.Jobs() {
		tr := cell.Traces[k]
		if tr.Sampling != j.Sampling || tr.Tau != j.Tau || len(tr.Points) != len(j.Run.Trace()) {
			t.Errorf("trace %d: %s τ=%d with %d points, experiment %s τ=%d with %d", k, tr.Sampling, tr.Tau,
				len(tr.Points), j.Sampling, j.Tau, len(j.Run.Trace()))
		}
	}
	if len(res.Norms[0]) != ds.N {
		t.Errorf("%d norms for %d examples", len(res.Norms[0]), ds.N)
	}
}

// An interrupt keeps each cell's finished seeds from seed 1, averaged as a
// run of that many seeds would average them.
func TestReproduceInterrupted(t *testing.T) {
	sources, cfg := tinyConfig(t, 4, 2)
	sources = sources[:1]
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var mu sync.Mutex
	var events []Event
	cfg.Events = func(e Event) {
		mu.Lock()
		events = append(events, e)
		mu.Unlock()
		if e.Kind == SeedFinished && e.Seed == 1 {
			cancel()
		}
	}
	res, err := Reproduce(ctx, sources, cfg)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	cell := res.Cells[0][0]
	if cell.Seeds < 1 {
		t.Fatalf("no seed kept, though seed 1 finished")
	}
	cfg.Seeds, cfg.Events = cell.Seeds, nil
	whole, err := Reproduce(context.Background(), sources, cfg)
	if err != nil {
		t.Fatal(err)
	}
	equalResults(t, res, whole)
	if events[0].Kind != Loading || events[1].Kind != Solved || events[1].Prepared == nil {
		t.Errorf("first events %+v, %+v", events[0], events[1])
	}
}

// A failing run ends the table with the error of the first failed job.
func TestReproduceFailure(t *testing.T) {
	sources, cfg := tinyConfig(t, 2, 2)
	cfg.Run.Eps = 1e-300
	res, err := Reproduce(context.Background(), sources, cfg)
	if !errors.Is(err, problem.ErrUnresolvable) || !strings.HasPrefix(err.Error(), "uniform, random partition, seed 1: ") {
		t.Fatalf("err = %v, want the first job's ErrUnresolvable", err)
	}
	if res.Finished() != 0 {
		t.Errorf("%d cells finished", res.Finished())
	}
	sources[0].Load = func(context.Context) (*dataset.Dataset, error) { return nil, errors.New("no such file") }
	if _, err := Reproduce(context.Background(), sources[:1], cfg); err == nil || !strings.Contains(err.Error(), "uniform: no such file") {
		t.Errorf("load failure: %v", err)
	}
}

func TestAverage(t *testing.T) {
	seeds := [][]experiment.Row{{{Tau: 2, Theory: 2, Empirical: 1}}, {{Tau: 2, Theory: 2, Empirical: 3}}}
	rows := Average([]int{2}, seeds)
	if len(rows) != 1 || rows[0].Theory != 2 || rows[0].Empirical != 2 || math.Abs(rows[0].SD-math.Sqrt2) > 1e-15 {
		t.Errorf("Average = %+v", rows)
	}
	if one := Average([]int{2}, seeds[:1]); !math.IsNaN(one[0].SD) || one[0].Empirical != 1 {
		t.Errorf("one seed: %+v", one)
	}
	if Average([]int{2}, nil) != nil {
		t.Error("no seeds gave rows")
	}
}

// The quick dense preset's light-tailed laws have the paper's theoretical
// ratios within 10% at every τ, χ²₁₀ within 12% (Table 3; docs/results.md
// discusses the heavier tails, whose ratios depend on n).
func TestQuickDenseTheoryNearPublished(t *testing.T) {
	if testing.Short() {
		t.Skip("generates n = 5,000 examples per law")
	}
	sources, _, err := Artificial(DenseTable, Quick, budget.Default)
	if err != nil {
		t.Fatal(err)
	}
	for k, src := range sources[:3] { // uniform, χ²₁₀₀, χ²₁₀
		tol := []float64{0.1, 0.1, 0.12}[k]
		ds, err := src.Load(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		pr, _ := logistic(ds)
		for _, tau := range Taus {
			nice, imp, err := theory.Ratio(pr, tau, sampling.RandomRule, 1)
			if err != nil {
				t.Fatal(err)
			}
			want, _, ok := Cell(DenseTable.Rows(), src.Name, tau)
			if got := imp / nice; !ok || math.Abs(got/want-1) > tol {
				t.Errorf("%s τ=%d: ratio %.3g, Table 3 has %v", src.Name, tau, got, want)
			}
		}
	}
}

func TestNamesAndSizes(t *testing.T) {
	for _, tab := range []Table{SparseTable, DenseTable, RealTable} {
		if got, err := ParseTable(tab.Name()); err != nil || got != tab {
			t.Errorf("ParseTable(%q) = %v, %v", tab.Name(), got, err)
		}
	}
	for _, z := range Sizes {
		if got, err := ParseSize(string(z)); err != nil || got != z {
			t.Errorf("ParseSize(%q) = %v, %v", z, got, err)
		}
	}
	if _, err := ParseTable("medium"); err == nil {
		t.Error("ParseTable(medium)")
	}
	if _, err := ParseSize("huge"); err == nil {
		t.Error("ParseSize(huge)")
	}
	if _, _, err := Artificial(RealTable, Quick, budget.Default); err == nil {
		t.Error("Artificial(RealTable)")
	}
	sources, title, _ := Artificial(SparseTable, Full, budget.Default)
	if len(sources) != len(synth.PaperLaws) || !strings.Contains(title, "n = 50000, d = 10000") {
		t.Errorf("full sparse: %d sources, %q", len(sources), title)
	}
}

// TestReproducePreparesAtOnce: with as many jobs as sources, every source
// is prepared at once rather than when a worker reaches its first run (the
// job list holds every run of the first source before the second's). Each
// load waits for the other to start; a scheduler that prepared them one
// after the other fails the loads after a grace period.
func TestReproducePreparesAtOnce(t *testing.T) {
	sources, cfg := tinyConfig(t, 1, 2)
	sources = sources[:2]
	var started sync.WaitGroup
	started.Add(len(sources))
	all := make(chan struct{})
	go func() { started.Wait(); close(all) }()
	for s := range sources {
		load := sources[s].Load
		sources[s].Load = func(ctx context.Context) (*dataset.Dataset, error) {
			started.Done()
			select {
			case <-all:
				return load(ctx)
			case <-time.After(30 * time.Second):
				return nil, errors.New("the other source's preparation did not start")
			}
		}
	}
	if _, err := Reproduce(context.Background(), sources, cfg); err != nil {
		t.Fatal(err)
	}
}

// TestReproduceLongestFirst: with one job, the runs of a seed go in
// decreasing expected cost, the larger τ and τ-nice first, and seed 1's
// runs all come before seed 2's.
func TestReproduceLongestFirst(t *testing.T) {
	sources, cfg := tinyConfig(t, 2, 1)
	sources = sources[:1]
	var got []string
	cfg.Events = func(e Event) {
		if e.Kind == RunReached {
			got = append(got, fmt.Sprintf("%d %s %d", e.Seed, e.Sampling, e.Tau))
		}
	}
	if _, err := Reproduce(context.Background(), sources, cfg); err != nil {
		t.Fatal(err)
	}
	want := []string{"1 nice 4", "1 imp 4", "1 nice 1", "1 imp 1", "2 nice 4", "2 imp 4", "2 nice 1", "2 imp 1"}
	if !slices.Equal(got, want) {
		t.Errorf("runs reached ε in the order %q, want %q", got, want)
	}
}

// TestReproduceSpareCores: the workers that find nothing left to start give
// their cores to the runs still going, which split their minibatches among
// more goroutines, and the result is still that of one job at a time.
func TestReproduceSpareCores(t *testing.T) {
	if runtime.GOMAXPROCS(0) < 2 {
		// js/wasm: one thread runs one goroutine until it blocks, so a run
		// may end before any worker is left with nothing to start.
		t.Skip("spare cores need a second thread")
	}
	defer func(n int) { splitNNZ = n }(splitNNZ)
	splitNNZ = 0 // the tiny data's minibatches are far below the real threshold
	sources, cfg := tinyConfig(t, 1, 1)
	sources = sources[:2]
	cfg.Rules, cfg.Method = []sampling.Rule{sampling.RandomRule}, catalog.DFSDCA
	one, err := Reproduce(context.Background(), sources, cfg)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Jobs = 4
	// The tiny runs can all end before a worker finds nothing left to
	// start (2 failures in 300 with two CPU hogs beside): the first run to
	// claim waits, at most a few seconds, until a core is spare; the others
	// go on, finish the table's other runs and leave their cores.
	defer func(f func(*reproduction)) { beforeClaim = f }(beforeClaim)
	var held atomic.Bool
	beforeClaim = func(r *reproduction) {
		if held.Swap(true) {
			return
		}
		for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(time.Millisecond) {
			r.mu.Lock()
			spare := r.spare
			r.mu.Unlock()
			if spare > 0 {
				return
			}
		}
	}
	r := newReproduction(sources, cfg)
	many, err := r.run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if r.claimed == 0 {
		t.Error("no run took a spare core")
	}
	equalResults(t, one, many)
}

// A table without figures (CrossingsOnly) skips the evaluations its
// crossings do not need in seed 1's runs too: the same rows, bit for bit,
// and no traces.
func TestReproduceCrossingsOnly(t *testing.T) {
	sources, cfg := tinyConfig(t, 2, 2, sampling.RandomRule)
	full, err := Reproduce(context.Background(), sources, cfg)
	if err != nil {
		t.Fatal(err)
	}
	cfg.CrossingsOnly = true
	table, err := Reproduce(context.Background(), sources, cfg)
	if err != nil {
		t.Fatal(err)
	}
	for s := range full.Cells {
		a, b := full.Cells[s][0], table.Cells[s][0]
		if len(a.Traces) == 0 || len(b.Traces) != 0 || a.Seeds != b.Seeds || len(a.Rows) != len(b.Rows) {
			t.Fatalf("%s: %d traces, %d seeds, %d rows; without figures %d, %d, %d", full.Sources[s].Name,
				len(a.Traces), a.Seeds, len(a.Rows), len(b.Traces), b.Seeds, len(b.Rows))
		}
		for k := range a.Rows {
			x, y := a.Rows[k], b.Rows[k]
			if !same(x.Empirical, y.Empirical) || !same(x.SD, y.SD) || !same(x.Theory, y.Theory) {
				t.Errorf("%s: row %+v, without figures %+v", full.Sources[s].Name, x, y)
			}
		}
	}
}
