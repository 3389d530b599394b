package lab

import (
	"context"
	"fmt"

	"imlab/ui/lab/worker"
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

// alive reports whether the task is still current; call with c.mu held.
func (t *task) aliveLocked() bool { return t.c.gen == t.gen }

// checkpoint yields to the host, and reports false once the task has been
// superseded and must stop. (Pause acts on the workers, whose Control
// holds every stage of solver work, not here.)
func (t *task) checkpoint() bool {
	c := t.c
	c.env.Yield()
	c.mu.Lock()
	defer c.mu.Unlock()
	return t.aliveLocked()
}

// steps does s (a file's hash, FileHash) on the page's thread by
// worker.Steps, yielding to the host whenever a slice's worth of time has
// passed since the last yield. It abandons s, returning errSuperseded, once
// a newer action has replaced the task: a large file's hash would otherwise
// hold the page's thread for nothing.
func (t *task) steps(s worker.Stepper) error {
	return worker.Steps(s, t.c.env.Now, t.c.env.SliceTarget, func() error {
		if !t.checkpoint() {
			return errSuperseded
		}
		return nil
	})
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
