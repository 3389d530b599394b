package lab

import (
	"errors"

	"imlab/ui/lab/worker"
)

// pendingRows are the rows of data loaded in a worker, which sends them in
// a message of their own (MsgRows) right after the rest (MsgLoaded): the
// page is ready without them, and fills them in when it needs them
// (Controller.awaitRows), waiting for them if they have not come yet.
type pendingRows struct {
	done chan struct{}  // closed once rows or err is set
	rows *worker.Loaded // MsgRows' data
	err  string         // the MsgFailed of a worker that failed before it sent them
}

// awaitRows waits, without the lock, until the rows of the data in use came
// from the worker that loaded it (or it failed), and fills them in; it
// returns why they cannot come. It must not run in the host's message
// handler, through which they come.
func (c *Controller) awaitRows() error {
	c.mu.Lock()
	p := c.rows
	c.mu.Unlock()
	if p != nil {
		<-p.done // the worker is ended only once they came (crew.close)
	}
	c.mu.Lock()
	err := c.rowsLocked()
	c.mu.Unlock()
	return err
}

// rowsLocked fills the rows of the data in use in if they came from its
// worker, without waiting, and returns why they cannot come if they
// cannot. Call with c.mu held.
func (c *Controller) rowsLocked() error {
	p := c.rows
	if p == nil {
		return nil
	}
	select {
	case <-p.done:
	default:
		return nil
	}
	r := p.rows
	if r == nil {
		return errors.New("the data's worker failed before it sent the data's rows (" + p.err + "): generate or load the data again")
	}
	if r.Rows != nil { // the copy left in the message
		r.Rows()
	}
	if ds := c.ds; ds != r.Data { // the same data set in both messages where the worker shares the page's memory
		ds.RowPtr, ds.Col, ds.Val, ds.Y = r.Data.RowPtr, r.Data.Col, r.Data.Val, r.Data.Y
	}
	c.rows, p.rows = nil, nil // the message, and what it holds, can go
	return nil
}
