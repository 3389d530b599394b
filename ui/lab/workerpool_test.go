package lab

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"
	"time"

	"imlab/core/method"
	"imlab/ui/lab/internal/labtest"
	"imlab/ui/lab/setup"
	"imlab/ui/lab/worker"
)

// runTraces runs s to the end and returns its snapshot.
func runTraces(t *testing.T, h *harness, s setup.Settings) Snapshot {
	t.Helper()
	h.c.Generate(s)
	h.wait("ready", isPhase(Ready))
	h.c.Run(s)
	done := h.wait("done", isPhase(Done))
	if done.Err != nil {
		t.Fatalf("run failed: %v", done.Err)
	}
	return done
}

func tracesOf(s Snapshot) [][]method.Point {
	var out [][]method.Point
	for _, j := range s.Jobs {
		out = append(out, j.Trace)
	}
	return out
}

func TestWorkersGiveTheMainThreadsResults(t *testing.T) {
	s := labtest.Small()
	mh := newHarness(t)
	main := runTraces(t, mh, s)
	if mh.c.mainThreadPlans() == 0 {
		t.Error("no plan counted on the main thread's run")
	}
	for _, n := range []int{setup.WorkersAuto, 1, 2, 3} {
		host := &fakeHost{cores: 4}
		h := newWorkerHarness(t, host)
		h.c.SetWorkers(n)
		got := runTraces(t, h, s)
		want := n
		if n == setup.WorkersAuto {
			want = 3 // cores − 1
		}
		// The worker that loaded the data is the run's first.
		if got.Workers != want || host.started.Load() != int64(want) {
			t.Errorf("workers=%d: the snapshot says %d workers, %d started; want %d, the first the one that loaded the data", n, got.Workers, host.started.Load(), want)
		}
		if loads, pstars := h.c.mainThreadWork(); loads != 0 || pstars != 0 {
			t.Errorf("workers=%d: %d data sets loaded and %d P* solved on the main thread, want none", n, loads, pstars)
		}
		if plans := h.c.mainThreadPlans(); plans != 0 {
			t.Errorf("workers=%d: %d plans made on the main thread, want none (the workers send theirs)", n, plans)
		}
		if got.Method == nil || len(got.Method.Rows) == 0 {
			t.Errorf("workers=%d: no method view (the theory a worker makes)", n)
		}
		if g, m := fmt.Sprint(got.Method), fmt.Sprint(main.Method); g != m {
			t.Errorf("workers=%d: the method view\n%s\ndiffers from the main thread's\n%s", n, g, m)
		}
		for k, j := range got.Jobs {
			if math.Float64bits(j.Theory.Step) != math.Float64bits(main.Jobs[k].Theory.Step) {
				t.Errorf("workers=%d: job %d θ %v, main thread %v", n, k, j.Theory.Step, main.Jobs[k].Theory.Step)
			}
		}
		// The workers' solver time lies within the run's wall time, on each.
		if !(got.WorkerBusy > 0 && got.WorkerBusy <= got.Elapsed*time.Duration(got.Workers)) {
			t.Errorf("workers=%d: solver time %v in %v on %d workers", n, got.WorkerBusy, got.Elapsed, got.Workers)
		}
		if !got.Data.InWorker {
			t.Errorf("workers=%d: the data says it was not loaded in a worker", n)
		}
		if !strings.Contains(got.Status(), "worker") {
			t.Errorf("workers=%d: status %q does not say where it ran", n, got.Status())
		}
		what := "workers=" + string(rune('0'+n))
		labtest.SameTraces(t, what, tracesOf(got), tracesOf(main))
		if math.Float64bits(got.PStar) != math.Float64bits(main.PStar) {
			t.Errorf("%s: P* %v, main thread %v", what, got.PStar, main.PStar)
		}
		for k, r := range got.Rows {
			if m := main.Rows[k]; math.Float64bits(r.Empirical) != math.Float64bits(m.Empirical) || r.Theory != m.Theory {
				t.Errorf("%s: row %+v, main thread %+v", what, r, m)
			}
		}
		if g, m := got.Sampling, main.Sampling; g == nil || m == nil || g.Tau != m.Tau || g.Sampling != m.Sampling ||
			g.Iters != m.Iters || fmt.Sprint(g.Recent) != fmt.Sprint(m.Recent) || fmt.Sprint(g.Visits) != fmt.Sprint(m.Visits) {
			t.Errorf("%s: the sampling view differs from the main thread's", what)
		}
		if got.Slices.Count != 0 {
			t.Errorf("%s: %d slices of solver work on the main thread", what, got.Slices.Count)
		}
	}
}

