package lab

import (
	"fmt"
	"time"
)

// RunEvent is one moment of a run, for measuring where its time goes: the
// page's clock since the run began, the worker it concerns (0 = the page
// itself, w+1 = worker w) and the job (−1 = none).
type RunEvent struct {
	At     time.Duration
	Worker int
	What   string // see the marks in runTask and runOnWorkers
	Job    int
	// Busy is the worker's solver time so far in the run (its reports), or 0.
	Busy time.Duration
}

func (e RunEvent) String() string {
	s := fmt.Sprintf("%.1fms w%d %s", e.At.Seconds()*1e3, e.Worker, e.What)
	if e.Job >= 0 {
		s += fmt.Sprintf(" job%d", e.Job)
	}
	if e.Busy > 0 {
		s += fmt.Sprintf(" busy=%.1fms", e.Busy.Seconds()*1e3)
	}
	return s
}

// markLocked records a moment of the run in progress. Call with c.mu held.
func (c *Controller) markLocked(worker int, what string, job int, busy time.Duration) {
	c.timeline = append(c.timeline, RunEvent{At: c.env.Now() - c.runStart, Worker: worker, What: what, Job: job, Busy: busy})
}

func (c *Controller) mark(worker int, what string, job int, busy time.Duration) {
	c.mu.Lock()
	c.markLocked(worker, what, job, busy)
	c.mu.Unlock()
}

// Timeline returns the moments of the last run (a copy): when P* was asked
// and known, when the jobs went out, and when each job's first and last
// updates reached the page, from which worker.
func (c *Controller) Timeline() []RunEvent {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]RunEvent(nil), c.timeline...)
}

// TheoryKnown reports whether the MethodTheory of the settings shown is
// known: made by a worker asked at load (prepareRun), or by a run.
func (c *Controller) TheoryKnown() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.hasRunLocked() && c.mtheory != nil { // the settings shown are the run's
		return true
	}
	if cr := c.crew; cr != nil && cr.ds == c.ds && c.data != nil {
		_, ok := cr.in.theory(theoryRequestOf(c.settings, c.lambdaOfLocked(c.settings)))
		return ok
	}
	return false
}

// PStarKnown reports whether P* of the settings shown (their loss and λ)
// is known on the page: solved by a worker asked at load, or by a run.
func (c *Controller) PStarKnown() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.data == nil || c.ds == nil {
		return false
	}
	lambda := c.lambdaOfLocked(c.settings)
	if _, ok := c.pstars[pstarKey{c.ds, c.settings.Loss, lambda}]; ok {
		return true
	}
	if cr := c.crew; cr != nil && cr.ds == c.ds {
		_, ok := cr.in.pstar(c.settings.Loss, lambda)
		return ok
	}
	return false
}
