package lab

import (
	"context"
	"fmt"
)

// task is one piece of background work; gen identifies it.
type task struct {
	c   *Controller
	gen uint64
	// ctx ends when the task is superseded, so that work which cannot
	// return at a checkpoint (generating data, solving for P*) stops too.
	ctx context.Context
}

// supersedeLocked makes the current task, if any, stale, cancels its
// context and ends the worker loading data, if any; call with c.mu held.
func (c *Controller) supersedeLocked() {
	c.gen++
	if c.cancel != nil {
		c.cancel()
		c.cancel = nil
	}
	if c.loader != nil { // its load is of no use now: stop it at once, not when its task next looks
		c.loader.Close()
		c.loader = nil
	}
}

// startLocked supersedes the current task with body, run in a new goroutine. A
// panic inside it becomes an error status instead of crashing the page.
func (c *Controller) startLocked(body func(t *task) error) {
	c.supersedeLocked()
	c.paused, c.stepping = false, false
	c.wakeLocked()
	t := &task{c: c, gen: c.gen}
	t.ctx, c.cancel = context.WithCancel(context.Background())
	go func() {
		defer func() {
			if r := recover(); r != nil {
				t.fail(fmt.Errorf("internal error: %v", r))
			}
		}()
		if err := body(t); err != nil {
			t.fail(err)
		}
	}()
}

// wakeLocked releases a task waiting in pause, so it can go on or exit.
func (c *Controller) wakeLocked() {
	if c.resume != nil {
		close(c.resume)
		c.resume = nil
	}
}

// alive reports whether the task is still current; call with c.mu held.
func (t *task) aliveLocked() bool { return t.c.gen == t.gen }

// checkpoint yields to the host, then waits while paused. It returns false
// when the task has been superseded and must stop.
func (t *task) checkpoint() bool {
	c := t.c
	c.env.Yield()
	for {
		c.mu.Lock()
		if !t.aliveLocked() {
			c.mu.Unlock()
			return false
		}
		if !c.paused {
			c.mu.Unlock()
			return true
		}
		if c.resume == nil {
			c.resume = make(chan struct{})
		}
		ch, since := c.resume, c.env.Now()
		c.mu.Unlock()
		<-ch
		c.mu.Lock()
		c.pausedFor += c.env.Now() - since
		c.mu.Unlock()
	}
}

// pacer returns a yield for blocking steps the controller does not own
// (P*, planning): each call yields to the host if a slice's worth of time
// has passed since the last yield. The step cannot be aborted midway; once
// the task is superseded the calls stop yielding so it ends quickly, and its
// result is dropped.
func (t *task) pacer() func() {
	c := t.c
	last := c.env.Now()
	return func() {
		if c.env.Now()-last < c.env.SliceTarget {
			return
		}
		t.checkpoint()
		last = c.env.Now()
	}
}

// fail records err as the status, if the task is still current, and leaves
// the data and results that were there before in place.
func (t *task) fail(err error) {
	c := t.c
	c.mu.Lock()
	if !t.aliveLocked() {
		c.mu.Unlock()
		return
	}
	c.err = err
	c.paused, c.stepping = false, false
	switch {
	case c.phase == Loading || c.phase == Optimum:
		c.phase = Empty
		if c.data != nil {
			c.phase = Ready
			if c.hasRunLocked() {
				c.phase = Done
			}
		}
	case c.phase == Running:
		c.phase = Done
		c.finishedAt = c.env.Now()
	}
	c.changedLocked()
	c.mu.Unlock()
	c.notify()
}
