package catalog

import (
	"context"
	"testing"

	"imlab/core/dfsdca"
	"imlab/core/loss"
	"imlab/core/method"
	"imlab/core/method/internal/mtest"
)

// TestDualFreeTraceMatchesDfsdca: dfSDCA through the catalog, on the passes
// axis, gives the same points as a run on its iterations/n axis, with
// passes = τ·t/n.
func TestDualFreeTraceMatchesDfsdca(t *testing.T) {
	ds := mtest.Data(t, 120, 10, 0.5, 2)
	pr := mtest.Problem(t, ds, loss.Logistic{}, 1)
	const tau = 4
	pl := mtest.Plan(t, pr, mtest.Sampling{Name: "nice", Tau: tau}, 1)
	s, err := New(DFSDCA, pr, pl, Options{Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	run := method.NewRun(s, method.Stop{PStar: 0, MaxPasses: 8, EvalEvery: tau * 0.25})
	if err := run.Until(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	d, err := dfsdca.New(pr, dfsdca.Options{Sampler: pl.Sampler, Theta: pl.Theta, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	ref := method.NewRun(d, method.Stop{PStar: 0, Axis: method.Iterations, MaxPasses: 2, EvalEvery: 0.25})
	if err := ref.Until(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	got, want := run.Trace(), ref.Trace()
	if len(got) != len(want) {
		t.Fatalf("%d points, the iterations axis has %d", len(got), len(want))
	}
	for k := range got {
		tn := method.Iterations.Of(want[k], ds.N)
		if got[k].Passes != tau*tn || got[k].Passes != want[k].Passes || got[k].Primal != want[k].Primal {
			t.Errorf("point %d: passes %v, P %v; on the iterations axis: τ·t/n %v, passes %v, P %v",
				k, got[k].Passes, got[k].Primal, tau*tn, want[k].Passes, want[k].Primal)
		}
	}
}
