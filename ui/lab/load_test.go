package lab

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"imlab/ui/lab/internal/labtest"
	"imlab/ui/lab/setup"
	"imlab/ui/lab/worker"
)

// sameData reports whether two loads made the same data, bit for bit, as
// far as the page sees it.
func sameData(t *testing.T, what string, got, want *worker.DataInfo) {
	t.Helper()
	if got.Stats != want.Stats || got.Name != want.Name || fmt.Sprint(got.Hist) != fmt.Sprint(want.Hist) ||
		fmt.Sprint(got.Warnings) != fmt.Sprint(want.Warnings) || got.DefaultLambda != want.DefaultLambda || len(got.Norms) != len(want.Norms) {
		t.Fatalf("%s: data %+v, want %+v", what, got.Stats, want.Stats)
	}
	for i := range got.Norms {
		if math.Float64bits(got.Norms[i]) != math.Float64bits(want.Norms[i]) {
			t.Fatalf("%s: ‖x_%d‖² = %v, want %v", what, i, got.Norms[i], want.Norms[i])
		}
	}
}

// With workers, the data is generated or parsed in one and handed to the
// page: the page's copy and what it shows are the main thread's, bit for
// bit, and the main thread generated and parsed nothing.
func TestLoadInAWorker(t *testing.T) {
	s := labtest.Small()
	main, in := newHarness(t), newWorkerHarness(t, &fakeHost{cores: 4})
	for _, h := range []*harness{main, in} {
		h.c.Generate(s)
	}
	m, w := main.wait("ready", isPhase(Ready)), in.wait("ready", isPhase(Ready))
	sameData(t, "preset", w.Data, m.Data)
	if m.Data.InWorker || !w.Data.InWorker {
		t.Errorf("InWorker: main thread %v, workers %v", m.Data.InWorker, w.Data.InWorker)
	}
	if a, b := main.c.Dataset(), in.c.Dataset(); fmt.Sprint(a.RowPtr, a.Col, a.Val, a.Y) != fmt.Sprint(b.RowPtr, b.Col, b.Val, b.Y) {
		t.Errorf("the page's copy of the data differs from the main thread's")
	}

	single := "+1 1:1 2:3\n+1 2:1\n+1 1:2 3:4\n"
	for _, h := range []*harness{main, in} {
		h.c.LoadFile(source("one.svm", single), s)
	}
	m, w = main.wait("file", hasWarnings), in.wait("file", hasWarnings)
	sameData(t, "file", w.Data, m.Data)
	if !strings.Contains(fmt.Sprint(m.Data.Warnings), "every example has label 1, the only class in the file") {
		t.Errorf("a file of one class warns %q", m.Data.Warnings)
	}
	if loads, pstars := in.c.mainThreadWork(); loads != 0 || pstars != 0 {
		t.Errorf("with workers, %d loads and %d P* on the main thread", loads, pstars)
	}
	if loads, _ := main.c.mainThreadWork(); loads != 2 {
		t.Errorf("without workers, %d loads on the main thread, want 2", loads)
	}

	// A file that fails in the worker fails as on the main thread, naming
	// the form's field, and leaves the data in place.
	multi := "1 1:1\n2 1:2\n3 2:1\n"
	for _, h := range []*harness{main, in} {
		h.c.LoadFile(source("multi.svm", multi), s)
	}
	me, we := main.wait("error", hasErr), in.wait("error", hasErr)
	var mf, wf *setup.FieldError
	if !errors.As(me.Err, &mf) || !errors.As(we.Err, &wf) || mf.Field != wf.Field || me.Err.Error() != we.Err.Error() {
		t.Errorf("errors: main thread %v, workers %v", me.Err, we.Err)
	}
	if we.Data == nil || we.Data.Name != w.Data.Name {
		t.Errorf("a failed load replaced the data")
	}
}

func hasWarnings(s *Snapshot) bool {
	return s.Phase == Ready && s.Data != nil && strings.HasPrefix(s.Data.Name, "one.svm")
}

func hasErr(s *Snapshot) bool { return s.Err != nil && s.Phase != Loading }

// Where workers cannot start, the data loads on the main thread, and the
// status says why.
func TestLoadFallsBackToTheMainThread(t *testing.T) {
	h := newWorkerHarness(t, &fakeHost{cores: 4, err: errors.New("no Worker here")})
	h.c.Generate(labtest.Small())
	r := h.wait("ready", isPhase(Ready))
	if r.Data.InWorker {
		t.Errorf("the data says it was loaded in a worker")
	}
	if loads, _ := h.c.mainThreadWork(); loads != 1 {
		t.Errorf("%d loads on the main thread, want 1", loads)
	}
	if r.WorkersNote != "workers could not start: no Worker here" {
		t.Errorf("workers note %q", r.WorkersNote)
	}
}

