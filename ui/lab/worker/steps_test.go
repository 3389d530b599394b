package worker

import (
	"errors"
	"testing"
	"time"
)

// countSteps ends after n steps, advancing a fake clock by 1 ms a step.
type countSteps struct {
	n, done int
	clock   *time.Duration
}

func (c *countSteps) Step() (bool, error) {
	c.done++
	*c.clock += time.Millisecond
	return c.done == c.n, nil
}

func TestSteps(t *testing.T) {
	errAbandon := errors.New("abandoned")
	for _, c := range []struct {
		every      time.Duration
		abandonAt  int // the break that abandons; 0: none
		wantSteps  int
		wantBreaks int
		wantErr    error
	}{
		{every: 3 * time.Millisecond, wantSteps: 10, wantBreaks: 3},
		{every: 3 * time.Millisecond, abandonAt: 2, wantSteps: 6, wantBreaks: 2, wantErr: errAbandon},
		{every: 0, wantSteps: 10, wantBreaks: 9}, // after every step but the last
		{every: time.Hour, wantSteps: 10, wantBreaks: 0},
	} {
		var clock time.Duration
		s := &countSteps{n: 10, clock: &clock}
		breaks := 0
		err := Steps(s, func() time.Duration { return clock }, c.every, func() error {
			breaks++
			clock += 5 * time.Millisecond // a break's own time does not count towards the next
			if breaks == c.abandonAt {
				return errAbandon
			}
			return nil
		})
		if s.done != c.wantSteps || breaks != c.wantBreaks || !errors.Is(err, c.wantErr) {
			t.Errorf("every %v, abandon at break %d: %d steps, %d breaks, %v; want %d, %d, %v",
				c.every, c.abandonAt, s.done, breaks, err, c.wantSteps, c.wantBreaks, c.wantErr)
		}
	}
}
