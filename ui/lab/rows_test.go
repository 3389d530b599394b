package lab

import (
	"math"
	"testing"

	"imlab/core/dataset"
)

// rowsLeftHost is a fakeHost whose data's worker sends the data as the
// browser's codec decodes it: the rows left in the message until
// Loaded.Rows copies them in.
type rowsLeftHost struct{ *fakeHost }

func (h rowsLeftHost) Start(n int, receive func(int, Message)) ([]WorkerConn, error) {
	return h.fakeHost.Start(n, func(w int, m Message) {
		if m.Kind == MsgLoaded && m.Loaded != nil {
			full, ds := m.Loaded.Data, &dataset.Dataset{N: m.Loaded.Data.N, D: m.Loaded.Data.D}
			m.Loaded = &Loaded{Data: ds, Info: m.Loaded.Info, Rows: func() {
				ds.RowPtr, ds.Col, ds.Val, ds.Y = full.RowPtr, full.Col, full.Val, full.Y
			}}
		}
		receive(w, m)
	})
}

// The page is ready before the data's rows come in; a Run before they do
// (the frame after which they come never comes here) fills them first, and
// its traces are the main thread's, bit for bit.
func TestRunFillsTheRowsReadyLeftBehind(t *testing.T) {
	s := small()
	main := runTraces(t, newHarness(t), s)

	frame := make(chan struct{})
	defer close(frame)
	h := newHarness(t)
	h.c.env.Workers = rowsLeftHost{&fakeHost{cores: 3}}
	h.c.env.Frame = func() { <-frame }
	h.c.Generate(s)
	h.wait("ready", isPhase(Ready))
	h.c.mu.Lock()
	pending, rows := h.c.rows != nil, len(h.c.ds.Val)
	h.c.mu.Unlock()
	if !pending || rows != 0 {
		t.Fatalf("ready with rows pending %v and %d values: want pending, none", pending, rows)
	}
	h.c.Run(s)
	got := h.wait("done", isPhase(Done))
	if got.Err != nil {
		t.Fatalf("run failed: %v", got.Err)
	}
	if ds := h.c.Dataset(); len(ds.Val) != main.Data.Stats.NNZ {
		t.Errorf("%d values after the run, want %d", len(ds.Val), main.Data.Stats.NNZ)
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
