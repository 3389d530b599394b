package lab

import (
	"math"
	"strings"
	"sync"
	"testing"

	"imlab/core/dataset"
	"imlab/ui/lab/internal/labtest"
	"imlab/ui/lab/worker"
)

// rowsLaterHost is a fakeHost whose data's worker sends the data as the
// browser's codec decodes it — MsgLoaded without the rows, MsgRows with a
// copy left in the message until Loaded.Rows makes it — and whose first
// worker's MsgRows is held until release, or replaced by the MsgFailed of
// a worker that dies between the two messages (die).
type rowsLaterHost struct {
	*fakeHost
	die bool

	mu   sync.Mutex
	held func() // delivers the held MsgRows (or its MsgFailed)
	once bool   // the first worker's MsgRows was held
	came chan struct{}
}

func newRowsLaterHost(die bool) *rowsLaterHost {
	return &rowsLaterHost{fakeHost: &fakeHost{cores: 3}, die: die, came: make(chan struct{})}
}

func (h *rowsLaterHost) Start(n int, receive func(int, worker.Message)) ([]worker.Conn, error) {
	return h.fakeHost.Start(n, func(w int, m worker.Message) {
		if m.Kind == worker.MsgLoaded && m.Loaded != nil {
			l := *m.Loaded
			l.Data = &dataset.Dataset{N: l.Data.N, D: l.Data.D}
			m.Loaded = &l
		}
		if m.Kind == worker.MsgRows {
			full, ds := m.Loaded.Data, &dataset.Dataset{}
			m.Loaded = &worker.Loaded{Data: ds, Rows: func() {
				ds.RowPtr, ds.Col, ds.Val, ds.Y = full.RowPtr, full.Col, full.Val, full.Y
			}}
			h.mu.Lock()
			first := !h.once
			h.once = true
			if first {
				if h.die {
					m = worker.Message{Kind: worker.MsgFailed, Err: "worker: the Go program exited with code 2"}
				}
				h.held = func() { receive(w, m) }
				close(h.came)
			}
			h.mu.Unlock()
			if first {
				return
			}
		}
		receive(w, m)
	})
}

// release delivers the first worker's MsgRows once it has sent it, unless
// the page closed that worker meanwhile: a Web Worker terminated drops the
// messages it sent that the page has not taken yet.
func (h *rowsLaterHost) release() {
	<-h.came
	h.mu.Lock()
	f := h.held
	h.mu.Unlock()
	c := h.fakeHost.conns[0]
	c.mu.Lock()
	closed := c.closed
	c.mu.Unlock()
	if !closed {
		f()
	}
}

// rowsFilled reports whether the data in use has its rows.
func (h *harness) rowsFilled() bool {
	h.c.mu.Lock()
	defer h.c.mu.Unlock()
	return h.c.rows == nil && h.c.ds != nil
}

// The page is ready before the data's rows come from its worker (in a
// message of their own, MsgRows); a Run pressed before they come waits for
// them, and its traces are the main thread's, bit for bit.
func TestReadyBeforeTheRowsCome(t *testing.T) {
	s := labtest.Small()
	main := runTraces(t, newHarness(t), s)

	host := newRowsLaterHost(false)
	h := newHarness(t)
	h.c.env.Workers = host
	h.c.Generate(s)
	ready := h.wait("ready", isPhase(Ready))
	if ready.Data == nil || ready.Data.Stats.NNZ != main.Data.Stats.NNZ || ready.Err != nil {
		t.Fatalf("ready with data %+v, error %v", ready.Data, ready.Err)
	}
	if ds := h.c.Dataset(); ds != nil { // it never waits
		t.Fatalf("Dataset before the rows came: %d values, want nil", len(ds.Val))
	}
	h.c.Run(s)
	host.release()
	got := h.wait("done", isPhase(Done))
	if got.Err != nil {
		t.Fatalf("run failed: %v", got.Err)
	}
	if ds := h.c.Dataset(); ds == nil || len(ds.Val) != main.Data.Stats.NNZ {
		t.Fatalf("after the run: %v, want %d values", ds, main.Data.Stats.NNZ)
	}
	gt, mt := tracesOf(got), tracesOf(main)
	if len(gt) != len(mt) {
		t.Fatalf("%d traces, main thread %d", len(gt), len(mt))
	}
	for k := range gt {
		if len(gt[k]) != len(mt[k]) {
			t.Fatalf("trace %d: %d points, main thread %d", k, len(gt[k]), len(mt[k]))
		}
		for i, p := range gt[k] {
			if math.Float64bits(p.Primal) != math.Float64bits(mt[k][i].Primal) || p.Iter != mt[k][i].Iter {
				t.Fatalf("trace %d point %d: %+v, main thread %+v", k, i, p, mt[k][i])
			}
		}
	}
}

// Without a run, the load fills the rows in once they come; Reset in the
// meantime, which ends the data's workers, keeps the one sending the rows
// until they came.
func TestRowsComeWithoutARun(t *testing.T) {
	s := labtest.Small()
	for _, reset := range []bool{false, true} {
		host := newRowsLaterHost(false)
		h := newHarness(t)
		h.c.env.Workers = host
		h.c.Generate(s)
		h.wait("ready", isPhase(Ready))
		if reset {
			h.c.Reset()
		}
		host.release()
		if !reset { // the load's goroutine fills them
			h.wait("the rows", func(*Snapshot) bool { return h.rowsFilled() })
		}
		h.wait("the rows", func(*Snapshot) bool { return h.c.Dataset() != nil })
		if ds := h.c.Dataset(); len(ds.Val) == 0 || len(ds.RowPtr) != s.N+1 {
			t.Fatalf("reset %v: %d values, %d row pointers for n = %d", reset, len(ds.Val), len(ds.RowPtr), s.N)
		}
		h.c.Run(s)
		if done := h.wait("done", isPhase(Done)); done.Err != nil {
			t.Fatalf("reset %v: run failed: %v", reset, done.Err)
		}
	}
}

// A worker that dies between the data and its rows is an error the status
// shows, and a Run then reports it rather than waiting for ever; the data
// generated again runs.
func TestWorkerDyingBeforeTheRowsIsAnError(t *testing.T) {
	s := labtest.Small()
	host := newRowsLaterHost(true)
	h := newHarness(t)
	h.c.env.Workers = host
	h.c.Generate(s)
	h.wait("ready", isPhase(Ready))
	host.release()
	failed := h.wait("the error", func(s *Snapshot) bool { return s.Err != nil })
	if !strings.Contains(failed.Err.Error(), "rows") || !strings.Contains(failed.Err.Error(), "exited with code 2") || failed.Phase != Ready {
		t.Fatalf("status %q, phase %v: want the rows' error, ready", failed.Status(), failed.Phase)
	}
	h.c.Run(s)
	again := h.wait("the run's error", func(s *Snapshot) bool { return s.Err != nil && s.Phase == Ready })
	if !strings.Contains(again.Err.Error(), "rows") {
		t.Fatalf("run: status %q", again.Status())
	}
	h.c.Generate(s)
	h.wait("new data", func(s *Snapshot) bool { return s.Phase == Ready && s.Data != failed.Data })
	h.c.Run(s)
	if done := h.wait("done", isPhase(Done)); done.Err != nil {
		t.Fatalf("run on the data generated again: %v", done.Err)
	}
}