// Pause while the data loads stops the loading after at most one more
// slice, in a worker and on the main thread; Run goes on, and the data is
// the same as if it had never paused; Reset still clears a paused load.
func TestPauseWhileLoading(t *testing.T) {
	s := setup.DefaultSettings() // large enough to take many slices
	s.N = 20000
	want := func() *worker.DataInfo {
		h := newHarness(t)
		h.c.Generate(s)
		return h.wait("ready", isPhase(Ready)).Data
	}()
	for _, onWorker := range []bool{false, true} {
		// A clock that advances 10 ms a reading, so that work yields at every
		// chance, however fast the machine.
		var clock atomic.Int64
		now := func() time.Duration { return time.Duration(clock.Add(10)) * time.Millisecond }
		// Pause is pressed from inside the pauseAt-th yield: deterministic
		// under js/wasm too, where goroutines switch only when one blocks.
		var yields, pauseAt atomic.Int64
		pauseAt.Store(3)
		var h *harness
		onYield := func() {
			// Only the loading's yields: the workers kept with the data
			// before also yield (P* and their own loads, prepareRun).
			if sn := h.c.Snapshot(); sn.Phase != Loading && (sn.Phase != Paused || sn.PausedIn != Loading) {
				return
			}
			if yields.Add(1) == pauseAt.Load() {
				h.c.Pause()
			}
		}
		parked := make(chan int, 16)
		// The fake host's Yield then waits for the worker to take the Pause.
		host := &fakeHost{cores: 4, parked: parked, env: worker.Env{Now: now, Yield: onYield}}
		h = newHarness(t)
		h.c.env.Now = now
		if onWorker {
			h.c.env.Workers = host
		} else {
			h.setOnYield(func(int64) { onYield() })
		}
		h.c.Generate(s)
		p := h.wait("paused", isPhase(Paused))
		if p.PausedIn != Loading || !strings.Contains(p.Status(), "paused while loading") {
			t.Errorf("worker %v: paused in %v, status %q", onWorker, p.PausedIn, p.Status())
		}
		if onWorker {
			<-parked
		}
		time.Sleep(30 * time.Millisecond)
		if n := yields.Load() - pauseAt.Load(); n > 1 {
			t.Errorf("worker %v: %d more slices while paused, want at most 1", onWorker, n)
		}
		if ph := h.c.Snapshot().Phase; ph != Paused {
			t.Errorf("worker %v: phase %v while paused", onWorker, ph)
		}
		h.c.Run(s)
		got := h.wait("ready", isPhase(Ready))
		sameData(t, fmt.Sprintf("worker %v, paused", onWorker), got.Data, want)

		other := s
		other.DataSeed++
		pauseAt.Store(yields.Load() + 3)
		h.c.Generate(other)
		h.wait("paused", isPhase(Paused))
		h.c.Reset()
		if r := h.wait("reset", isPhase(Ready)); r.Data.Stats.N != s.N {
			t.Errorf("worker %v: after Reset of a paused load, n = %d, want the data before (%d)", onWorker, r.Data.Stats.N, s.N)
		}
	}
}

// A worker given the page's link starts generating its preset before the
// first message arrives, and answers that message with the same data as
// a worker that waited for it; a first message asking for other data gets
// that data.
func TestWorkerPreloadsTheLinksPreset(t *testing.T) {
	s := labtest.Small()
	link := s.Hash()
	other := s
	other.DataSeed++
	loadOn := func(pre *worker.DataSpec, ask setup.Settings) *worker.Loaded {
		in, out := make(chan worker.Message, 8), make(chan worker.Message, 8)
		// The clock is read first when a load starts.
		var clock atomic.Int64
		go worker.Run(in, func(m worker.Message) { out <- m }, worker.Env{Preload: pre,
			Now: func() time.Duration { return time.Duration(clock.Add(1)) * time.Millisecond }})
		if pre != nil { // the preload starts while no message has been sent
			for deadline := time.Now().Add(30 * time.Second); clock.Load() == 0; time.Sleep(time.Millisecond) {
				if time.Now().After(deadline) {
					t.Fatal("no load started before the first message")
				}
			}
		}
		in <- worker.Message{Kind: worker.MsgData, Data: worker.DataSpec{Preset: ask, Return: true}}
		m := <-out
		in <- worker.Message{Kind: worker.MsgCmd, Cmd: worker.CmdStop}
		close(in)
		if m.Kind != worker.MsgLoaded || m.Loaded == nil {
			t.Fatalf("first answer %+v, want the data", m)
		}
		return m.Loaded
	}
	pre := worker.PreloadFor(link)
	if pre == nil || !setup.SameData(pre.Preset, s) {
		t.Fatalf("PreloadFor(%q) = %+v, want the link's preset", link, pre)
	}
	want := loadOn(nil, s)
	sameData(t, "preloaded", loadOn(pre, s).Info, want.Info)
	sameData(t, "preload guessed wrong", loadOn(pre, other).Info, loadOn(nil, other).Info)
	for _, h := range []string{"file=a.svm&fsize=12&fsha=0011223344556677", link + "&workers=main", "n=x"} {
		if worker.PreloadFor(h) != nil {
			t.Errorf("the link %q preloads", h)
		}
	}
}

// stepFunc is a stepper from a function.
type stepFunc func() (bool, error)

func (f stepFunc) Step() (bool, error) { return f() }

// A file's hash, done on the page's thread, stops at its next checkpoint
// once a newer action has replaced its task, rather than hashing on.
func TestSupersededStepsStop(t *testing.T) {
	c := New(Env{SliceTarget: time.Nanosecond})
	c.mu.Lock()
	tk := &task{c: c, gen: c.gen}
	c.mu.Unlock()
	steps := 0
	err := tk.steps(stepFunc(func() (bool, error) {
		steps++
		if steps == 3 {
			c.mu.Lock()
			c.supersedeLocked()
			c.mu.Unlock()
		}
		return steps == 1000, nil
	}))
	if !errors.Is(err, errSuperseded) || steps > 4 {
		t.Errorf("after superseding at step 3: %d steps, error %v; want at most 4 and errSuperseded", steps, err)
	}
}
