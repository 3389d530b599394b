package experiment

import (
	"context"
	"errors"
	"fmt"
	"imlab/core/method"
	"math"
	"strings"
	"testing"

	"imlab/core/dataset"
	"imlab/core/loss"
	"imlab/core/optimum"
	"imlab/core/problem"
	"imlab/core/sampling"
	"imlab/core/theory"
)

// heterogeneous returns a small data set whose example norms vary widely, so
// importance sampling has something to gain.
func heterogeneous(t testing.TB, n, d int) *problem.Problem {
	t.Helper()
	r := sampling.NewRand(3)
	var b dataset.Builder
	idx := make([]int32, 0, d)
	val := make([]float64, 0, d)
	for i := 0; i < n; i++ {
		idx, val = idx[:0], val[:0]
		scale := math.Exp(2 * r.NormFloat64())
		for j := 0; j < d; j++ {
			if r.Float64() < 0.5 {
				idx = append(idx, int32(j))
				val = append(val, scale*r.NormFloat64())
			}
		}
		y := 1.0
		if r.Float64() < 0.4 {
			y = -1
		}
		b.Append(idx, val, y)
	}
	b.SetMinFeatures(d)
	ds, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	pr, err := problem.New(ds, loss.Logistic{}, problem.DefaultLambda(ds))
	if err != nil {
		t.Fatal(err)
	}
	return pr
}