func TestWorkersGiveTheMainThreadsResultsOnAFile(t *testing.T) {
	var b strings.Builder
	for i := 0; i < 300; i++ {
		label := "+1"
		if i%3 == 0 {
			label = "-1"
		}
		b.WriteString(label)
		for j := 1; j <= 6; j++ {
			if (i+j)%2 == 0 || j == i%6+1 {
				b.WriteString(" " + strconv.Itoa(j) + ":" + strconv.Itoa(1+(i*j)%7))
			}
		}
		b.WriteString("\n")
	}
	s := setup.DefaultSettings()
	s.Taus = []int{1, 8}
	s.Bias = true
	run := func(h *harness) Snapshot {
		h.c.LoadFile(source("f.svm", b.String()), s)
		h.wait("ready", isPhase(Ready))
		h.c.Run(s)
		done := h.wait("done", isPhase(Done))
		if done.Err != nil {
			t.Fatal(done.Err)
		}
		return done
	}
	main := run(newHarness(t))
	h := newWorkerHarness(t, &fakeHost{cores: 4})
	h.c.SetWorkers(2)
	got := run(h)
	if got.Workers != 2 {
		t.Errorf("ran on %d workers, want 2", got.Workers)
	}
	labtest.SameTraces(t, "file, workers=2", tracesOf(got), tracesOf(main))
}

func TestWorkersFallBackToTheMainThread(t *testing.T) {
	h := newWorkerHarness(t, &fakeHost{cores: 4, err: errors.New("Worker is not defined")})
	done := runTraces(t, h, labtest.Small())
	if done.Workers != 0 || !strings.Contains(done.Status(), "main thread: workers could not start: Worker is not defined") {
		t.Errorf("workers %d, status %q", done.Workers, done.Status())
	}
	if done.Slices.Count == 0 {
		t.Error("no slices on the main thread")
	}
}

func TestWorkersPauseStepRunReset(t *testing.T) {
	host := &fakeHost{cores: 4, parked: make(chan int, 64),
		env: worker.Env{Slicer: func() *worker.Slicer { return &worker.Slicer{Target: worker.DefaultSliceTarget, Min: 8, Max: 8} }}}
	h := newWorkerHarness(t, host)
	h.c.SetWorkers(2)
	s := labtest.Small()
	h.c.Generate(s)
	h.wait("ready", isPhase(Ready))
	// A step from Ready starts both workers and parks each after its first
	// trace point: unlike a Pause during a run of 0.1 s, it cannot come
	// after a worker has run out of jobs.
	h.c.Step(s)
	for seen := map[int]bool{}; len(seen) < 2; {
		seen[<-host.parked] = true
	}
	// Both workers are parked: once the page has every point they sent,
	// nothing moves until a command.
	sent := host.points.Load()
	p := h.wait("paused with every point", func(sn *Snapshot) bool { return sn.Phase == Paused && int64(sn.Key().Points) == sent })
	if !strings.Contains(p.Status(), "paused") {
		t.Errorf("status %q", p.Status())
	}
	if n := host.points.Load(); n != sent {
		t.Errorf("parked workers sent %d more points", n-sent)
	}
	before := p.Key().Points
	h.c.Step(s)
	st := h.wait("paused after step", func(sn *Snapshot) bool { return sn.Phase == Paused && sn.Key().Points > before })
	if st.Key().Points > before+2 {
		t.Errorf("step went from %d to %d points", before, st.Key().Points)
	}
	h.c.Run(s)
	h.wait("done", isPhase(Done))
	h.c.Reset()
	if r := h.c.Snapshot(); r.Phase != Ready || r.Jobs != nil {
		t.Errorf("after Reset: phase %v, %d jobs", r.Phase, len(r.Jobs))
	}
}

