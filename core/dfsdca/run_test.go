package dfsdca

import (
	"context"
	"errors"
	"imlab/core/method"
	"math"
	"testing"

	"imlab/core/loss"
	"imlab/core/optimum"
	"imlab/core/sampling"
)

var testSamplings = []struct {
	name sampling.Kind
	tau  int
}{
	{"uniform", 1}, {"importance", 1}, {"nice", 4}, {"imp", 4}, {"imp-alt", 4}, {"bucket", 4},
}

// TestReachesTarget runs every sampling under every loss to a gap of 1e−10,
// checking at every evaluation that w = (1/(λn)) Σ α_i x_i still holds to
// 1e−9 relative to max(1, max_j |w_j|).
func TestReachesTarget(t *testing.T) {
	ds := testData(t, 200, 20, 0.5, 7)
	for _, l := range testLosses {
		pr := testProblem(t, ds, l)
		pstar := testOptimum(t, pr)
		for _, sc := range testSamplings {
			smp, theta := testPlan(t, pr, sc.name, sc.tau, 11)
			s, err := New(pr, Options{Sampler: smp, Theta: theta, Seed: 13})
			if err != nil {
				t.Fatal(err)
			}
			run := newRun(s, method.Stop{Gap: 1e-10, PStar: pstar, MaxPasses: 2000})
			for {
				done, err := run.Advance(1000)
				if err != nil {
					t.Fatalf("%s %s: %v", l, sc.name, err)
				}
				diff, size := maxAbsDiff(s.W(), wFromAlpha(pr, s.Alpha()))
				if diff > 1e-9*math.Max(1, size) {
					t.Fatalf("%s %s at t/n = %g: w − (1/λn)Σα_i x_i = %g (max |w_j| = %g)",
						l, sc.name, s.IterPerN(), diff, size)
				}
				if done {
					break
				}
			}
			x, ok := reached(run)
			tr := run.Trace()
			last := tr[len(tr)-1]
			if !ok || last.Gap > 1e-10 || x != tn(last, ds.N) {
				t.Errorf("%s %s: gap 1e-10 not reached (Reached = %v, %v; last point %+v)", l, sc.name, x, ok, last)
				continue
			}
			if last.Gap < -1e-13 {
				t.Errorf("%s %s: P(w) = %.17g is below P* = %.17g", l, sc.name, last.Primal, pstar)
			}
			t.Logf("%-12s %-10s θ = %.4g: gap 1e-10 at t/n = %g", l, sc.name, theta, x)
		}
	}
}

// TestTrace checks the trace's grid, the x = 0 point, Seconds, the budget,
// and that Advance does at most iters iterations and one evaluation.
func TestTrace(t *testing.T) {
	ds := testData(t, 124, 10, 0.5, 8)
	pr := testProblem(t, ds, loss.Logistic{})
	smp, theta := testPlan(t, pr, "nice", 3, 1)
	s, err := New(pr, Options{Sampler: smp, Theta: theta, Seed: 2})
	if err != nil {
		t.Fatal(err)
	}
	// The grid is round(m·0.1·124) = round(12.4 m); the budget ends at
	// ceil(0.55·124) = 69 iterations.
	run := newRun(s, method.Stop{PStar: 0, MaxPasses: 0.55, EvalEvery: 0.1})
	wantIter := []int{0, 12, 25, 37, 50, 62, 69}
	sizes := []int{1, 7, 0, 5, 12, 1000, 3}
	for call := 0; ; call++ {
		k := sizes[call%len(sizes)]
		before, points := s.Iter(), len(run.Trace())
		done, err := run.Advance(k)
		if err != nil {
			t.Fatal(err)
		}
		if s.Iter()-before > k || len(run.Trace())-points > 1 {
			t.Fatalf("Advance(%d) did %d iterations and %d evaluations", k, s.Iter()-before, len(run.Trace())-points)
		}
		if done {
			break
		}
		if call > 10000 {
			t.Fatal("run does not end at its budget")
		}
	}
	tr := run.Trace()
	// x = 0: w = 0, so P = log 2 for the logistic loss.
	if tn(tr[0], ds.N) != 0 || tr[0].Primal != math.Ln2 || tr[0].Gap != math.Ln2 || tr[0].Seconds != 0 {
		t.Errorf("first point %+v, want x = 0, P = Gap = log 2, 0 s", tr[0])
	}
	if len(tr) != len(wantIter) {
		t.Fatalf("trace has %d points, want %d: %+v", len(tr), len(wantIter), tr)
	}
	for k, pt := range tr {
		if want := float64(wantIter[k]) / float64(ds.N); tn(pt, ds.N) != want {
			t.Errorf("point %d at x = %g, want %d/%d", k, tn(pt, ds.N), wantIter[k], ds.N)
		}
		if k > 0 && (pt.Seconds < tr[k-1].Seconds || pt.Primal >= tr[0].Primal) {
			t.Errorf("point %d = %+v after %+v", k, pt, tr[k-1])
		}
	}
	if s.Iter() != 69 {
		t.Errorf("budget 0.55 ended at t = %d, want 69", s.Iter())
	}
	if _, ok := reached(run); ok {
		t.Error("Reached reports success without a gap target")
	}
	if s.Elapsed() <= 0 || tr[len(tr)-1].Seconds != s.Elapsed().Seconds() {
		t.Errorf("Elapsed = %v, last Seconds = %v", s.Elapsed(), tr[len(tr)-1].Seconds)
	}
}

