package lab

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"imlab/core/experiment"
	"imlab/core/method"
	"imlab/core/table"
	"imlab/ui/lab/setup"
)

// RunsFailed is the failure of some runs of an experiment. Its Error is
// one line for the status: when runs spent their pass budget before ε, how
// many, which, and what to raise; Details has every run's own words.
type RunsFailed struct {
	Total int     // the experiment's runs
	Errs  []error // each failed run's error, naming the run
	// OverBudget names the runs that spent their pass budget before ε
	// ("dfsdca nice τ=8"), in the order of Errs.
	OverBudget []string
	MaxPasses  float64 // the budget they had, in passes/τ (Settings.MaxPasses)
}

// shownRuns is how many runs over budget the one-line message names.
const shownRuns = 3

// runsFailed is the error of a run whose jobs errs failed, of total, each
// having a budget of maxPasses passes/τ. A job's error names its run
// before method.ErrBudget's words (experiment.Name).
func runsFailed(errs []error, total int, maxPasses float64) error {
	e := &RunsFailed{Total: total, Errs: errs, MaxPasses: maxPasses}
	for _, err := range errs {
		if !overBudget(err) {
			continue
		}
		name, _, _ := strings.Cut(err.Error(), ": "+method.ErrBudget.Error())
		if i := strings.LastIndex(name, " seed "); i > 0 { // one seed for every run of a page
			name = name[:i]
		}
		e.OverBudget = append(e.OverBudget, name)
	}
	return e
}

func (e *RunsFailed) Error() string {
	n := len(e.OverBudget)
	if n == 0 {
		return fmt.Sprintf("%d of %d runs failed: %v", len(e.Errs), e.Total, e.Errs[0]) + e.more(1)
	}
	names := strings.Join(e.OverBudget[:min(n, shownRuns)], ", ")
	if n > shownRuns {
		names += fmt.Sprintf(" and %d more", n-shownRuns)
	}
	return fmt.Sprintf("%d of %d runs stopped at the pass budget before reaching ε (%s); raise the pass budget (%s) above %s or ε",
		n, e.Total, names, setup.FieldMaxPasses, table.Float(e.MaxPasses)) + e.more(n)
}

// more counts the failures beyond the shown ones.
func (e *RunsFailed) more(shown int) string {
	if k := len(e.Errs) - shown; k > 0 {
		return fmt.Sprintf("; %d more failed (see the details)", k)
	}
	return ""
}

// Details is every failed run's error, one a line.
func (e *RunsFailed) Details() string {
	lines := make([]string, len(e.Errs))
	for k, err := range e.Errs {
		lines[k] = err.Error()
	}
	return strings.Join(lines, "\n")
}

// Unwrap gives the runs' errors, so that errors.Is finds their causes.
func (e *RunsFailed) Unwrap() []error { return e.Errs }

// overBudget reports whether err is a run's spending its budget before ε.
func overBudget(err error) bool { return errors.Is(err, method.ErrBudget) }

// EmpiricalText is the ratio table's empirical cell at τ: the ratio
// written by format, or experiment.OverBudget where it is unknown (NaN)
// because a run of the run's method at τ ended at its budget before ε.
func (s *Snapshot) EmpiricalText(tau int, empirical float64, format func(float64) string) string {
	if math.IsNaN(empirical) {
		for _, j := range s.Jobs {
			if j.Tau == tau && j.Done && overBudget(j.Err) {
				return experiment.OverBudget
			}
		}
	}
	return format(empirical)
}
