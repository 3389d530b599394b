package catalog

import (
	"context"
	"math"
	"testing"

	"imlab/core/loss"
	"imlab/core/method"
	"imlab/core/method/internal/mtest"
	"imlab/core/problem"
	"imlab/core/sampling"
	"imlab/core/theory"
)

func planner(pr *problem.Problem, smp sampling.Kind) func(int) (*theory.Plan, error) {
	return func(tau int) (*theory.Plan, error) {
		return theory.NewPlan(pr, theory.Spec{Sampling: smp, Tau: tau, Partition: sampling.RandomRule, Seed: 1})
	}
}

// With one core and no synchronisation, modelled time is passes: the
// curve's time per e-fold is the theory's passes per e-fold, L-SVRG's
// full gradients included.
func TestSequentialTimeIsPasses(t *testing.T) {
	ds := mtest.Data(t, 300, 15, 0.4, 3)
	pr := mtest.Problem(t, ds, loss.Logistic{}, 1)
	taus := []int{1, 2, 4, 8, 16}
	for _, m := range Names {
		for _, smp := range []sampling.Kind{sampling.Nice, sampling.Imp} {
			pts, err := TauCurve(m, pr, planner(pr, smp), taus, CostModel{Cores: 1})
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range pts {
				if math.Abs(p.Time-p.Theory.PassesPerEFold) > 1e-12*p.Time {
					t.Errorf("%s %s τ=%d: time %v, passes per e-fold %v", m, smp, p.Tau, p.Time, p.Theory.PassesPerEFold)
				}
			}
		}
	}
}

// The minimiser moves to larger τ as synchronisation gets dearer (the
// iterations per e-fold fall with τ, so a fixed cost per iteration favours
// fewer, larger minibatches), and TauStar is the argmin.
func TestTauStarGrowsWithSync(t *testing.T) {
	ds := mtest.Data(t, 400, 20, 0.3, 5)
	pr := mtest.Problem(t, ds, loss.Logistic{}, 1)
	taus := []int{1, 2, 4, 8, 16, 32, 64}
	for _, m := range Names {
		prev := 0
		for _, sync := range []float64{0, 1, 10, 100} {
			pts, err := TauCurve(m, pr, planner(pr, "imp"), taus, CostModel{Cores: 4, Sync: sync})
			if err != nil {
				t.Fatal(err)
			}
			k := TauStar(pts)
			for _, p := range pts {
				if p.Time < pts[k].Time {
					t.Errorf("%s sync %v: τ*=%d has time %v, τ=%d has %v", m, sync, pts[k].Tau, pts[k].Time, p.Tau, p.Time)
				}
			}
			if pts[k].Tau < prev {
				t.Errorf("%s: τ* fell from %d to %d as sync rose to %v", m, prev, pts[k].Tau, sync)
			}
			prev = pts[k].Tau
			t.Logf("%-6s c=4 s=%-3v τ* = %d (time %.3g sequential passes per e-fold)", m, sync, pts[k].Tau, pts[k].Time)
		}
	}
	if TauStar(nil) != -1 {
		t.Error("TauStar(nil) != -1")
	}
	if _, err := TauCurve(SAGA, pr, planner(pr, "nice"), taus, CostModel{Cores: 0}); err == nil {
		t.Error("0 cores accepted")
	}
	if _, err := TauCurve(SAGA, pr, planner(pr, "nice"), taus, CostModel{Cores: 1, Sync: math.NaN()}); err == nil {
		t.Error("NaN sync accepted")
	}
}

// MeasuredTime on real traces: on one core without synchronisation it is
// the passes at the crossing; with τ = 4 on 2 cores it is half of them for a
// method without full gradients, and more than half for L-SVRG, whose full
// gradients parallelise the same way but pay the synchronisation too.
func TestMeasuredTime(t *testing.T) {
	ds := mtest.Data(t, 200, 20, 0.5, 7)
	pr := mtest.Problem(t, ds, loss.Logistic{}, 1)
	_, pstar := mtest.Optimum(t, pr)
	const tau, eps = 4, 1e-6
	pl := mtest.Plan(t, pr, mtest.Sampling{Name: "imp", Tau: tau}, 1)
	for _, m := range []Name{DFSDCA, SAGA, LSVRG} {
		tr, err := Measure(context.Background(), m, pr, pl, Options{Seed: 2}, method.Stop{Gap: eps, PStar: pstar, MaxPasses: 2000})
		if err != nil {
			t.Fatal(err)
		}
		passes, ok := method.Crossing(tr, eps)
		if !ok {
			t.Fatalf("%s: gap %g not reached", m, eps)
		}
		seq, ok := CostModel{Cores: 1}.MeasuredTime(tr, ds.N, tau, eps)
		if !ok || math.Abs(seq-passes) > 1e-9*passes {
			t.Errorf("%s: sequential time %v, passes %v", m, seq, passes)
		}
		par, _ := CostModel{Cores: 2, Sync: 1}.MeasuredTime(tr, ds.N, tau, eps)
		half, _ := CostModel{Cores: 2}.MeasuredTime(tr, ds.N, tau, eps)
		if m != LSVRG && math.Abs(half-passes/2) > 1e-9*passes {
			t.Errorf("%s: time on 2 cores %v, want half of %v passes", m, half, passes)
		}
		if !(par > half) || (m == LSVRG && !(half < passes && half > passes/4)) {
			t.Errorf("%s: times %v (s=1), %v (s=0) for %v passes", m, par, half, passes)
		}
	}
}
