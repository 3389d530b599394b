package lab

import (
	"sync"
	"testing"
	"time"

	"imlab/core/method"
	"imlab/ui/lab/internal/labtest"
	"imlab/ui/lab/setup"
	"imlab/ui/lab/worker"
)

// fakePool runs the pool's jobs on n goroutine workers, each with its own
// copy of the data, its own Control and slicer, as Web Workers would.
type fakePool struct {
	pool     *jobPool
	controls []*worker.Control
	wg       sync.WaitGroup
	errs     chan error
}

func startFakePool(t *testing.T, f labtest.Pool, n int, slicer func() *worker.Slicer, prepare func(worker int, ctl *worker.Control)) *fakePool {
	t.Helper()
	return startFakePoolWith(t, f, newJobPool(worker.JobSpecs(f.S, f.Lambda, f.PStar)), n, slicer, prepare)
}

// startFakePoolInOrder is startFakePool with the jobs handed out in order.
func startFakePoolInOrder(t *testing.T, f labtest.Pool, n int, order []int) *fakePool {
	t.Helper()
	pool := newJobPoolInOrder(worker.JobSpecs(f.S, f.Lambda, f.PStar), order)
	return startFakePoolWith(t, f, pool, n, func() *worker.Slicer { return worker.NewSlicer(worker.DefaultSliceTarget) }, nil)
}

func startFakePoolWith(t *testing.T, f labtest.Pool, pool *jobPool, n int, slicer func() *worker.Slicer, prepare func(worker int, ctl *worker.Control)) *fakePool {
	t.Helper()
	fp := &fakePool{pool: pool, errs: make(chan error, 1)}
	start := time.Now()
	now := func() time.Duration { return time.Since(start) }
	for w := 0; w < n; w++ {
		ds := labtest.Data(t, f.S)
		ctl := worker.NewControl()
		if prepare != nil {
			prepare(w, ctl) // before the worker starts
		}
		fp.controls = append(fp.controls, ctl)
		fp.wg.Add(1)
		go func() {
			defer fp.wg.Done()
			worker.Serve(ds, fp.pool.Next, func(u worker.Update) {
				if err := fp.pool.Apply(u); err != nil {
					select {
					case fp.errs <- err:
					default:
					}
				}
			}, ctl, slicer(), now)
		}()
	}
	return fp
}

func (fp *fakePool) wait(t *testing.T) {
	t.Helper()
	fp.wg.Wait()
	select {
	case err := <-fp.errs:
		t.Fatal(err)
	default:
	}
	if !fp.pool.Done() {
		t.Fatal("the workers ended with jobs unfinished")
	}
	if err := fp.pool.Err(); err != nil {
		t.Fatal(err)
	}
}

func TestPoolTracesIdenticalForAnyWorkers(t *testing.T) {
	f := labtest.NewPool(t)
	for _, n := range []int{1, 2, 3} {
		fp := startFakePool(t, f, n, func() *worker.Slicer { return worker.NewSlicer(worker.DefaultSliceTarget) }, nil)
		fp.wait(t)
		labtest.SameTraces(t, "workers="+string(rune('0'+n)), fp.pool.Traces(), f.Want)
	}
}

func TestPoolPauseStopsEveryWorkerAfterOneSlice(t *testing.T) {
	f := labtest.NewPool(t)
	const workers = 2
	parked := make(chan int, 64)
	// One Advance of 8 iterations per slice: many slices per job.
	tiny := func() *worker.Slicer { return &worker.Slicer{Target: time.Nanosecond, Min: 8, Max: 8} }
	// Each worker is held at its second slice's end until the test has
	// paused it, so the pause lands mid-job whatever the scheduling.
	held, resume := make(chan int), make(chan struct{})
	// Every slice ends in a Wait, which yields first: the yields count the
	// slices; a park holds until the next Wait.
	var mu sync.Mutex
	slicesOf, parkedNow := make([]int, workers), make([]bool, workers)
	fp := startFakePool(t, f, workers, tiny, func(w int, ctl *worker.Control) {
		ctl.OnPark = func() {
			mu.Lock()
			parkedNow[w] = true
			mu.Unlock()
			parked <- w
		}
		ctl.Yield = func() {
			mu.Lock()
			slicesOf[w]++
			slices := slicesOf[w]
			parkedNow[w] = false
			mu.Unlock()
			if slices == 2 {
				held <- w
				<-resume
			}
		}
	})
	before := make([]int, workers)
	for range workers {
		w := <-held
		ctl := fp.controls[w]
		ctl.Set(worker.CmdPause)
		mu.Lock()
		before[w] = slicesOf[w]
		mu.Unlock()
		resume <- struct{}{}
	}
	for seen := map[int]bool{}; len(seen) < workers; {
		seen[<-parked] = true
	}
	for w := range fp.controls {
		mu.Lock()
		after, isParked := slicesOf[w], parkedNow[w]
		mu.Unlock()
		if !isParked || after-before[w] > 1 {
			t.Errorf("worker %d: parked %v after %d more slices, want parked after at most 1", w, isParked, after-before[w])
		}
	}
	// Step moves each worker on to its job's next trace point, then it parks again.
	points := len(flatten(fp.pool.Traces()))
	for _, ctl := range fp.controls {
		ctl.Set(worker.CmdStep)
	}
	for seen := map[int]bool{}; len(seen) < workers; {
		seen[<-parked] = true
	}
	if got := len(flatten(fp.pool.Traces())); got <= points || got > points+workers {
		t.Errorf("after Step: %d trace points, want between %d and %d", got, points+1, points+workers)
	}
	go func() { // drain later parks
		for range parked {
		}
	}()
	for _, ctl := range fp.controls {
		ctl.Set(worker.CmdRun)
	}
	fp.wait(t)
	close(parked)
	labtest.SameTraces(t, "paused and stepped", fp.pool.Traces(), f.Want)
}

