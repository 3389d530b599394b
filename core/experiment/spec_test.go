package experiment

import (
	"context"
	"errors"
	"math"
	"testing"

	"imlab/core/loss"
	"imlab/core/method"
	"imlab/core/method/catalog"
	"imlab/core/sampling"
)

// TestSpecsRunAsTheWhole: the jobs Specs lists, each run alone by Spec.Run,
// are the whole experiment's jobs in its run order, with its plans and its
// traces bit for bit.
func TestSpecsRunAsTheWhole(t *testing.T) {
	pr := heterogeneous(t, 80, 6)
	ps := pstar(t, pr)
	cfg := Config{Method: catalog.SAGA, Taus: []int{1, 4}, Eps: 1e-8, Seed: 9, MaxPassesPerTau: 5}
	whole, err := New(pr, ps, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if err := whole.Until(context.Background(), nil); err != nil && !errors.Is(err, method.ErrBudget) {
		t.Fatal(err)
	}
	specs := Specs([]catalog.Name{catalog.SAGA, catalog.SDCA}, cfg.Taus,
		Spec{Loss: loss.Spec{Kind: loss.LogisticKind}, Lambda: pr.Lambda, PStar: ps, Eps: cfg.Eps, Partition: sampling.RandomRule, Seed: cfg.Seed})
	if len(specs) != 8 || specs[4].Method != catalog.SDCA || specs[5].Tau != 4 || specs[6].Sampling != sampling.Imp {
		t.Fatalf("specs %+v", specs)
	}
	for k, j := range whole.Jobs() {
		s := specs[k]
		if s.Index != k || s.Method != catalog.SAGA || s.Tau != j.Tau || s.Sampling != j.Sampling {
			t.Fatalf("spec %d is %+v, the experiment's job %s τ=%d", k, s, j.Sampling, j.Tau)
		}
		alone, err := s.Run(pr, Config{MaxPassesPerTau: cfg.MaxPassesPerTau})
		if err != nil {
			t.Fatal(err)
		}
		if err := alone.Until(context.Background(), nil); err != nil && !errors.Is(err, method.ErrBudget) {
			t.Fatal(err)
		}
		a, b := j.Run.Trace(), alone.Jobs()[0].Run.Trace()
		if alone.Jobs()[0].Plan.Theta != j.Plan.Theta || len(a) != len(b) {
			t.Fatalf("job %d alone: θ %v, %d points; in the whole: θ %v, %d points", k, alone.Jobs()[0].Plan.Theta, len(b), j.Plan.Theta, len(a))
		}
		for i := range a {
			if math.Float64bits(a[i].Gap) != math.Float64bits(b[i].Gap) || a[i].Iter != b[i].Iter {
				t.Fatalf("job %d point %d: %+v alone, %+v in the whole", k, i, b[i], a[i])
			}
		}
	}
}
