package catalog

import (
	"context"
	"testing"

	"imlab/core/loss"
	"imlab/core/method"
	"imlab/core/method/internal/mtest"
	"imlab/core/sampling"
)

// TestDefaultsReachEps: every method, with its own defaults (OptionsOf,
// StopOf), reaches its default ε within its budget with τ-nice sampling at
// a τ as large as the data's spread allows, where it needs the most passes
// (L-SVRG's τ·passes once outgrew a budget in plain passes).
func TestDefaultsReachEps(t *testing.T) {
	ds := mtest.Data(t, 400, 24, 0.5, 7)
	pr := mtest.Problem(t, ds, loss.Logistic{}, 1)
	_, pstar := mtest.Optimum(t, pr)
	const tau = 32
	pl := mtest.Plan(t, pr, mtest.Sampling{Name: sampling.Nice, Tau: tau}, 1)
	for _, m := range Names {
		d := DefaultsOf(m)
		stop := StopOf(m, tau, d.Eps, pstar)
		if stop.Gap != d.Eps || stop.MaxPasses != tau*d.MaxPasses {
			t.Errorf("%s: stop %+v, want gap %g and %g passes", m, stop, d.Eps, tau*d.MaxPasses)
		}
		tr, err := Measure(context.Background(), m, pr, pl, OptionsOf(m, 3), stop)
		if err != nil {
			t.Fatalf("%s: %v", m, err)
		}
		if _, ok := method.Crossing(tr, d.Eps); !ok {
			t.Errorf("%s: gap %g not reached in %g passes (last %+v)", m, d.Eps, stop.MaxPasses, tr[len(tr)-1])
		}
	}
}

// TestDefaultsPerMethod: SGD, which converges at rate O(1/k) once its
// steps decrease, asks for a larger gap than the linearly convergent
// methods, and no method is asked below SGDFloor's limit when it is SGD.
func TestDefaultsPerMethod(t *testing.T) {
	for _, m := range Names {
		d := DefaultsOf(m)
		if !(d.Eps > 0 && d.MaxPasses > 0 && d.EvalEvery > 0) {
			t.Errorf("%s: defaults %+v, want positive", m, d)
		}
		if m != SGD && d.Eps >= DefaultsOf(SGD).Eps {
			t.Errorf("%s: ε %g, not below SGD's %g", m, d.Eps, DefaultsOf(SGD).Eps)
		}
	}
	if got := Target(SGD, 1e-10); got != SGDFloor {
		t.Errorf("SGD's target for 1e-10 is %g, want SGDFloor %g", got, SGDFloor)
	}
	if got := Target(SAGA, 1e-10); got != 1e-10 {
		t.Errorf("SAGA's target for 1e-10 is %g", got)
	}
	if !OptionsOf(SGD, 1).Decreasing || OptionsOf(SAGA, 1).Decreasing {
		t.Error("OptionsOf: decreasing steps are SGD's alone")
	}
}
