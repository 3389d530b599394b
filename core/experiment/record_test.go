package experiment

import (
	"context"
	"testing"
)

func TestRecordKeepsTracesBitIdenticalAndCountsVisits(t *testing.T) {
	pr := heterogeneous(t, 300, 8)
	ps := pstar(t, pr)
	run := func(record int) *Experiment {
		e, err := New(pr, ps, Config{Taus: []int{1, 4}, Eps: 1e-6, Seed: 3, Record: record})
		if err != nil {
			t.Fatal(err)
		}
		if err := e.Until(context.Background(), nil); err != nil {
			t.Fatal(err)
		}
		return e
	}
	plain, watched := run(0), run(8)
	for k, j := range watched.Jobs() {
		a, b := plain.Jobs()[k].Run.Trace(), j.Run.Trace()
		if len(a) != len(b) {
			t.Fatalf("job %d: %d trace points recorded, %d plain", k, len(b), len(a))
		}
		for m := range a {
			if a[m].Primal != b[m].Primal || a[m].Iter != b[m].Iter {
				t.Fatalf("job %d point %d: %+v recorded, %+v plain", k, m, b[m], a[m])
			}
		}
		if plain.Jobs()[k].Recorder != nil {
			t.Error("a recorder without Config.Record")
		}
		iters := j.Run.Solver().Iter()
		visits, total := j.Recorder.Visits(iters), 0
		for _, v := range visits {
			total += v
		}
		if total != iters*j.Tau {
			t.Errorf("%s τ=%d: %d visits in %d iterations", j.Sampling, j.Tau, total, iters)
		}
	}
}
