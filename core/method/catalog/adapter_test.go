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
// axis, gives the same points as dfsdca.Run on its iterations/n axis, with
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
	ref := dfsdca.NewRun(d, dfsdca.Stop{PStar: 0, MaxIterPerN: 2, EvalEvery: 0.25})
	if err := ref.Until(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	got, want := run.Trace(), ref.Trace()
	if len(got) != len(want) {
		t.Fatalf("%d points, dfsdca.Run has %d", len(got), len(want))
	}
	for k := range got {
		if got[k].Passes != tau*want[k].IterPerN || got[k].Primal != want[k].Primal {
			t.Errorf("point %d: passes %v, P %v; dfsdca: τ·t/n %v, P %v",
				k, got[k].Passes, got[k].Primal, tau*want[k].IterPerN, want[k].Primal)
		}
	}
}
