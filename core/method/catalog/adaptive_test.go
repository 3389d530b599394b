package catalog

import (
	"errors"
	"testing"

	"imlab/core/method"
	"imlab/core/method/internal/mtest"
	"imlab/core/sampling"
	"imlab/core/theory"
)

// TestAdaptiveOnlyWhereFollowed: dfSDCA and SDCA take an adaptive sampling;
// the methods that would run it as a static one refuse it.
func TestAdaptiveOnlyWhereFollowed(t *testing.T) {
	ds := mtest.Data(t, 60, 8, 0.5, 1)
	pr := mtest.Problem(t, ds, mtest.Losses[0], 1)
	pl, err := theory.NewPlan(pr, theory.Spec{Sampling: sampling.AdaptiveImp, Tau: 2, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range Names {
		s, err := New(m, pr, pl, Options{Seed: 1})
		switch follows := m == DFSDCA || m == SDCA; {
		case follows && err != nil:
			t.Errorf("%s: %v", m, err)
		case !follows && !errors.Is(err, method.ErrOptions):
			t.Errorf("%s: error %v, want ErrOptions", m, err)
		case err == nil:
			if err := s.Step(10); err != nil {
				t.Errorf("%s: %v", m, err)
			}
		}
	}
}