func TestWorkersResetEndsThem(t *testing.T) {
	host := &fakeHost{cores: 4,
		env: worker.Env{Slicer: func() *worker.Slicer { return &worker.Slicer{Target: worker.DefaultSliceTarget, Min: 8, Max: 8} }}}
	h := newWorkerHarness(t, host)
	h.c.SetWorkers(2)
	s := labtest.Small()
	h.c.Generate(s)
	h.wait("ready", isPhase(Ready))
	h.c.Step(s) // the workers park after a point: the run cannot end before Reset
	h.wait("points", func(sn *Snapshot) bool { return sn.Phase == Paused && sn.Key().Points > 0 })
	h.c.Reset()
	h.wait("workers ended", func(*Snapshot) bool { // Reset ends the run's task, which ends its workers
		host.mu.Lock()
		defer host.mu.Unlock()
		for _, c := range host.conns {
			c.mu.Lock()
			closed := c.closed
			c.mu.Unlock()
			if !closed {
				return false
			}
		}
		return len(host.conns) == 2 // the run's two, the first of which loaded the data
	})
	if r := h.c.Snapshot(); r.Phase != Ready || r.Jobs != nil {
		t.Errorf("after Reset: phase %v, %d jobs", r.Phase, len(r.Jobs))
	}
}

func TestWorkersKey(t *testing.T) {
	for _, c := range []struct {
		hash string
		want int
	}{{"", setup.WorkersAuto}, {"workers=auto", setup.WorkersAuto}, {"workers=main", setup.WorkersNone}, {"workers=2", 2}, {"n=500&workers=3", 3}} {
		_, tt, err := setup.SplitHash(c.hash)
		if err != nil || tt.Workers != c.want {
			t.Errorf("%q: workers %d, err %v; want %d", c.hash, tt.Workers, err, c.want)
			continue
		}
		if _, back, err := setup.SplitHash(tt.Hash()); err != nil || back.Workers != c.want {
			t.Errorf("%q: written as %q, read back as %d (%v)", c.hash, tt.Hash(), back.Workers, err)
		}
	}
	for _, bad := range []string{"workers=0", "workers=-1", "workers=many", "workers=65"} {
		if _, _, err := setup.SplitHash(bad); err == nil || !strings.Contains(err.Error(), "workers") {
			t.Errorf("%q: err %v, want one naming workers", bad, err)
		}
	}
	// The key shapes the page, not the run: a link with it runs the same settings.
	a, _, _ := setup.PageSettings("n=500&workers=2", setup.DefaultSettings())
	b, _, _ := setup.PageSettings("n=500", setup.DefaultSettings())
	if a.Hash() != b.Hash() {
		t.Errorf("workers= changed the settings: %q vs %q", a.Hash(), b.Hash())
	}
}

// readyOnTwoWorkers returns s run on the main thread, and a controller set
// to 2 workers with s's data loaded.
func readyOnTwoWorkers(t *testing.T, s setup.Settings) (Snapshot, *fakeHost, *harness) {
	main := runTraces(t, newHarness(t), s)
	host := &fakeHost{cores: 4}
	h := newWorkerHarness(t, host)
	h.c.SetWorkers(2)
	h.c.Generate(s)
	h.wait("ready", isPhase(Ready))
	return main, host, h
}

// Pausing while the workers start, and stepping from nothing, work as on
// the main thread: the run pauses, then ends with the same traces. Workers
// start with the data (they are kept for its runs), so the pause comes while
// the data's worker is starting: Start waits on a gate the test opens.
func TestWorkersPausedWhileStartingAndStepFromNothing(t *testing.T) {
	s := labtest.Small()
	main := runTraces(t, newHarness(t), s)
	host := &fakeHost{cores: 4, gate: make(chan struct{})}
	h := newWorkerHarness(t, host)
	h.c.SetWorkers(2)
	h.c.Generate(s)
	h.wait("loading", isPhase(Loading))
	h.c.Pause()
	close(host.gate) // the worker starts paused
	h.wait("paused", isPhase(Paused))
	h.c.Run(s) // goes on with the loading, or with the run if it began
	st := h.wait("loaded", func(sn *Snapshot) bool { return sn.Phase == Ready || sn.Phase == Done })
	if st.Phase == Ready {
		h.c.Run(s)
	}
	done := h.wait("done", isPhase(Done))
	if done.Err != nil || done.Workers != 2 {
		t.Fatalf("err %v, %d workers (%s)", done.Err, done.Workers, done.WorkersNote)
	}
	labtest.SameTraces(t, "paused while starting", tracesOf(done), tracesOf(main))

	h.c.Reset()
	h.c.Step(s)
	st = h.wait("paused after a step", func(sn *Snapshot) bool { return sn.Phase == Paused && sn.Key().Points > 0 })
	if st.Workers != 2 || st.Key().Points > 2 {
		t.Errorf("step from nothing: %d workers, %d points; want 2 workers, 1 or 2 points", st.Workers, st.Key().Points)
	}
	h.c.Run(s)
	done = h.wait("done", isPhase(Done))
	labtest.SameTraces(t, "stepped", tracesOf(done), tracesOf(main))
}

