package catalog

import (
	"context"
	"errors"
	"io"
	"testing"

	"imlab/core/loss"
	"imlab/core/method"
	"imlab/core/method/internal/mtest"
)

// TestEveryMethodReachesTarget builds every method by name for one
// sampling and runs it to its target on the passes axis.
func TestEveryMethodReachesTarget(t *testing.T) {
	ds := mtest.Data(t, 200, 20, 0.5, 7)
	pr := mtest.Problem(t, ds, loss.Logistic{}, 1)
	_, pstar := mtest.Optimum(t, pr)
	pl := mtest.Plan(t, pr, mtest.Sampling{Name: "imp", Tau: 4}, 1)
	for _, name := range Names {
		m, err := Parse(string(name))
		if err != nil {
			t.Fatal(err)
		}
		s, err := New(m, pr, pl, Options{Decreasing: true, Seed: 3, Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		eps := 1e-10
		if m == SGD {
			eps = 1e-5
		}
		run := method.NewRun(s, method.Stop{Gap: eps, PStar: pstar, MaxPasses: 5000})
		if err := run.Until(context.Background(), nil); err != nil {
			t.Fatalf("%s: %v", m, err)
		}
		if c, ok := s.(io.Closer); ok {
			c.Close()
		}
		st := run.Status()
		x, ok := st.Passes, st.Reason == method.Reached
		if !ok {
			t.Errorf("%s: gap %g not reached", m, eps)
			continue
		}
		if s.Evals() != int64(s.Iter())*4 && m != LSVRG {
			t.Errorf("%s: %d evaluations in %d iterations of τ = 4", m, s.Evals(), s.Iter())
		}
		t.Logf("%-6s gap %g after %.1f passes", m, eps, x)
	}
}

func TestUnknownMethod(t *testing.T) {
	if _, err := Parse("newton"); !errors.Is(err, ErrUnknown) {
		t.Errorf("Parse(newton) = %v, want ErrUnknown", err)
	}
	ds := mtest.Data(t, 20, 5, 0.5, 7)
	pr := mtest.Problem(t, ds, loss.Square{}, 1)
	pl := mtest.Plan(t, pr, mtest.Sampling{Name: "uniform", Tau: 1}, 1)
	if _, err := New("newton", pr, pl, Options{}); !errors.Is(err, ErrUnknown) {
		t.Errorf("New(newton) = %v, want ErrUnknown", err)
	}
	if _, err := New(SAGA, pr, pl, Options{StepScale: -1}); !errors.Is(err, method.ErrOptions) {
		t.Errorf("negative step scale: %v, want ErrOptions", err)
	}
}
