package lab

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"

	"imlab/core/experiment"
	"imlab/core/method"
	"imlab/core/sampling"
	"imlab/core/table"
	"imlab/ui/lab/worker"
)

// budgetErr is a run's error on spending its budget: wrapped as the
// main thread's experiment has it, or as it arrives from a worker (its
// words and the over-budget flag of its Update).
func budgetErr(name string, text bool) error {
	if text {
		return updateErr(worker.Update{Err: name + ": " + method.ErrBudget.Error() + ": gap 2e-06 > ε = 1e-06 when the budget of 4 passes ran out (4 passes)", OverBudget: true})
	}
	return fmt.Errorf("%s: %w", name, method.Status{Reason: method.BudgetSpent, Axis: method.Passes, Gap: 2e-6, Eps: 1e-6, Budget: 4, Passes: 4}.Err())
}

// TestRunsFailedOneLine: runs that spent their budget are counted and named
// (method, sampling, τ) in one line that says to raise maxpasses above the
// budget they had, or ε; past three names it counts the rest; other
// failures are counted, every run's words are in the details, and a
// diverged run alone is not told about the budget.
func TestRunsFailedOneLine(t *testing.T) {
	diverged := fmt.Errorf("saga imp τ=4 seed 1: %w", method.ErrDiverged)
	errs := []error{budgetErr("sgd nice τ=32 seed 1", true), diverged, budgetErr("sgd imp τ=8 seed 1", false),
		budgetErr("sgd nice τ=1 seed 1", true), budgetErr("sgd imp τ=2 seed 1", false), budgetErr("sgd imp τ=4 seed 1", true)}
	err := runsFailed(errs, 12, 2.5)
	msg := err.Error()
	for _, want := range []string{"5 of 12 runs stopped at the pass budget", "(sgd nice τ=32, sgd imp τ=8, sgd nice τ=1 and 2 more)",
		"raise the pass budget (maxpasses) above 2.5 or ε", "1 more failed"} {
		if !strings.Contains(msg, want) {
			t.Errorf("message %q lacks %q", msg, want)
		}
	}
	if strings.Contains(msg, "\n") || strings.Contains(msg, "seed") {
		t.Errorf("message %q is not one line naming runs by method, sampling and τ", msg)
	}
	rf, ok := errors.AsType[*RunsFailed](err)
	if !ok {
		t.Fatalf("%T is not a *RunsFailed", err)
	}
	details := rf.Details()
	for _, e := range errs {
		if !strings.Contains(details, e.Error()) {
			t.Errorf("details %q lack %q", details, e)
		}
	}
	if !errors.Is(err, method.ErrDiverged) || !errors.Is(err, method.ErrBudget) {
		t.Errorf("%v does not wrap its runs' causes", err)
	}
	if msg := runsFailed([]error{diverged}, 12, 1000).Error(); strings.Contains(msg, "budget") || !strings.Contains(msg, "1 of 12 runs failed: saga imp τ=4") {
		t.Errorf("a diverged run alone: %q", msg)
	}
}

// TestEmpiricalText: the empirical cell is the ratio when known, "> budget"
// when a run at its τ ended at its budget, and the plain NaN cell while
// the runs go on or after another failure.
func TestEmpiricalText(t *testing.T) {
	f := func(x float64) string { return table.Sig(x, 2) }
	s := &Snapshot{Jobs: []JobView{
		{Tau: 1, Sampling: sampling.Nice, Done: true},
		{Tau: 1, Sampling: sampling.Imp, Done: true},
		{Tau: 8, Sampling: sampling.Nice, Done: true, Err: budgetErr("dfsdca nice τ=8 seed 1", true)},
		{Tau: 8, Sampling: sampling.Imp, Done: true},
		{Tau: 16, Sampling: sampling.Nice, Done: true, Err: budgetErr("dfsdca nice τ=16 seed 1", false)},
		{Tau: 32, Sampling: sampling.Nice, Done: true, Err: method.ErrDiverged},
		{Tau: 64, Sampling: sampling.Nice},
	}}
	for _, c := range []struct {
		tau  int
		x    float64
		want string
	}{
		{1, 1.5, "1.5"}, {8, math.NaN(), experiment.OverBudget}, {16, math.NaN(), experiment.OverBudget},
		{32, math.NaN(), f(math.NaN())}, {64, math.NaN(), f(math.NaN())},
	} {
		if got := s.EmpiricalText(c.tau, c.x, f); got != c.want {
			t.Errorf("τ = %d, ratio %v: %q, want %q", c.tau, c.x, got, c.want)
		}
	}
	if experiment.OverBudget == f(math.NaN()) {
		t.Fatal("the over-budget cell reads as an unknown one")
	}
}