func TestPoolStopEndsWorkers(t *testing.T) {
	f := labtest.NewPool(t)
	tiny := func() *worker.Slicer { return &worker.Slicer{Target: worker.DefaultSliceTarget, Min: 8, Max: 8} }
	fp := startFakePool(t, f, 2, tiny, nil)
	for _, ctl := range fp.controls {
		ctl.Set(worker.CmdStop)
		ctl.Set(worker.CmdRun) // a stopped worker stays stopped
	}
	fp.wg.Wait() // returns: every worker ended
	if fp.pool.Done() {
		t.Error("every job finished although the workers were stopped at once")
	}
}

func flatten(tr [][]method.Point) []method.Point {
	var out []method.Point
	for _, t := range tr {
		out = append(out, t...)
	}
	return out
}

func TestPoolApplyRefusesStrayUpdates(t *testing.T) {
	p := newJobPool(worker.JobSpecs(labtest.Small(), 1, 0))
	if err := p.Apply(worker.Update{Job: 0}); err == nil {
		t.Error("update for a job not handed out was accepted")
	}
	spec, _ := p.Next()
	if err := p.Apply(worker.Update{Job: spec.Index, Done: true, Err: "boom"}); err != nil {
		t.Fatal(err)
	}
	if err := p.Apply(worker.Update{Job: spec.Index}); err == nil {
		t.Error("update for a finished job was accepted")
	}
	if p.Err() == nil || p.Done() {
		t.Errorf("after one failed job of %d: Err %v, Done %v", len(labtest.Small().Taus)*2, p.Err(), p.Done())
	}
}

func TestPoolSize(t *testing.T) {
	for _, c := range []struct{ cores, want int }{{64, 63}, {8, 7}, {4, 3}, {3, 2}, {2, 2}, {1, 1}, {0, 1}} {
		if got := autoWorkers(c.cores); got != c.want {
			t.Errorf("autoWorkers(%d cores) = %d, want %d", c.cores, got, c.want)
		}
	}
	for _, c := range []struct {
		want, jobs int
		data       int64
		size       int
	}{
		{7, 6, 0, 6}, {7, 12, 0, 7}, {2, 12, 0, 2}, {1, 12, 0, 1}, {7, 12, int64(setup.Budget) / 3, 3}, {7, 12, int64(setup.Budget) * 2, 1},
	} {
		if got := poolSize(c.want, c.jobs, c.data); got != c.size {
			t.Errorf("poolSize(%d wanted, %d jobs, %d bytes) = %d, want %d", c.want, c.jobs, c.data, got, c.size)
		}
	}
}

// A snapshot of a pool's jobs does not copy their traces: each is a view
// of the pool's own points, which later updates extend without touching
// what a view shows, nor letting a view's append write into the pool.
func TestPoolJobsShareTraces(t *testing.T) {
	p := newJobPool(worker.JobSpecs(labtest.Small(), 1, 0))
	spec, _ := p.Next()
	pt := func(k int) method.Point { return method.Point{Iter: k, Passes: float64(k), Gap: 1 / float64(k+1)} }
	if err := p.Apply(worker.Update{Job: spec.Index, Points: []method.Point{pt(0), pt(1)}}); err != nil {
		t.Fatal(err)
	}
	a := p.jobs()[spec.Index].trace
	b := p.jobs()[spec.Index].trace
	if len(a) != 2 || &a[0] != &b[0] || &a[0] != &p.traces[spec.Index][0] {
		t.Fatalf("two views of a trace of 2 points: lengths %d, %d, not the pool's array", len(a), len(b))
	}
	if cap(a) != len(a) {
		t.Errorf("a view has capacity %d beyond its %d points: an append would write into the pool", cap(a), len(a))
	}
	for k := 2; k < 40; k++ { // grows, reallocating the pool's array at times
		if err := p.Apply(worker.Update{Job: spec.Index, Points: []method.Point{pt(k)}}); err != nil {
			t.Fatal(err)
		}
	}
	c := p.jobs()[spec.Index].trace
	if len(a) != 2 || a[0] != pt(0) || a[1] != pt(1) || len(c) != 40 || c[39] != pt(39) || &c[0] != &p.traces[spec.Index][0] {
		t.Errorf("after 38 more points: the old view has %d points (%v), the new %d", len(a), a, len(c))
	}
	_ = append(c, pt(99))
	if d := p.jobs()[spec.Index].trace; len(d) != 40 || d[39] != pt(39) {
		t.Errorf("appending to a view changed the pool's trace: %d points", len(d))
	}
	if got := p.Traces()[spec.Index]; &got[0] == &c[0] {
		t.Error("Traces returns the pool's own array, not a copy")
	}
}
