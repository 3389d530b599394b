package method_test

import (
	"slices"
	"testing"

	"imlab/core/loss"
	"imlab/core/method"
	"imlab/core/method/internal/mtest"
	"imlab/core/method/saga"
	"imlab/core/method/sdca"
	"imlab/core/optimum"
)

// A run given the minimiser P* came from skips the evaluations certainly
// above ε, and still ends where the full run ends, with the same crossing
// and iterates: every point it keeps is the full trace's, bit for bit, and
// it keeps the full trace's last point above ε.
func TestMinimiserSkipsOnlyWhatTheCrossingDoesNotNeed(t *testing.T) {
	ds := mtest.Data(t, 300, 20, 0.4, 3)
	pr := mtest.Problem(t, ds, loss.Logistic{}, 1)
	res, err := optimum.Solve(pr, optimum.Options{})
	if err := optimum.Usable(res, err); err != nil {
		t.Fatal(err)
	}
	solvers := map[string]func() method.Solver{
		"sdca imp τ=1": func() method.Solver {
			pl := mtest.Plan(t, pr, mtest.Sampling{Name: "imp", Tau: 1}, 1)
			s, err := sdca.New(pr, sdca.Options{Sampler: pl.Sampler, V: pl.V, Seed: 4})
			if err != nil {
				t.Fatal(err)
			}
			return s
		},
		"saga nice τ=4": func() method.Solver {
			pl := mtest.Plan(t, pr, mtest.Sampling{Name: "nice", Tau: 4}, 1)
			s, err := saga.New(pr, saga.Options{Sampler: pl.Sampler, V: pl.V, Seed: 4})
			if err != nil {
				t.Fatal(err)
			}
			return s
		},
	}
	for name, solver := range solvers {
		// A sparse grid, whose point before the crossing is far above ε,
		// skipped and evaluated again.
		for _, c := range []struct{ eps, every float64 }{{1e-4, 0.25}, {1e-10, 0.25}, {1e-10, 4}} {
			eps := c.eps
			stop := method.Stop{Gap: eps, PStar: res.P, MaxPasses: 500, EvalEvery: c.every}
			full := method.NewRun(solver(), stop)
			stop.Minimiser = &method.Minimiser{W: res.W, Gap: res.Gap}
			crossing := method.NewRun(solver(), stop)
			for _, r := range []*method.Run{full, crossing} {
				for done := false; !done; {
					if done, err = r.Advance(1 << 20); err != nil {
						t.Fatalf("%s: %v", name, err)
					}
				}
			}
			a, b := full.Status(), crossing.Status()
			if a.Reason != method.Reached || b.Reason != a.Reason || b.Iter != a.Iter || b.Gap != a.Gap || b.At != a.At {
				t.Errorf("%s ε=%g: ended %v at %d (gap %g), want %v at %d (gap %g)", name, eps, b.Reason, b.Iter, b.Gap, a.Reason, a.Iter, a.Gap)
			}
			if !slices.Equal(full.Solver().W(), crossing.Solver().W()) {
				t.Errorf("%s ε=%g: the final iterates differ", name, eps)
			}
			ft, ct := full.Trace(), crossing.Trace()
			if len(ct) < 2 || c.every < 1 && len(ct)*2 > len(ft) {
				t.Errorf("%s ε=%g: kept %d of %d points, want at least 2 and at most half", name, eps, len(ct), len(ft))
			}
			for _, pt := range ct {
				k := slices.IndexFunc(ft, func(p method.Point) bool { return p.Iter == pt.Iter })
				if k < 0 || ft[k].Primal != pt.Primal || ft[k].Gap != pt.Gap || ft[k].Passes != pt.Passes {
					t.Errorf("%s ε=%g: kept point %+v is not the full trace's", name, eps, pt)
				}
			}
			x, okFull := method.Crossing(ft, eps)
			y, okKept := method.Crossing(ct, eps)
			if !okFull || !okKept || x != y {
				t.Errorf("%s ε=%g: crossing at %v (%v), want %v (%v)", name, eps, y, okKept, x, okFull)
			}
		}
	}
}
