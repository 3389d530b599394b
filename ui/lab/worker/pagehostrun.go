package worker

import (
	"fmt"
	"sync"

	"imlab/core/dataset"
)

// PageHost runs workers on the page's own thread, where Web Workers cannot
// start or the page is asked not to use them (workers=main), and for
// slowed-down runs: each is a goroutine running Run, the very loop of
// a Web Worker, which yields to the page between slices (Env.Yield). The
// controller talks to it as to any Host, so a run on the page's
// thread goes the one way a run on workers goes; its workers, reached
// without messages, take the page's data as it is (Held), obey commands at
// once and slow down as the page asks (Pace).
type PageHost struct {
	// Env is every worker's; its workers never warm up (the page's thread
	// has no idle core to spare).
	Env Env
	// Held is the page's data set, which its workers take as their data;
	// nil to load the data of their first message.
	Held *dataset.Dataset
	Pace Pace
	// Told, if not nil, is told every message a worker sends, and whether
	// the worker held the page's data: the page counts the work its thread
	// did.
	Told func(m Message, held bool)
}

// Cores is 1: the page's thread is one.
func (h *PageHost) Cores() int { return 1 }

// Start starts n workers on the page's thread; it never fails.
func (h *PageHost) Start(n int, receive func(int, Message)) ([]Conn, error) {
	conns := make([]Conn, n)
	for w := range conns {
		conn := &pageConn{in: make(chan Message, 1024), ctl: NewControl()} // the page sends a few messages per job: never full
		conns[w] = conn
		env := h.Env
		env.WarmUp, env.held, env.control, env.pace = -1, h.Held, conn.ctl, &h.Pace
		held := h.Held != nil
		go func() {
			defer func() {
				if r := recover(); r != nil { // as a task's panic: an error in the status, not a dead page
					receive(w, Message{Kind: MsgFailed, Err: fmt.Sprintf("internal error: %v", r)})
				}
			}()
			Run(conn.in, func(m Message) {
				if h.Told != nil {
					h.Told(m, held)
				}
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
