package sdca

import (
	"context"
	"errors"
	"slices"
	"testing"

	"imlab/core/method"
	"imlab/core/method/internal/mtest"
	"imlab/core/sampling"
	"imlab/core/theory"
)

// TestAdaptiveReachesTarget: SDCA with adaptive τ-importance sampling
// reaches a primal gap of 1e−10 for every loss, serially and with
// minibatches, its dual value staying below P*; after the run each
// coordinate's curvature is the ESO's for the probabilities in force.
func TestAdaptiveReachesTarget(t *testing.T) {
	ds := mtest.Data(t, 300, 20, 0.5, 7)
	for _, l := range mtest.Losses {
		pr := mtest.Problem(t, ds, l, 1)
		_, pstar := mtest.Optimum(t, pr)
		for _, tau := range []int{1, 4} {
			passes := map[sampling.Kind]float64{}
			for _, kind := range []sampling.Kind{sampling.Imp, sampling.AdaptiveImp} {
				pl, err := theory.NewPlan(pr, theory.Spec{Sampling: kind, Tau: tau, Seed: 3})
				if err != nil {
					t.Fatal(err)
				}
				s := newSolverWith(t, pr, Options{Sampler: pl.Sampler, V: pl.V, Seed: 5})
				run := method.NewRun(s, method.Stop{Gap: 1e-10, PStar: pstar, MaxPasses: 3000})
				if err := run.Until(context.Background(), nil); err != nil {
					t.Fatalf("%v %v τ=%d: %v", l, kind, tau, err)
				}
				st := run.Status()
				x, ok := st.At, st.Reason == method.Reached
				if !ok {
					t.Fatalf("%v %v τ=%d: gap 1e-10 not reached", l, kind, tau)
				}
				passes[kind] = x
				if d := Dual(pr, s.Alpha()); d > pstar+1e-12 {
					t.Errorf("%v %v τ=%d: D(α) = %.17g above P* = %.17g", l, kind, tau, d, pstar)
				}
				ad, adaptive := pl.Sampler.(*sampling.Adaptive)
				if !adaptive {
					continue
				}
				if slices.Equal(ad.Probabilities(), ad.Static()) {
					t.Errorf("%v τ=%d: the probabilities never moved", l, tau)
				}
				v := theory.BucketV(ds, ad.Partition(), ad.Probabilities())
				for i := range v {
					if want := v[i] / (pr.Lambda * float64(ds.N)); s.curv[i] != want {
						t.Fatalf("%v τ=%d: curvature %d is %v, the ESO's %v", l, tau, i, s.curv[i], want)
					}
				}
			}
			t.Logf("%-12v τ=%d: gap 1e-10 after %.1f passes static, %.1f adaptive", l, tau,
				passes[sampling.Imp], passes[sampling.AdaptiveImp])
		}
	}
}

func TestAdaptiveNeedsIID(t *testing.T) {
	ds := mtest.Data(t, 50, 8, 0.5, 7)
	pr := mtest.Problem(t, ds, mtest.Losses[0], 1)
	pl, err := theory.NewPlan(pr, theory.Spec{Sampling: sampling.AdaptiveImp, Tau: 1, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := New(pr, Options{Sampler: pl.Sampler, V: pl.V, Order: Shuffled}); !errors.Is(err, method.ErrOptions) {
		t.Errorf("shuffled order with an adaptive sampling: error %v, want ErrOptions", err)
	}
}