// TestCertifiedGap: with P* unknown the Gap column bounds P − P* from above
// and still leads the run to its target.
func TestCertifiedGap(t *testing.T) {
	ds := testData(t, 150, 12, 0.6, 9)
	pr := testProblem(t, ds, loss.Logistic{})
	pstar := testOptimum(t, pr)
	smp, theta := testPlan(t, pr, "importance", 1, 1)
	s, err := New(pr, Options{Sampler: smp, Theta: theta, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	run := newRun(s, method.Stop{Gap: 1e-10, PStar: math.NaN(), MaxPasses: 2000})
	if err := run.Until(t.Context(), nil); err != nil {
		t.Fatal(err)
	}
	if _, ok := reached(run); !ok {
		t.Fatal("certified gap 1e-10 not reached")
	}
	for _, pt := range run.Trace() {
		if pt.Gap < pt.Primal-pstar-1e-15 {
			t.Errorf("at x = %g the bound %g is below the true gap %g", tn(pt, ds.N), pt.Gap, pt.Primal-pstar)
		}
	}
	if last := run.Trace()[len(run.Trace())-1]; last.Primal-pstar > 1e-10 {
		t.Errorf("true gap %g at the end", last.Primal-pstar)
	}

	// A run that ends at its budget evaluates the final w: its Gap is the
	// optimum package's certified bound there.
	s, _ = New(pr, Options{Sampler: smp, Theta: theta, Seed: 3})
	run = newRun(s, method.Stop{PStar: math.NaN(), MaxPasses: 1.3})
	if err := run.Until(t.Context(), nil); err != nil {
		t.Fatal(err)
	}
	last := run.Trace()[len(run.Trace())-1]
	bound, primal := optimum.CertifiedGap(pr, s.W())
	if tn(last, ds.N) != s.IterPerN() || math.Abs(last.Gap-bound) > 1e-12*bound || last.Primal != primal {
		t.Errorf("final point %+v, optimum.CertifiedGap gives bound %g, P %g at t/n = %g",
			last, bound, primal, s.IterPerN())
	}
}

func TestCancel(t *testing.T) {
	ds := testData(t, 100, 10, 0.5, 10)
	pr := testProblem(t, ds, loss.Square{})
	smp, theta := testPlan(t, pr, "uniform", 1, 1)
	s, err := New(pr, Options{Sampler: smp, Theta: theta, Seed: 4})
	if err != nil {
		t.Fatal(err)
	}
	// No target and no budget: only cancellation ends this run.
	run := newRun(s, method.Stop{PStar: math.NaN()})
	ctx, cancel := context.WithCancel(t.Context())
	var seen []method.Point
	err = run.Until(ctx, func(p method.Point) {
		seen = append(seen, p)
		if len(seen) == 5 {
			cancel()
		}
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("Until returned %v, want context.Canceled", err)
	}
	if len(seen) != 5 || len(run.Trace()) != 5 || seen[4] != run.Trace()[4] {
		t.Errorf("progress saw %d points, trace has %d", len(seen), len(run.Trace()))
	}
	// Already cancelled: returns at once without work.
	iter := s.Iter()
	if err := run.Until(ctx, nil); !errors.Is(err, context.Canceled) || s.Iter() != iter {
		t.Errorf("Until on a cancelled context: %v after %d iterations", err, s.Iter()-iter)
	}
}

func TestBadStop(t *testing.T) {
	ds := testData(t, 30, 4, 0.8, 11)
	pr := testProblem(t, ds, loss.Logistic{})
	smp, theta := testPlan(t, pr, "uniform", 1, 1)
	for _, stop := range []method.Stop{
		{Gap: -1}, {Gap: math.NaN()}, {MaxPasses: -1}, {MaxPasses: math.Inf(1)},
		{EvalEvery: -0.5}, {EvalEvery: math.NaN()}, {PStar: math.Inf(-1)},
	} {
		s, err := New(pr, Options{Sampler: smp, Theta: theta})
		if err != nil {
			t.Fatal(err)
		}
		run := newRun(s, stop)
		if done, err := run.Advance(10); !done || !errors.Is(err, method.ErrOptions) || s.Iter() != 0 {
			t.Errorf("stop %+v: Advance = %v, %v after %d iterations; want ErrOptions", stop, done, err, s.Iter())
		}
		if err := run.Until(t.Context(), nil); !errors.Is(err, method.ErrOptions) {
			t.Errorf("stop %+v: Until = %v", stop, err)
		}
	}
}

// TestExtremeSpacing: a spacing beyond any budget evaluates only at 0 and at
// the budget; a spacing below one iteration evaluates after every iteration.
func TestExtremeSpacing(t *testing.T) {
	ds := testData(t, 50, 5, 0.8, 12)
	pr := testProblem(t, ds, loss.Square{})
	smp, theta := testPlan(t, pr, "uniform", 1, 1)
	for _, c := range []struct {
		every, budget float64
		points        int
	}{{1e300, 2, 2}, {1e-9, 0.2, 11}, {1e-300, 0.2, 11}} {
		s, err := New(pr, Options{Sampler: smp, Theta: theta})
		if err != nil {
			t.Fatal(err)
		}
		run := newRun(s, method.Stop{PStar: math.NaN(), EvalEvery: c.every, MaxPasses: c.budget})
		if err := run.Until(t.Context(), nil); err != nil {
			t.Fatal(err)
		}
		if tr := run.Trace(); len(tr) != c.points || tn(tr[len(tr)-1], ds.N) != c.budget {
			t.Errorf("spacing %g, budget %g: %d points ending at %g, want %d ending at the budget",
				c.every, c.budget, len(tr), tn(tr[len(tr)-1], ds.N), c.points)
		}
	}
}
