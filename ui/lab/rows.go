package lab

import (
	"context"
	"fmt"
	"sync"
)

// pendingRows are the rows of data loaded in a worker, which sends them in
// a message of their own (MsgRows) right after the rest (MsgLoaded): the
// page is ready without them, and fills them in when it needs them
// (Controller.awaitRows), waiting for them if they have not come yet.
type pendingRows struct {
	once sync.Once
	done chan struct{} // closed once the rows came, or cannot come
	rows *Loaded       // MsgRows' Loaded (Data holds the rows, or Rows copies them in)
	err  error         // why they cannot come
}

func newPendingRows() *pendingRows { return &pendingRows{done: make(chan struct{})} }

// arrive takes the worker's MsgRows, or its MsgFailed (it failed or
// stopped before it sent them); what comes after either is ignored. It
// never blocks: it runs in the host's message handler.
func (p *pendingRows) arrive(m Message) {
	p.once.Do(func() {
		if m.Kind == MsgRows && m.Loaded != nil && m.Loaded.Data != nil {
			p.rows = m.Loaded
		} else {
			p.err = fmt.Errorf("the data's worker failed before it sent the data's rows (%s): generate or load the data again", m.Err)
		}
		close(p.done)
	})
}

// came reports whether the rows came (or cannot come), without waiting.
func (p *pendingRows) came() bool {
	select {
	case <-p.done:
		return true
	default:
		return false
	}
}

// wait waits until the rows came: nil, or why they cannot come, or
// errSuperseded once ctx ends. It must not be called in the host's message
// handler (the rows come through it) nor with the controller's lock held.
func (p *pendingRows) wait(ctx context.Context) error {
	select {
	case <-p.done:
		return p.err
	case <-ctx.Done():
		return errSuperseded
	}
}

// awaitRows waits, without the lock, until the rows of the data in use came
// from the worker that loaded it, and fills them in. It returns why they
// cannot come, or errSuperseded once t is.
func (c *Controller) awaitRows(t *task) error {
	c.mu.Lock()
	p := c.rows
	c.mu.Unlock()
	if p == nil {
		return nil
	}
	if err := p.wait(t.ctx); err != nil {
		return err
	}
	c.mu.Lock()
	if c.rows == p {
		c.rowsLocked()
	}
	c.mu.Unlock()
	return nil
}

// rowsLocked fills the rows of the data in use in if they came from its
// worker, without waiting, and reports whether the data has its rows. Call
// with c.mu held.
func (c *Controller) rowsLocked() bool {
	p := c.rows
	if p == nil {
		return true
	}
	if !p.came() || p.err != nil {
		return false
	}
	r := p.rows
	if r.Rows != nil { // the copy left in the message
		r.Rows()
	}
	c.ds.RowPtr, c.ds.Col, c.ds.Val, c.ds.Y = r.Data.RowPtr, r.Data.Col, r.Data.Val, r.Data.Y
	c.rows = nil
	return true
}
