package lab

import (
	"testing"

	"imlab/ui/lab/internal/labtest"
	"imlab/ui/lab/setup"
)

// workers=main runs on the page's own thread though Web Workers could
// start: none starts, the page's thread loads, solves and plans, and the
// traces are the workers' bit for bit.
func TestWorkersMainRunsOnThePagesThread(t *testing.T) {
	s := labtest.Small()
	want := runTraces(t, newWorkerHarness(t, &fakeHost{cores: 4}), s)
	host := &fakeHost{cores: 4}
	h := newWorkerHarness(t, host)
	h.c.SetWorkers(setup.WorkersNone)
	got := runTraces(t, h, s)
	if n := host.started.Load(); n != 0 || got.Workers != 0 || got.Data.InWorker {
		t.Errorf("workers=main: %d Web Workers started, the run says %d, data in a worker %v; want none", n, got.Workers, got.Data.InWorker)
	}
	if loads, pstars := h.c.mainThreadWork(); loads != 1 || pstars != 1 || h.c.mainThreadPlans() == 0 || got.Slices.Count == 0 {
		t.Errorf("workers=main: %d loads, %d P*, %d plans, %d slices on the page's thread; want 1, 1, some, some",
			loads, pstars, h.c.mainThreadPlans(), got.Slices.Count)
	}
	labtest.SameTraces(t, "workers=main", tracesOf(got), tracesOf(want))
}

// A slowed-down run goes on the page's own thread, which shows its
// minibatches as they go, and leaves the data's Web Workers for the next
// run at full speed.
func TestSlowRunOnThePagesThreadKeepsTheWorkers(t *testing.T) {
	s := labtest.Small()
	s.Taus = []int{4}
	host := &fakeHost{cores: 4}
	h := newWorkerHarness(t, host)
	h.c.SetWorkers(2)
	want := runTraces(t, h, s)
	h.wait("the crew handed back", func(*Snapshot) bool { // after Done (see TestWorkersStayWithTheirData)
		h.c.mu.Lock()
		defer h.c.mu.Unlock()
		return h.c.crew != nil
	})
	h.c.SetSpeed(64)
	s.Seed++ // another run of the same data
	h.c.Run(s)
	slow := h.wait("slow run done", func(sn *Snapshot) bool { return sn.Phase == Done && sn.Settings.Seed == s.Seed })
	if slow.Err != nil || slow.Workers != 0 || host.started.Load() != 2 {
		t.Fatalf("slowed down: err %v, %d workers, %d Web Workers started; want the page's thread and the data's 2", slow.Err, slow.Workers, host.started.Load())
	}
	h.c.SetSpeed(0)
	s.Seed--
	h.c.Run(s)
	fast := h.wait("fast run done", func(sn *Snapshot) bool { return sn.Phase == Done && sn.Settings.Seed == s.Seed })
	if fast.Workers != 2 || host.started.Load() != 2 {
		t.Errorf("full speed again: %d workers, %d started; want the data's 2, kept", fast.Workers, host.started.Load())
	}
	labtest.SameTraces(t, "after a slowed-down run", tracesOf(fast), tracesOf(want))
}
