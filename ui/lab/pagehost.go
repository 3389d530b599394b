package lab

import (
	"fmt"
	"sync"
	"time"

	"imlab/core/dataset"
)

// pageHost runs workers on the page's own thread, where Web Workers cannot
// start or the page is asked not to use them (workers=main), and for
// slowed-down runs: each is a goroutine running RunWorker, the very loop of
// a Web Worker, which yields to the page between slices (Env.Yield). The
// controller talks to it as to any WorkerHost, so a run on the page's
// thread goes the one way a run on workers goes.
type pageHost struct {
	c *Controller
	// held is the page's data set, which its workers take as their data
	// (WorkerEnv.held); nil to load the data of their first message.
	held *dataset.Dataset
}

// Cores is 1: the page's thread is one.
func (h *pageHost) Cores() int { return 1 }

// Start starts n workers on the page's thread; it never fails.
func (h *pageHost) Start(n int, receive func(int, Message)) ([]WorkerConn, error) {
	c := h.c
	conns := make([]WorkerConn, n)
	for w := range conns {
		conn := &pageConn{in: make(chan Message, 1024), ctl: NewControl()} // the page sends a few messages per job: never full
		conns[w] = conn
		env := WorkerEnv{Yield: c.env.Yield, Now: c.env.Now, Budget: c.env.Budget, WarmUp: -1, held: h.held, control: conn.ctl,
			Slicer: func() *Slicer { return NewSlicer(c.env.SliceTarget) },
			pace:   &pagePace{Speed: c.currentSpeed, Frame: c.env.Frame, OnSlice: c.countSlice, UpdateEvery: 1}} // every slice's points
		held := h.held != nil
		go func() {
			defer func() {
				if r := recover(); r != nil { // as a task's panic: an error in the status, not a dead page
					receive(w, Message{Kind: MsgFailed, Err: fmt.Sprintf("internal error: %v", r)})
				}
			}()
			RunWorker(conn.in, func(m Message) {
				c.countWork(m, held)
				receive(w, m)
			}, env)
		}()
	}
	return conns, nil
}

// pageConn is the page's end of a worker on its own thread. Commands act
// on the worker's Control at once, as they would between two slices of
// the page's own work.
type pageConn struct {
	mu     sync.Mutex
	in     chan Message
	ctl    *Control
	closed bool
}

func (p *pageConn) Send(m Message) {
	p.mu.Lock()
	defer p.mu.Unlock()
	switch {
	case p.closed:
	case m.Kind == MsgCmd:
		p.ctl.Set(m.Cmd)
	default:
		p.in <- m
	}
}

func (p *pageConn) Close() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.closed {
		p.closed = true
		p.ctl.Set(CmdStop)
		close(p.in)
	}
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
func (c *Controller) countWork(m Message, held bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	switch {
	case m.Err != "":
	case m.Kind == MsgLoaded || m.Kind == MsgReady && !held:
		c.mainLoads++
	case m.Kind == MsgPStar:
		c.mainPStars++
	case m.Kind == MsgTheory, m.Kind == MsgUpdate && m.Update.Plan != nil:
		c.mainPlans++
	}
}
