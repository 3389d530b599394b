package lab

import (
	"time"

	"imlab/ui/lab/worker"
)

// pageHostLocked is the page's own thread as a host; its workers take the
// page's data for a run. Call with c.mu held.
func (c *Controller) pageHostLocked(run bool) *worker.PageHost {
	h := &worker.PageHost{Env: worker.Env{Yield: c.env.Yield, Now: c.env.Now, Budget: c.env.Budget,
		Slicer: func() *worker.Slicer { return worker.NewSlicer(c.env.SliceTarget) }},
		Pace: worker.Pace{Speed: c.currentSpeed, Frame: c.env.Frame, OnSlice: c.countSlice, UpdateEvery: 1}, // every slice's points
		Told: c.countWork}
	if run {
		h.Held = c.ds
	}
	return h
}

// currentSpeed is the run speed (SetSpeed), for a worker on the page's
// thread (pagePace.Speed).
func (c *Controller) currentSpeed() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.speed
}

// countSlice counts a slice of solver work done on the page's thread.
func (c *Controller) countSlice(d time.Duration) {
	c.mu.Lock()
	c.stats.Add(d)
	c.mu.Unlock()
}

// countWork counts what a worker on the page's thread answered: a load
// (unless it held the page's data), a P*, a theory or a job's plan
// (mainThreadWork, mainThreadPlans).
func (c *Controller) countWork(m worker.Message, held bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	switch {
	case m.Err != "":
	case m.Kind == worker.MsgLoaded || m.Kind == worker.MsgReady && !held:
		c.mainLoads++
	case m.Kind == worker.MsgPStar:
		c.mainPStars++
	case m.Kind == worker.MsgTheory, m.Kind == worker.MsgUpdate && m.Update.Plan != nil:
		c.mainPlans++
	}
}
