package lab

import (
	"testing"
	"time"

	"imlab/ui/lab/internal/labtest"
	"imlab/ui/lab/worker"
)

// A load prepares the run — P* asked of the data's worker, the second
// worker started — only once the UI shows the data (Env.Shown); a Run
// pressed before that prepares what it needs itself and gives the main
// thread's traces, and the load, superseded, then prepares nothing.
func TestLoadPreparesTheRunOnceShown(t *testing.T) {
	s := labtest.Small()
	main := runTraces(t, newHarness(t), s)

	for _, runFirst := range []bool{false, true} {
		host := &fakeHost{cores: 4}
		h := newWorkerHarness(t, host)
		shown, asked := make(chan struct{}), make(chan struct{})
		h.c.env.Shown = func() {
			close(asked)
			<-shown
		}
		h.c.SetWorkers(2)
		h.c.Generate(s)
		h.wait("ready", isPhase(Ready))
		<-asked // the load waits in Shown
		host.mu.Lock()
		loader := host.conns[0]
		host.mu.Unlock()
		if n := loader.count(worker.MsgPStar); n != 0 {
			t.Errorf("runFirst %v: P* asked %d times before the data was shown, want 0", runFirst, n)
		}
		if n := host.started.Load(); n != 1 {
			t.Errorf("runFirst %v: %d workers started before the data was shown, want the data's alone", runFirst, n)
		}
		if !runFirst {
			close(shown)
			deadline := time.Now().Add(10 * time.Second)
			for loader.count(worker.MsgPStar) == 0 || host.started.Load() != 2 {
				if time.Now().After(deadline) {
					t.Fatalf("once shown: P* asked %d times, %d workers; want once, 2", loader.count(worker.MsgPStar), host.started.Load())
				}
				time.Sleep(time.Millisecond)
			}
		}
		h.c.Run(s)
		done := h.wait("done", isPhase(Done))
		if done.Err != nil || done.Workers != 2 {
			t.Fatalf("runFirst %v: err %v, %d workers", runFirst, done.Err, done.Workers)
		}
		labtest.SameTraces(t, "after the load's preparations", tracesOf(done), tracesOf(main))
		if runFirst {
			close(shown) // the load, superseded by the run, prepares nothing more
			time.Sleep(20 * time.Millisecond)
			if n := loader.count(worker.MsgPStar); n != 1 {
				t.Errorf("after the run: P* asked of the data's worker %d times, want once (the run's)", n)
			}
		}
	}
}
