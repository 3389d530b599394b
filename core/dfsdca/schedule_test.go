package dfsdca

import (
	"context"
	"imlab/core/method"
	"math"
	"testing"

	"imlab/core/loss"
)

// TestThinnedTrace runs each sampling to a gap of 1e−9 with every grid
// point evaluated and with the grid thinned, and checks that the thinned
// trace is a subset of the full one, bit for bit, with fewer points, and
// that it reaches ε no earlier than the full grid (its points being a
// subset) and, where it reaches ε at the same point, with the same final
// iterate.
func TestThinnedTrace(t *testing.T) {
	ds := testData(t, 300, 20, 0.5, 5)
	same, cases := 0, 0
	for _, l := range testLosses {
		pr := testProblem(t, ds, l)
		pstar := testOptimum(t, pr)
		for _, sc := range testSamplings {
			run := func(perDoubling int) *method.Run {
				smp, theta := testPlan(t, pr, sc.name, sc.tau, 3)
				s, err := New(pr, Options{Sampler: smp, Theta: theta, Seed: 9})
				if err != nil {
					t.Fatal(err)
				}
				r := newRun(s, method.Stop{Gap: 1e-9, PStar: pstar, MaxPasses: 2000, EvalEvery: 0.1, PerDoubling: perDoubling})
				if err := r.Until(context.Background(), nil); err != nil {
					t.Fatal(err)
				}
				return r
			}
			full, thin := run(0), run(8)
			ft, tt := full.Trace(), thin.Trace()
			fx, fok := reached(full)
			tx, tok := reached(thin)
			if !fok || !tok || tx < fx {
				t.Errorf("%s %s: reached at %v (%v) thinned, %v (%v) on the full grid", l, sc.name, tx, tok, fx, fok)
				continue
			}
			at := make(map[float64]method.Point, len(ft))
			for _, pt := range ft {
				at[tn(pt, ds.N)] = pt
			}
			for _, pt := range tt {
				if tn(pt, ds.N) > fx {
					break // past the full run's end
				}
				want, ok := at[tn(pt, ds.N)]
				if !ok || math.Float64bits(pt.Primal) != math.Float64bits(want.Primal) || math.Float64bits(pt.Gap) != math.Float64bits(want.Gap) {
					t.Fatalf("%s %s: thinned point %+v is not the full grid's %+v", l, sc.name, pt, want)
				}
			}
			if len(tt) >= len(ft) {
				t.Errorf("%s %s: thinned trace has %d points, the full one %d", l, sc.name, len(tt), len(ft))
			}
			cases++
			if tx == fx {
				same++
				fw, tw := full.Solver().W(), thin.Solver().W()
				for j := range fw {
					if math.Float64bits(fw[j]) != math.Float64bits(tw[j]) {
						t.Fatalf("%s %s: final w[%d] = %v thinned, %v on the full grid", l, sc.name, j, tw[j], fw[j])
					}
				}
			}
			t.Logf("%-12s %-10s %3d of %3d points, ε reached at t/n = %g (full grid %g)", l, sc.name, len(tt), len(ft), tx, fx)
		}
	}
	t.Logf("%d of %d runs reached ε at the full grid's point", same, cases)
}

// TestThinnedGrid checks that without a target the thinned grid
// is exactly the multiples of the thinned spacing.
func TestThinnedGrid(t *testing.T) {
	ds := testData(t, 100, 10, 0.5, 6)
	pr := testProblem(t, ds, loss.Square{})
	smp, theta := testPlan(t, pr, "uniform", 1, 1)
	s, err := New(pr, Options{Sampler: smp, Theta: theta, Seed: 2})
	if err != nil {
		t.Fatal(err)
	}
	r := newRun(s, method.Stop{PStar: 0, MaxPasses: 4, EvalEvery: 0.1, PerDoubling: 2})
	if err := r.Until(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	var got []int
	for _, pt := range r.Trace() {
		got = append(got, int(math.Round(tn(pt, ds.N)*100)))
	}
	// Grid points m·10 iterations: m = 0…3, then every 2nd to 8, every
	// 4th to 16, every 8th to 32, and the budget at 400.
	want := []int{0, 10, 20, 30, 40, 60, 80, 120, 160, 240, 320, 400}
	if len(got) != len(want) {
		t.Fatalf("evaluated at iterations %v, want %v", got, want)
	}
	for k := range want {
		if got[k] != want[k] {
			t.Fatalf("evaluated at iterations %v, want %v", got, want)
		}
	}
}
