package method_test

import (
	"context"
	"errors"
	"math"
	"testing"

	"imlab/core/loss"
	"imlab/core/method"
	"imlab/core/method/internal/mtest"
	"imlab/core/method/lsvrg"
	"imlab/core/method/saga"
)

// TestRunGrid checks that evaluations fall at the first iteration boundary
// at or after each grid point, that Advance does at most one evaluation per
// call, and that the budget ends the run.
func TestRunGrid(t *testing.T) {
	ds := mtest.Data(t, 100, 10, 0.5, 8)
	pr := mtest.Problem(t, ds, loss.Logistic{}, 1)
	pl := mtest.Plan(t, pr, mtest.Sampling{Name: "nice", Tau: 3}, 1)
	s, err := saga.New(pr, saga.Options{Sampler: pl.Sampler, V: pl.V, Seed: 2})
	if err != nil {
		t.Fatal(err)
	}
	// Grid of 0.1 passes = 10 evaluations, τ = 3: evaluations at 0, 12,
	// 21, 30, 42, 51; the budget of 0.55 passes (55 evaluations) ends at
	// 57, the first boundary past it.
	run := method.NewRun(s, method.Stop{PStar: 0, MaxPasses: 0.55, EvalEvery: 0.1})
	want := []int64{0, 12, 21, 30, 42, 51, 57}
	for calls := 0; ; calls++ {
		before := len(run.Trace())
		done, err := run.Advance(1 + calls%5)
		if err != nil {
			t.Fatal(err)
		}
		if len(run.Trace())-before > 1 {
			t.Fatalf("call %d made %d evaluations", calls, len(run.Trace())-before)
		}
		if done {
			break
		}
		if calls > 1000 {
			t.Fatal("run did not end")
		}
	}
	tr := run.Trace()
	if len(tr) != len(want) {
		t.Fatalf("%d points, want %d: %+v", len(tr), len(want), tr)
	}
	for k, pt := range tr {
		if got := int64(math.Round(pt.Passes * 100)); got != want[k] || pt.Iter != int(want[k]/3) {
			t.Errorf("point %d at %v passes, iteration %d; want %d evaluations", k, pt.Passes, pt.Iter, want[k])
		}
		if math.Abs(pt.Gap-pt.Primal) > 0 || !(pt.Primal > 0) {
			t.Errorf("point %d: P = %v, gap against P* = 0 is %v", k, pt.Primal, pt.Gap)
		}
	}
	if st := run.Status(); st.Reason != method.BudgetSpent || st.Err() != nil {
		t.Errorf("status %v (%v), want the budget spent without a target, no error", st.Reason, st.Err())
	}
}

