package lab

import (
	"context"
	"math"
	"strings"
	"testing"

	"imlab/core/experiment"
	"imlab/core/loss"
	"imlab/core/method"
	"imlab/core/method/catalog"
	"imlab/core/problem"
	"imlab/core/synth"
	"imlab/core/theory"
)

// methodSettings is small() running method m, to a target every method but
// SGD reaches within its budget there.
func methodSettings(m catalog.Name) Settings {
	s := small()
	s.Method, s.Eps, s.Taus = m, 1e-8, []int{1, 4}
	return s
}

// runMethodTraces runs s to the end; only SGD may end without reaching ε
// (its budget, with decreasing steps at rate O(1/k)).
func runMethodTraces(t *testing.T, h *harness, s Settings) Snapshot {
	t.Helper()
	h.c.Generate(s)
	h.wait("ready", isPhase(Ready))
	h.c.Run(s)
	done := h.wait("done", isPhase(Done))
	if done.Err != nil && !(s.Method == catalog.SGD && strings.Contains(done.Err.Error(), experiment.ErrNoReach.Error())) {
		t.Fatalf("%s: run failed: %v", s.Method, done.Err)
	}
	return done
}

// Every method's traces are the same bits on the main thread and on one or
// two workers.
func TestMethodsOnWorkersGiveTheMainThreadsTraces(t *testing.T) {
	for _, m := range catalog.Names {
		s := methodSettings(m)
		main := runMethodTraces(t, newHarness(t), s)
		if len(main.Jobs) != 2*len(s.Taus) || len(main.Jobs[0].Trace) < 2 {
			t.Fatalf("%s: %d jobs, first trace %d points", m, len(main.Jobs), len(main.Jobs[0].Trace))
		}
		if main.Slices.Count == 0 {
			t.Errorf("%s: the main-thread run did no slices on the main thread", m)
		}
		for _, n := range []int{1, 2} {
			h := newWorkerHarness(t, &fakeHost{cores: 4})
			h.c.SetWorkers(n)
			got := runMethodTraces(t, h, s)
			if got.Workers != n {
				t.Errorf("%s: ran on %d workers, want %d", m, got.Workers, n)
			}
			sameTraces(t, string(m)+" workers="+string(rune('0'+n)), tracesOf(got), tracesOf(main))
		}
	}
}

// A method's job gives the points `imlab run -method M` prints for the same
// settings: catalog.New with the plan of theory.NewPlan and the seed, run by
// method.Run under MethodStop with MethodOptions.
func TestMethodJobIsTheCommandLinesRun(t *testing.T) {
	s := methodSettings(catalog.SAGA)
	ds, err := synth.Generate(s.Synth())
	if err != nil {
		t.Fatal(err)
	}
	l, _ := loss.Parse(s.Loss)
	lambda := ds.Summarize().MaxNorm / float64(ds.N)
	pr, err := problem.New(ds, l, lambda)
	if err != nil {
		t.Fatal(err)
	}
	pstar, err := solveOptimum(context.Background(), pr, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range catalog.Names[1:] {
		for _, smp := range []string{"nice", "imp"} {
			spec := JobSpec{Tau: 4, Sampling: smp, Loss: s.Loss, Lambda: lambda, PStar: pstar, Eps: s.Eps,
				Partition: s.Partition, Seed: 7, Method: m}
			run, err := NewJobRun(ds, spec)
			if err != nil {
				t.Fatal(err)
			}
			var got Update
			for !got.Done {
				u := run.Advance(100)
				got.Points, got.Done, got.Err = append(got.Points, u.Points...), u.Done, u.Err
			}
			pl, err := theory.NewPlan(pr, theory.Spec{Sampling: smp, Tau: 4, Partition: s.Partition, Seed: 7})
			if err != nil {
				t.Fatal(err)
			}
			want, werr := catalog.Measure(context.Background(), m, pr, pl, MethodOptions(m, 7), MethodStop(m, s.Eps, pstar))
			if werr != nil {
				t.Fatal(werr)
			}
			if len(got.Points) != len(want) {
				t.Fatalf("%s %s: %d points, the command line's run %d", m, smp, len(got.Points), len(want))
			}
			for k, p := range want {
				q := got.Points[k]
				if math.Float64bits(q.IterPerN) != math.Float64bits(p.Passes) || math.Float64bits(q.Primal) != math.Float64bits(p.Primal) ||
					math.Float64bits(q.Gap) != math.Float64bits(p.Gap) {
					t.Fatalf("%s %s: point %d is %+v, the command line's %+v", m, smp, k, q, p)
				}
			}
			_, reached := method.Crossing(want, s.Eps)
			if reached != (got.Err == "") {
				t.Errorf("%s %s: reached ε %v, but the job's error is %q", m, smp, reached, got.Err)
			}
		}
	}
}

func TestMethodKey(t *testing.T) {
	if h := DefaultSettings().Hash(); strings.Contains(h, "method") {
		t.Errorf("the default link %q names the method", h)
	}
	s := DefaultSettings()
	s.Method = catalog.LSVRG
	h := s.Hash()
	back, err := ParseHash(h, DefaultSettings())
	if err != nil || back.Method != catalog.LSVRG {
		t.Fatalf("ParseHash(%q) = %v, %v", h, back.Method, err)
	}
	if _, err := ParseHash("method=newton", DefaultSettings()); err == nil || !strings.Contains(err.Error(), "Method") {
		t.Errorf("method=newton: error %v, want one naming the field Method", err)
	}
	f := FormOf(s)
	if f[FieldMethod] != "lsvrg" {
		t.Errorf("the form shows method %q", f[FieldMethod])
	}
	if got, err := f.Settings(); err != nil || got.Method != catalog.LSVRG {
		t.Errorf("the form reads method %v, %v", got.Method, err)
	}
}