// An explicit workers= is bounded by the memory budget too: each worker
// holds a copy of the data.
func TestWorkersBoundedByTheBudget(t *testing.T) {
	c := New(Env{Workers: &fakeHost{cores: 64}})
	c.data = &worker.DataInfo{Source: worker.SourcePreset}
	c.data.Stats.NNZ = int(int64(setup.Budget) / 12 / 3) // a third of the budget per copy
	c.SetWorkers(8)
	if n := c.poolSizeLocked(12); n != 3 {
		t.Errorf("workers=8 on data a third of the budget: %d workers, want 3", n)
	}
	c.SetWorkers(2)
	if n := c.poolSizeLocked(12); n != 2 {
		t.Errorf("workers=2: %d workers", n)
	}
	c.SetWorkers(5)
	if n := c.poolSizeLocked(4); n != 3 {
		t.Errorf("workers=5 for 4 jobs on data a third of the budget: %d workers, want 3", n)
	}
}

// The workers stay with their data: the one that loaded it runs the first
// jobs, a second run on the same data starts no worker and sends no data,
// and P* is asked of the data's worker once, at load, before Run. New data
// ends them.
func TestWorkersStayWithTheirData(t *testing.T) {
	s := labtest.Small()
	main, host, h := readyOnTwoWorkers(t, s)
	host.mu.Lock()
	loader := host.conns[0]
	host.mu.Unlock()
	// The load asks for P* after the data is installed (ready): wait for it.
	for deadline := time.Now().Add(10 * time.Second); loader.count(worker.MsgPStar) == 0 && time.Now().Before(deadline); {
		time.Sleep(time.Millisecond)
	}
	if got := loader.count(worker.MsgPStar); got != 1 {
		t.Errorf("the data's worker was asked for P* %d times at load, want once", got)
	}
	for round := range 2 {
		h.c.Run(s)
		done := h.wait("done", isPhase(Done))
		if done.Err != nil || done.Workers != 2 {
			t.Fatalf("round %d: err %v, %d workers", round, done.Err, done.Workers)
		}
		labtest.SameTraces(t, fmt.Sprintf("round %d", round), tracesOf(done), tracesOf(main))
		if n := host.started.Load(); n != 2 {
			t.Errorf("round %d: %d workers started, want 2 (the data's, and one more)", round, n)
		}
		host.mu.Lock()
		for w, c := range host.conns {
			if c.count(worker.MsgData) != 1 || c.count(worker.MsgPStar) > 1 || c.closed {
				t.Errorf("round %d: worker %d sent the data %d times, P* asked %d times, closed %v; want once, at most once, kept",
					round, w, c.count(worker.MsgData), c.count(worker.MsgPStar), c.closed)
			}
		}
		host.mu.Unlock()
		if loader.count(worker.MsgJob) == 0 {
			t.Errorf("round %d: the data's worker ran no job", round)
		}
		// The run shows Done before its goroutine hands the crew back (at
		// its end): a Run in between would start new workers. A user's
		// Run comes a frame later at the earliest; wait for the hand-back.
		for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(time.Millisecond) {
			h.c.mu.Lock()
			back := h.c.crew != nil
			h.c.mu.Unlock()
			if back {
				break
			}
		}
		if loads, pstars := h.c.mainThreadWork(); loads != 0 || pstars != 0 {
			t.Errorf("round %d: %d loads and %d P* on the main thread", round, loads, pstars)
		}
	}
	s2 := s
	s2.DataSeed++
	h.c.Generate(s2)
	h.wait("new data", func(sn *Snapshot) bool { return sn.Phase == Ready && sn.Settings.DataSeed == s2.DataSeed })
	host.mu.Lock()
	defer host.mu.Unlock()
	for w, c := range host.conns[:2] {
		c.mu.Lock()
		if !c.closed {
			t.Errorf("worker %d of the old data still open", w)
		}
		c.mu.Unlock()
	}
}