// TestRunCountsFullGradients: an L-SVRG run's passes include its full
// gradients, the first of them at once.
func TestRunCountsFullGradients(t *testing.T) {
	ds := mtest.Data(t, 100, 10, 0.5, 8)
	pr := mtest.Problem(t, ds, loss.Square{}, 1)
	pl := mtest.Plan(t, pr, mtest.Sampling{Name: "imp", Tau: 4}, 1)
	s, err := lsvrg.New(pr, lsvrg.Options{Sampler: pl.Sampler, V: pl.V, Seed: 2})
	if err != nil {
		t.Fatal(err)
	}
	run := method.NewRun(s, method.Stop{PStar: math.NaN(), MaxPasses: 10})
	if err := run.Until(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	tr := run.Trace()
	if tr[0].Passes != 0 || tr[1].Passes < 1 {
		t.Errorf("first points at %v and %v passes; the first iteration costs a full pass", tr[0].Passes, tr[1].Passes)
	}
	last := tr[len(tr)-1]
	if want := float64(s.Evals()) / float64(ds.N); last.Passes != want || last.Passes < 10 {
		t.Errorf("last point at %v passes, solver counted %v", last.Passes, want)
	}
	if full := s.Evals() - int64(4*s.Iter()); full%int64(ds.N) != 0 || full < 2*int64(ds.N) {
		t.Errorf("%d evaluations beyond τ per iteration: not a whole number of full passes ≥ 2", full)
	}
}

// TestRunTraceIndependentOfSlicing: the evaluations of an L-SVRG run, whose
// full gradients make iterations of different costs, fall at the same
// iterations however Advance slices the work.
func TestRunTraceIndependentOfSlicing(t *testing.T) {
	ds := mtest.Data(t, 60, 10, 0.5, 8)
	pr := mtest.Problem(t, ds, loss.Logistic{}, 1)
	pl := mtest.Plan(t, pr, mtest.Sampling{Name: "imp", Tau: 4}, 1)
	trace := func(slice func(call int) int) []method.Point {
		s, err := lsvrg.New(pr, lsvrg.Options{Sampler: pl.Sampler, V: pl.V, Seed: 2})
		if err != nil {
			t.Fatal(err)
		}
		run := method.NewRun(s, method.Stop{PStar: 0, MaxPasses: 30, EvalEvery: 0.5})
		for call := 0; ; call++ {
			done, err := run.Advance(slice(call))
			if err != nil {
				t.Fatal(err)
			}
			if done {
				return run.Trace()
			}
		}
	}
	whole := trace(func(int) int { return 1 << 20 })
	for _, slice := range []func(int) int{
		func(int) int { return 1 },
		func(c int) int { return 1 + c%7 },
		func(c int) int { return 3 + c%13 },
	} {
		got := trace(slice)
		if len(got) != len(whole) {
			t.Fatalf("%d points sliced, %d whole", len(got), len(whole))
		}
		for k := range got {
			if got[k].Iter != whole[k].Iter || got[k].Passes != whole[k].Passes || got[k].Primal != whole[k].Primal {
				t.Fatalf("point %d: %+v sliced, %+v whole", k, got[k], whole[k])
			}
		}
	}
}

func TestRunRejectsBadStop(t *testing.T) {
	ds := mtest.Data(t, 20, 5, 0.5, 8)
	pr := mtest.Problem(t, ds, loss.Square{}, 1)
	pl := mtest.Plan(t, pr, mtest.Sampling{Name: "uniform", Tau: 1}, 1)
	for _, stop := range []method.Stop{
		{Gap: -1}, {Gap: math.NaN()}, {MaxPasses: -1}, {MaxPasses: math.Inf(1)},
		{EvalEvery: -0.5}, {PStar: math.Inf(1)},
	} {
		s, err := saga.New(pr, saga.Options{Sampler: pl.Sampler, V: pl.V})
		if err != nil {
			t.Fatal(err)
		}
		run := method.NewRun(s, stop)
		if done, err := run.Advance(1); !done || !errors.Is(err, method.ErrOptions) {
			t.Errorf("%+v: Advance = %v, %v; want ErrOptions", stop, done, err)
		}
	}
}

func TestUntilStopsOnCancel(t *testing.T) {
	ds := mtest.Data(t, 50, 5, 0.5, 8)
	pr := mtest.Problem(t, ds, loss.Square{}, 1)
	pl := mtest.Plan(t, pr, mtest.Sampling{Name: "uniform", Tau: 1}, 1)
	s, err := saga.New(pr, saga.Options{Sampler: pl.Sampler, V: pl.V})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	seen := 0
	err = method.NewRun(s, method.Stop{PStar: math.NaN()}).Until(ctx, func(method.Point) {
		if seen++; seen == 3 {
			cancel()
		}
	})
	if !errors.Is(err, context.Canceled) || seen != 3 {
		t.Errorf("Until = %v after %d points; want context.Canceled after 3", err, seen)
	}
}

func TestDivergenceIsAnError(t *testing.T) {
	ds := mtest.Data(t, 50, 5, 0.5, 8)
	pr := mtest.Problem(t, ds, loss.Square{}, 1)
	pl := mtest.Plan(t, pr, mtest.Sampling{Name: "uniform", Tau: 1}, 1)
	s, err := saga.New(pr, saga.Options{Sampler: pl.Sampler, V: pl.V, Step: 1e6})
	if err != nil {
		t.Fatal(err)
	}
	run := method.NewRun(s, method.Stop{PStar: math.NaN(), MaxPasses: 1e6})
	if err := run.Until(context.Background(), nil); !errors.Is(err, method.ErrDiverged) {
		t.Fatalf("Until = %v, want ErrDiverged", err)
	}
	for _, pt := range run.Trace() {
		if math.IsNaN(pt.Gap) || math.IsInf(pt.Primal, 0) {
			t.Errorf("non-finite point in the trace: %+v", pt)
		}
	}
	if done, err := run.Advance(1); !done || !errors.Is(err, method.ErrDiverged) {
		t.Errorf("Advance after divergence = %v, %v; want ErrDiverged", done, err)
	}
}

func TestCrossing(t *testing.T) {
	tr := []method.Point{{Passes: 0, Gap: 1}, {Passes: 1, Gap: 1e-2}, {Passes: 2, Gap: 1e-6}}
	for _, tc := range []struct {
		eps, want float64
		ok        bool
	}{{1, 0, true}, {1e-1, 0.5, true}, {1e-4, 1.5, true}, {1e-6, 2, true}, {1e-7, math.NaN(), false}} {
		got, ok := method.Crossing(tr, tc.eps)
		if ok != tc.ok || (ok && math.Abs(got-tc.want) > 1e-12) {
			t.Errorf("Crossing(%g) = %v, %v; want %v, %v", tc.eps, got, ok, tc.want, tc.ok)
		}
	}
}
