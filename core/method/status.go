package method

import (
	"errors"
	"fmt"
	"math"
	"strconv"
)

// Reason says why a run ended.
type Reason int

// The reasons, Running while a run goes on.
const (
	Running     Reason = iota
	Reached            // the gap fell to ε
	BudgetSpent        // the budget ran out first (without a target, the run's normal end)
	Cancelled          // its context ended
	NotFinite          // an iterate or P became non-finite (ErrDiverged)
	Invalid            // its Stop was invalid (ErrOptions)
)

func (r Reason) String() string {
	switch r {
	case Running:
		return "running"
	case Reached:
		return "reached ε"
	case BudgetSpent:
		return "budget spent"
	case Cancelled:
		return "cancelled"
	case NotFinite:
		return "not finite"
	case Invalid:
		return "invalid"
	}
	return "Reason(" + strconv.Itoa(int(r)) + ")"
}

// ErrBudget reports a run that spent its budget before its gap fell to ε;
// Status.Err's errors wrap it.
var ErrBudget = errors.New("budget spent before reaching the target gap")

// Status is why a run ended, with the figures a message needs: where it
// stopped, at what gap, and the target and budget it had.
type Status struct {
	Reason Reason
	Axis   Axis    // what At and Budget count
	At     float64 // the position on Axis of the last evaluation
	Passes float64 // the passes of the last evaluation
	Iter   int     // the iterations of the last evaluation
	Gap    float64 // the gap of the last evaluation; NaN before the first
	Eps    float64 // the target gap; 0 for none
	Budget float64 // the budget on Axis; 0 for none
	// Cause is the error of a run that ended NotFinite, Invalid or
	// Cancelled.
	Cause error
}

// Done reports whether the run has ended.
func (s Status) Done() bool { return s.Reason != Running }

// Err is nil for a run that is going on, reached ε or, having no target,
// ran to its budget. Otherwise it says why the run fell short: an error
// wrapping ErrBudget with the gap reached, the passes done and the budget,
// or the cause (ErrDiverged, ErrOptions, the context's error).
func (s Status) Err() error {
	switch s.Reason {
	case Running, Reached:
		return nil
	case BudgetSpent:
		if s.Eps == 0 {
			return nil
		}
		return fmt.Errorf("%w: gap %s > ε = %s when the budget of %s %s ran out (%s passes)",
			ErrBudget, sig(s.Gap, 3), sig(s.Eps, 3), sig(s.Budget, 4), s.Axis, sig(s.Passes, 4))
	case NotFinite:
		if math.IsNaN(s.Gap) {
			return s.Cause
		}
		return fmt.Errorf("%w, after gap %s at %s passes", s.Cause, sig(s.Gap, 3), sig(s.Passes, 4))
	}
	return s.Cause
}

// sig writes x with n significant digits, as people read it.
func sig(x float64, n int) string { return strconv.FormatFloat(x, 'g', n, 64) }
