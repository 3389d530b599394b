//go:build js && wasm

package browser

import (
	"errors"
	"runtime/debug"
	"sync"
	"syscall/js"

	"imlab/ui/lab/setup"
	"imlab/ui/lab/worker"
)

// The solver's Web Workers. The page's loader (index.html) compiles
// main.wasm once and keeps the module in window.imlabWorkers, with url(), a
// promise of a blob: URL holding wasm_exec.js and a small bootstrap, so
// that no other file is needed (served, offline, or from file://). Each
// worker gets the module in its first message, runs it (main then sees
// self.imlabWorker and calls ServeWorker), and from then on exchanges
// lab.Messages, copied field by field into plain objects (trace points as
// a Float64Array: bit for bit, NaN included). All of it is written on
// syscall/js: dom/v2 has no Worker, postMessage or typed arrays.

// IsWorker reports whether this Go instance runs in one of the lab's
// workers rather than in the page.
func IsWorker() bool { return js.Global().Get("imlabWorker").Truthy() }

// ServeWorker is a worker's main: it serves the page's messages
// (worker.Run) and never returns. A worker with no more work still
// receives the commands the page sends every worker (Pause, Run) until the
// page terminates it; were its Go program to exit, each of those would
// throw "Go program has already exited" in the page.
func ServeWorker() {
	in := make(chan worker.Message, 1024) // the page sends a few messages per job: never full
	deliver := js.FuncOf(func(_ js.Value, args []js.Value) any {
		m, err := decodeMessage(args[0])
		if err != nil {
			post(worker.Message{Kind: worker.MsgFailed, Err: err.Error()})
			return nil
		}
		if m.Kind == worker.MsgData && m.Data.File != nil {
			releaseGC()
		}
		in <- m
		return nil
	})
	y := NewYielder()
	env := worker.Env{Yield: y.Yield, Now: Now}
	// The loader tells the data's worker the page's link (imlabHash), so
	// that it generates the link's preset while the page starts, without
	// the collector until the data is out (HoldGC): a file, which makes
	// garbage as it is parsed, lets it go at once.
	if h := js.Global().Get("imlabHash"); h.Type() == js.TypeString {
		if env.Preload = worker.PreloadFor(h.String()); env.Preload != nil {
			releaseGC = HoldGC()
		}
	}
	js.Global().Call("imlabInbox", deliver)
	worker.Run(in, post, env)
	for range in { // late commands: nothing left to act on
	}
}

func post(m worker.Message) {
	v, transfer := encodeMessage(m)
	if m.Kind == worker.MsgLoaded { // where a worker's time went, for bench/ready.sh (markTimes)
		g, t := js.Global(), newFields(nil)
		t.v.Set("boot", g.Get("imlabBoot"))
		t.v.Set("module", g.Get("imlabGotModule"))
		t.v.Set("instantiated", g.Get("imlabInstantiated"))
		t.num("go", workerGo)
		t.num("loaded", clock())
		v.Set("times", t.v)
	}
	js.Global().Call("postMessage", v, transfer)
	switch m.Kind {
	case worker.MsgRows, worker.MsgReady, worker.MsgFailed: // the data is out, or will not be (a failed MsgLoaded: the page ends the worker)
		releaseGC()
	}
}

// releaseGC ends the worker's HoldGC, if it holds one.
var releaseGC = func() {}

// HoldGC turns Go's collector off until release is called (at most once
// takes effect), with the page's memory budget as a limit that starts it
// all the same. A load that allocates little besides the data it keeps (a
// preset) then runs no collection at all: under wasm each one costs more
// than its own work, for V8 compiles the collector's functions (sweep,
// stack scans) with its optimising tier as they get hot, on the same two
// cores as the load (docs/ready.md, "Seventh session").
func HoldGC() (release func()) {
	percent := debug.SetGCPercent(-1)
	limit := debug.SetMemoryLimit(int64(setup.Budget))
	var once sync.Once
	return func() {
		once.Do(func() {
			debug.SetGCPercent(percent)
			debug.SetMemoryLimit(limit)
		})
	}
}

// workerGo is when this worker's Go program started (see clock).
var workerGo = clock()

