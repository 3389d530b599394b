package lab

import (
	"errors"
	"strings"
	"testing"
	"time"

	"imlab/core/experiment"
	"imlab/core/method"
	"imlab/core/method/catalog"
	"imlab/ui/lab/internal/labtest"
	"imlab/ui/lab/setup"
	"imlab/ui/lab/worker"
)

// TestMaxPassesLink: the pass budget is read from the link key maxpasses,
// written back the same, and out of (0, MaxPassBudget] refused with an
// error naming the key and the field's label, keeping the base settings.
func TestMaxPassesLink(t *testing.T) {
	base := setup.DefaultSettings()
	if base.MaxPasses != catalog.DefaultsOf(setup.DefaultMethod).MaxPasses {
		t.Errorf("default budget %g, want the method's %g", base.MaxPasses, catalog.DefaultsOf(setup.DefaultMethod).MaxPasses)
	}
	for _, text := range []string{"1", "0.5", "2e4", "1e6"} {
		s, err := setup.ParseHash("#maxpasses="+text, base)
		if err != nil {
			t.Errorf("maxpasses=%s: %v", text, err)
			continue
		}
		back, err := setup.ParseHash(s.Hash(), setup.DefaultSettings())
		if err != nil || back.MaxPasses != s.MaxPasses || !strings.Contains(s.Hash(), "maxpasses=") {
			t.Errorf("maxpasses=%s: hash %q reads back as %g, %v", text, s.Hash(), back.MaxPasses, err)
		}
	}
	for _, text := range []string{"0", "-3", "1000001", "inf", "NaN", "lots", ""} {
		s, err := setup.ParseHash("maxpasses="+text, base)
		var fe *setup.FieldError
		if !errors.As(err, &fe) || fe.Field != setup.FieldMaxPasses || !errors.Is(err, setup.ErrSettings) ||
			!strings.Contains(err.Error(), "link key maxpasses") || !strings.Contains(err.Error(), setup.Label(setup.FieldMaxPasses)) {
			t.Errorf("maxpasses=%q: %v, want a FieldError naming the key maxpasses", text, err)
		}
		if s.MaxPasses != base.MaxPasses {
			t.Errorf("maxpasses=%q: the budget became %g", text, s.MaxPasses)
		}
	}
}

// TestMaxPassesFollowsMethod: a link choosing a method without a budget
// runs with the method's (catalog.DefaultsOf), one giving it keeps it, and
// a link without a method keeps the base's; the form's method change puts
// the method's budget in the form, as it does its ε.
func TestMaxPassesFollowsMethod(t *testing.T) {
	base := setup.DefaultSettings()
	base.MaxPasses = 7
	for _, m := range catalog.Names {
		s, err := setup.ParseHash("method="+string(m), base)
		if want := catalog.DefaultsOf(m).MaxPasses; err != nil || s.MaxPasses != want {
			t.Errorf("method=%s: budget %g, %v; want %g", m, s.MaxPasses, err, want)
		}
		if s, err := setup.ParseHash("method="+string(m)+"&maxpasses=3", base); err != nil || s.MaxPasses != 3 {
			t.Errorf("method=%s&maxpasses=3: budget %g, %v", m, s.MaxPasses, err)
		}
		f := setup.FormOf(base)
		f[setup.FieldMethod] = string(m)
		f.ChooseMethod()
		if s, err := f.Settings(); err != nil || s.MaxPasses != catalog.DefaultsOf(m).MaxPasses {
			t.Errorf("form, choosing %s: budget %g, %v", m, s.MaxPasses, err)
		}
	}
	if s, _ := setup.ParseHash("n=500", base); s.MaxPasses != 7 {
		t.Errorf("a link without a method changed the budget to %g", s.MaxPasses)
	}
	f := setup.FormOf(base)
	f[setup.FieldMaxPasses] = "0"
	if _, err := f.Settings(); err == nil || !strings.Contains(err.Error(), setup.Label(setup.FieldMaxPasses)) {
		t.Errorf("a budget of 0 in the form: %v", err)
	}
}

