package pace

import "context"

// Stepper is work done in bounded steps of about a millisecond each.
type Stepper interface {
	// Step does one step and reports whether the work has ended; an error
	// ends it too.
	Step() (done bool, err error)
}

// Steps steps s until it ends or fails, or until ctx is done, which it
// checks before every step; it then returns ctx.Err().
func Steps(ctx context.Context, s Stepper) error {
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		if done, err := s.Step(); done || err != nil {
			return err
		}
	}
}
