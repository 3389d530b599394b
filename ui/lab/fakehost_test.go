package lab

import (
	"sync"
	"sync/atomic"
	"testing"

	"imlab/ui/lab/worker"
)

// fakeHost runs each worker as a goroutine running worker.Run, with its own
// copy of the data: the page's pool of Web Workers without a browser.
type fakeHost struct {
	cores   int
	err     error // Start fails with it
	env     worker.Env
	started atomic.Int64 // workers started
	parked  chan int     // a worker parked paused (when not nil)
	mu      sync.Mutex
	conns   []*fakeConn   // every worker started
	points  atomic.Int64  // trace points sent by the workers
	gate    chan struct{} // Start waits for it to close (when not nil)
}

type fakeConn struct {
	mu     sync.Mutex
	in     chan worker.Message
	closed bool
	kinds  []worker.MsgKind // every message the page sent
	cmds   commandsApplied
}

// commandsApplied counts the commands sent to a worker and those it has
// applied, so that its Yield can wait for them all, as a Web Worker's
// does: there a yield to the event loop delivers every message the page
// posted before it. A bare runtime.Gosched gives no such promise on a
// loaded machine.
type commandsApplied struct {
	mu            sync.Mutex
	cond          sync.Cond
	sent, applied int
	stopped       bool // the worker took a CmdStop: it applies no more
}

func (a *commandsApplied) send() {
	a.mu.Lock()
	a.sent++
	a.mu.Unlock()
}

func (a *commandsApplied) apply(cmd worker.Command) {
	a.mu.Lock()
	a.applied++
	a.stopped = a.stopped || cmd == worker.CmdStop
	a.cond.Broadcast()
	a.mu.Unlock()
}

// await waits until the worker has applied every command sent so far.
func (a *commandsApplied) await() {
	a.mu.Lock()
	for a.applied < a.sent && !a.stopped {
		a.cond.Wait()
	}
	a.mu.Unlock()
}

func (c *fakeConn) Send(m worker.Message) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.kinds = append(c.kinds, m.Kind)
	if !c.closed {
		if m.Kind == worker.MsgCmd {
			c.cmds.send()
		}
		c.in <- m
	}
}

// count is how many messages of kind k the page sent.
func (c *fakeConn) count(k worker.MsgKind) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := 0
	for _, x := range c.kinds {
		if x == k {
			n++
		}
	}
	return n
}

func (c *fakeConn) Close() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.closed {
		c.closed = true
		c.in <- worker.Message{Kind: worker.MsgCmd, Cmd: worker.CmdStop}
		close(c.in)
	}
}

func (h *fakeHost) Cores() int { return h.cores }

func (h *fakeHost) Start(n int, receive func(int, worker.Message)) ([]worker.Conn, error) {
	h.mu.Lock()
	gate := h.gate
	h.mu.Unlock()
	if gate != nil {
		<-gate
	}
	if h.err != nil {
		return nil, h.err
	}
	conns := make([]worker.Conn, n)
	for w := range conns {
		c := &fakeConn{in: make(chan worker.Message, 256)}
		c.cmds.cond.L = &c.cmds.mu
		conns[w] = c
		h.mu.Lock()
		h.conns = append(h.conns, c)
		h.mu.Unlock()
		env := h.env
		id := int(h.started.Load()) // the worker's number among all started
		if h.parked != nil {
			env.OnPark = func() {
				select {
				case h.parked <- id:
				default:
				}
			}
		}
		yield := env.Yield
		env.Yield = func() {
			if yield != nil {
				yield()
			}
			c.cmds.await()
		}
		env.OnCmd = c.cmds.apply
		h.started.Add(1)
		go worker.Run(c.in, func(m worker.Message) {
			h.points.Add(int64(len(m.Update.Points)))
			receive(w, m)
		}, env)
	}
	return conns, nil
}

// newWorkerHarness is a harness whose controller runs on host's workers.
func newWorkerHarness(t *testing.T, host *fakeHost) *harness {
	h := newHarness(t)
	h.c.env.Workers = host
	return h
}