// clock is the time now in ms since the epoch, comparable between the page
// and its workers (performance.timeOrigin + performance.now()).
func clock() float64 {
	p := js.Global().Get("performance")
	return p.Get("timeOrigin").Float() + p.Call("now").Float()
}

// markTimes records the times a worker sent (boot, module, instantiated,
// go, loaded) as the page's performance marks imlab:worker-boot, -module,
// …, and now as imlab:page-got-data.
func markTimes(t js.Value) {
	p := js.Global().Get("performance")
	origin := p.Get("timeOrigin").Float()
	keys := js.Global().Get("Object").Call("keys", t)
	for i := 0; i < keys.Length(); i++ {
		k := keys.Index(i).String()
		if v := t.Get(k); v.Type() == js.TypeNumber {
			opt := newFields(nil)
			opt.num("startTime", max(0, v.Float()-origin))
			p.Call("mark", "imlab:worker-"+k, opt.v)
		}
	}
	p.Call("mark", "imlab:page-got-data")
}

// WorkersWarm tells the loader that the page is ready: from now on it keeps
// a spare worker booted for the next Start (index.html, imlabWorkers.warm).
func WorkersWarm() {
	if w := js.Global().Get("imlabWorkers"); w.Truthy() && w.Get("warm").Truthy() {
		w.Call("warm")
	}
}

// WorkerHost starts the page's Web Workers (worker.Host).
type WorkerHost struct{}

// Cores is navigator.hardwareConcurrency (1 if unknown).
func (WorkerHost) Cores() int { return Cores() }

// Start starts n workers; it must not be called from a JS callback. The
// loader (index.html) keeps a worker booted in advance: the first one
// started takes it.
func (WorkerHost) Start(n int, receive func(int, worker.Message)) (conns []worker.Conn, err error) {
	w := js.Global().Get("imlabWorkers")
	if !w.Truthy() || !w.Get("module").Truthy() {
		return nil, errors.New("the page kept no compiled module to share")
	}
	if !js.Global().Get("Worker").Truthy() {
		return nil, errors.New("this browser has no Web Workers")
	}
	defer func() {
		if err != nil {
			for _, c := range conns {
				c.Close()
			}
			conns = nil
		}
	}()
	for i := 0; i < n; i++ {
		wv, err := Await(w.Call("take")) // rejects where new Worker throws
		if err != nil {
			return conns, err
		}
		c := &workerConn{w: wv}
		c.onMessage = js.FuncOf(func(_ js.Value, args []js.Value) any {
			if t := args[0].Get("data").Get("times"); t.Truthy() {
				markTimes(t)
			}
			m, err := decodeMessage(args[0].Get("data"))
			if err != nil {
				m = worker.Message{Kind: worker.MsgFailed, Err: err.Error()}
			}
			receive(i, m)
			return nil
		})
		c.onError = js.FuncOf(func(_ js.Value, args []js.Value) any {
			msg := "the worker failed to start"
			if len(args) > 0 && args[0].Get("message").Truthy() {
				msg = args[0].Get("message").String()
			}
			receive(i, worker.Message{Kind: worker.MsgFailed, Err: msg})
			return nil
		})
		c.w.Set("onmessage", c.onMessage)
		c.w.Set("onerror", c.onError)
		early := c.w.Get("early") // what it said before these handlers
		for k := 0; early.Truthy() && k < early.Length(); k++ {
			e := early.Index(k)
			if e.Get("data").IsUndefined() {
				c.onError.Invoke(e)
			} else {
				c.onMessage.Invoke(e)
			}
		}
		c.w.Delete("early")
		conns = append(conns, c)
	}
	return conns, nil
}

type workerConn struct {
	mu                 sync.Mutex
	w                  js.Value
	onMessage, onError js.Func
	closed             bool
}

func (c *workerConn) Send(m worker.Message) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closed {
		return
	}
	v, transfer := encodeMessage(m)
	c.w.Call("postMessage", v, transfer)
	if m.Kind == worker.MsgData { // for bench/ready.sh
		Mark("imlab:data-sent")
	}
}

func (c *workerConn) Close() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closed {
		return
	}
	c.closed = true
	c.w.Call("terminate")
	c.w.Set("onmessage", js.Null())
	c.w.Set("onerror", js.Null())
	c.onMessage.Release()
	c.onError.Release()
}