func pstar(t testing.TB, pr *problem.Problem) float64 {
	t.Helper()
	res, err := optimum.Solve(pr, optimum.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return res.P
}

func TestRowsMatchTheoryAndRuns(t *testing.T) {
	pr := heterogeneous(t, 120, 8)
	cfg := Config{Taus: []int{1, 4}, Eps: 1e-9, Seed: 5}
	ex, err := New(pr, pstar(t, pr), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if got := len(ex.Jobs()); got != 4 {
		t.Fatalf("%d jobs, want 2 samplings × 2 τ", got)
	}
	before := ex.Rows()
	for k, tau := range cfg.Taus {
		nice, imp, err := theory.Ratio(pr, tau, "random", cfg.Seed)
		if err != nil {
			t.Fatal(err)
		}
		r := before[k]
		if r.Tau != tau || r.ThetaNice != nice || r.ThetaImp != imp || r.Theory != imp/nice {
			t.Errorf("τ=%d: row %+v, theory.Ratio gives %v, %v", tau, r, nice, imp)
		}
		if !math.IsNaN(r.Empirical) {
			t.Errorf("τ=%d: empirical ratio %v before any run", tau, r.Empirical)
		}
	}
	var points int
	if err := ex.Until(context.Background(), func(*Job, method.Point) { points++ }); err != nil {
		t.Fatal(err)
	}
	for _, r := range ex.Rows() {
		if !(r.NiceX > 0) || !(r.ImpX > 0) || r.Empirical != r.NiceX/r.ImpX {
			t.Errorf("τ=%d: finished row %+v", r.Tau, r)
		}
		// The interpolated crossing lies within the evaluation step that reached ε.
		if x := ex.Jobs()[0].Run.Status().At; r.Tau == 1 && !(r.NiceX <= x && r.NiceX > x-ex.Config().EvalEvery) {
			t.Errorf("τ=1: τ-nice crossing %v outside (%v, %v]", r.NiceX, x-ex.Config().EvalEvery, x)
		}
	}
	total := 0
	for _, j := range ex.Jobs() {
		total += len(j.Run.Trace())
		if last := j.Run.Trace()[len(j.Run.Trace())-1]; !(last.Gap <= cfg.Eps) {
			t.Errorf("%s τ=%d ends at gap %v", j.Sampling, j.Tau, last.Gap)
		}
	}
	if points != total {
		t.Errorf("progress saw %d points, traces hold %d", points, total)
	}
}

// TestSlicesDoNotChangeResults checks that advancing in small slices, as the
// browser does, gives exactly the traces of one uninterrupted run.
func TestSlicesDoNotChangeResults(t *testing.T) {
	pr := heterogeneous(t, 80, 6)
	ps := pstar(t, pr)
	cfg := Config{Taus: []int{2, 8}, Eps: 1e-8, Seed: 9}
	whole, _ := New(pr, ps, cfg)
	if err := whole.Until(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	sliced, _ := New(pr, ps, cfg)
	for steps := 0; ; steps++ {
		done, err := sliced.Advance(7)
		if err != nil {
			t.Fatal(err)
		}
		if done {
			break
		}
		if steps > 1e7 {
			t.Fatal("sliced experiment never finished")
		}
	}
	for k, j := range whole.Jobs() {
		a, b := j.Run.Trace(), sliced.Jobs()[k].Run.Trace()
		if len(a) != len(b) {
			t.Fatalf("%s τ=%d: %d points whole, %d sliced", j.Sampling, j.Tau, len(a), len(b))
		}
		for i := range a {
			if a[i].Iter != b[i].Iter || a[i].Primal != b[i].Primal {
				t.Fatalf("%s τ=%d point %d: %+v whole, %+v sliced", j.Sampling, j.Tau, i, a[i], b[i])
			}
		}
	}
}

// TestEvalPerDoubling checks that a thinned experiment evaluates fewer
// points, each the full grid's bit for bit, and crosses ε no earlier.
func TestEvalPerDoubling(t *testing.T) {
	pr := heterogeneous(t, 80, 6)
	ps := pstar(t, pr)
	cfg := Config{Taus: []int{1, 4}, Eps: 1e-10, Seed: 9, EvalEvery: 0.1}
	full, _ := New(pr, ps, cfg)
	cfg.EvalPerDoubling = 4
	thin, _ := New(pr, ps, cfg)
	for _, ex := range []*Experiment{full, thin} {
		if err := ex.Until(context.Background(), nil); err != nil {
			t.Fatal(err)
		}
	}
	for k, j := range full.Jobs() {
		a, b := j.Run.Trace(), thin.Jobs()[k].Run.Trace()
		if len(b) >= len(a) {
			t.Errorf("%s τ=%d: %d points thinned, %d on the full grid", j.Sampling, j.Tau, len(b), len(a))
		}
		at := make(map[int]float64, len(a))
		for _, pt := range a {
			at[pt.Iter] = pt.Primal
		}
		end := a[len(a)-1].Iter
		if b[len(b)-1].Iter < end {
			t.Errorf("%s τ=%d: thinned run ended at t = %v, before the full grid's %v", j.Sampling, j.Tau, b[len(b)-1].Iter, end)
		}
		for _, pt := range b {
			if p, ok := at[pt.Iter]; pt.Iter <= end && (!ok || math.Float64bits(p) != math.Float64bits(pt.Primal)) {
				t.Fatalf("%s τ=%d: thinned point %+v is not on the full grid", j.Sampling, j.Tau, pt)
			}
		}
	}
}

func TestBudgetExhaustionIsReportedAndRunsGoOn(t *testing.T) {
	pr := heterogeneous(t, 60, 5)
	ex, err := New(pr, pstar(t, pr), Config{Taus: []int{1, 2}, Eps: 1e-14, MaxPassesPerTau: 0.5})
	if err != nil {
		t.Fatal(err)
	}
	err = ex.Until(context.Background(), nil)
	if !errors.Is(err, method.ErrBudget) {
		t.Fatalf("err = %v, want method.ErrBudget", err)
	}
	for _, j := range ex.Jobs() {
		// The message names the run, its gap and the budget.
		name := fmt.Sprintf("dfsdca %s τ=%d seed 0: ", j.Sampling, j.Tau)
		if !j.Done() || !errors.Is(j.Err, method.ErrBudget) || !strings.HasPrefix(j.Err.Error(), name) ||
			!strings.Contains(j.Err.Error(), "budget of 0.5 iterations/n") {
			t.Errorf("%s τ=%d: done=%v err=%v", j.Sampling, j.Tau, j.Done(), j.Err)
		}
		if st := j.Run.Status(); st.Reason != method.BudgetSpent || !(st.Gap > 1e-14) || st.Eps != 1e-14 {
			t.Errorf("%s τ=%d: status %+v", j.Sampling, j.Tau, st)
		}
	}
}

func TestCancel(t *testing.T) {
	pr := heterogeneous(t, 60, 5)
	ex, _ := New(pr, pstar(t, pr), Config{})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := ex.Until(ctx, nil); !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
}

func TestBadConfig(t *testing.T) {
	pr := heterogeneous(t, 20, 3)
	for _, c := range []struct {
		pstar float64
		cfg   Config
	}{
		{math.NaN(), Config{}},
		{0, Config{Eps: -1}},
		{0, Config{Taus: []int{0}}},
		{0, Config{Taus: []int{21}}},
		{0, Config{Samplings: []sampling.Kind{"psychic"}}},
		{0, Config{EvalPerDoubling: -1}},
	} {
		if _, err := New(pr, c.pstar, c.cfg); err == nil {
			t.Errorf("New(P*=%v, %+v) accepted", c.pstar, c.cfg)
		}
	}
}

func TestUnresolvableEpsRefused(t *testing.T) {
	pr := heterogeneous(t, 60, 5)
	ps := pstar(t, pr)
	_, err := New(pr, ps, Config{Taus: []int{1}, Eps: 1e-300})
	if !errors.Is(err, problem.ErrUnresolvable) {
		t.Errorf("ε = 1e-300: err = %v, want ErrUnresolvable", err)
	}
}