// TestJobSpecsCarryTheBudget: every job the page hands a worker, of every
// compared method, carries the settings' budget, and the experiment a
// worker plans from it runs to that budget.
func TestJobSpecsCarryTheBudget(t *testing.T) {
	s := setup.DefaultSettings()
	s.MaxPasses, s.Compare = 12.5, []catalog.Name{catalog.SAGA}
	specs := worker.JobSpecs(s, 1e-3, 0.5)
	if len(specs) != 4*len(s.Taus) {
		t.Fatalf("%d specs", len(specs))
	}
	for _, sp := range specs {
		if sp.MaxPassesPerTau != 12.5 {
			t.Errorf("job %d (%s): budget %g", sp.Index, sp.Method, sp.MaxPassesPerTau)
		}
		if got := sp.Config(experiment.Config{Workers: 1}).MaxPassesPerTau; got != 12.5 {
			t.Errorf("job %d: the worker's experiment has budget %g", sp.Index, got)
		}
	}
}

// TestMainThreadRunStopsAtTheBudget: a run on the page's main thread with
// a budget of one pass/τ stops every run there, says so in one line naming
// the key, and marks every empirical cell "> budget"; with the default
// budget the same settings reach ε.
func TestMainThreadRunStopsAtTheBudget(t *testing.T) {
	h := newHarness(t)
	s := labtest.Small()
	s.Taus, s.MaxPasses = []int{1, 4}, 1
	h.c.Generate(s)
	h.wait("ready", isPhase(Ready))
	h.c.Run(s)
	done := h.wait("done", isPhase(Done))
	st := done.Status()
	if !strings.Contains(st, "4 of 4 runs stopped at the pass budget") || !strings.Contains(st, "raise the pass budget (maxpasses) above 1 or ε") || strings.Contains(st, "\n") {
		t.Errorf("status %q", st)
	}
	for _, r := range done.Rows {
		if got := done.EmpiricalText(r.Tau, r.Empirical, func(float64) string { return "x" }); got != experiment.OverBudget {
			t.Errorf("τ = %d: empirical cell %q", r.Tau, got)
		}
	}
	s.MaxPasses = catalog.DefaultsOf(s.Method).MaxPasses
	h.c.Run(s)
	done = h.wait("done again", func(sn *Snapshot) bool { return sn.Phase == Done && sn.Settings.MaxPasses == s.MaxPasses })
	if done.Err != nil || !strings.Contains(done.Status(), "4 runs reached ε") {
		t.Errorf("with the default budget: %q", done.Status())
	}
}

// TestWorkerJobStopsAtTheBudget: a job a worker runs from its spec stops at
// the spec's budget, not the method's default: its last point lies at the
// budget, and its error is a budget spent, which the page then counts.
func TestWorkerJobStopsAtTheBudget(t *testing.T) {
	f := labtest.NewPool(t)
	ds := labtest.Data(t, f.S)
	s := f.S
	s.MaxPasses = 2
	spec := worker.JobSpecs(s, f.Lambda, f.PStar)[0]
	run, err := worker.NewJobRun(labtest.Posed(t, ds, spec), spec)
	if err != nil {
		t.Fatal(err)
	}
	defer run.Close()
	var u worker.Update
	var last method.Point
	for !u.Done {
		u = run.Advance(1 << 20)
		if n := len(u.Points); n > 0 {
			last = u.Points[n-1]
		}
	}
	if !u.OverBudget || !overBudget(updateErr(u)) || u.Err == "" {
		t.Fatalf("job %d ended with %q (over budget: %v), want its budget spent", spec.Index, u.Err, u.OverBudget)
	}
	if x := float64(last.Iter) / float64(ds.N); x > 2+1e-9 || x < 1 {
		t.Errorf("job τ = %d ended at %g iterations/n, want its budget of 2 (iterations/n = passes/τ)", spec.Tau, x)
	}
	if rf := runsFailed([]error{updateErr(u)}, 1, s.MaxPasses).Error(); !strings.Contains(rf, "1 of 1 runs stopped at the pass budget") {
		t.Errorf("the page says %q", rf)
	}
	// The worker sends what its slices make of their Advance calls: the
	// end must keep saying how the job ended.
	var clock time.Duration
	now := func() time.Duration { clock += time.Millisecond; return clock }
	next := []worker.JobSpec{spec}
	worker.Serve(ds, func() (worker.JobSpec, bool) {
		if len(next) == 0 {
			return worker.JobSpec{}, false
		}
		spec, next = next[0], nil
		return spec, true
	}, func(v worker.Update) { u = v }, worker.NewControl(), worker.NewSlicer(worker.SliceTarget), now)
	if !u.OverBudget || !overBudget(updateErr(u)) {
		t.Errorf("the worker's last update %+v does not say the budget was spent", u)
	}
}
