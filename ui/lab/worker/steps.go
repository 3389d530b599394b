package worker

import "time"

// Stepper is work done in bounded steps of about a millisecond, as core's
// steppers are (a load, a P* solve, a file's hash).
type Stepper interface {
	Step() (done bool, err error)
}

// Steps does s until it ends or fails, and takes a break whenever every has
// passed on now since the last one (0: after every step). brk does what the
// caller does between slices (yield to the host, hold while paused) and
// returns nil to go on or the error that abandons s, which Steps returns.
// A worker and the page's thread both pace their long work with it.
func Steps(s Stepper, now func() time.Duration, every time.Duration, brk func() error) error {
	last := now()
	for {
		if done, err := s.Step(); done || err != nil {
			return err
		}
		if now()-last >= every {
			if err := brk(); err != nil {
				return err
			}
			last = now()
		}
	}
}
