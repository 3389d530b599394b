package lab

import (
	"bytes"
	"errors"
	"io"
	"math"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"imlab/core/libsvm"
	"imlab/core/synth"
	"imlab/ui/lab/internal/labtest"
	"imlab/ui/lab/setup"
	"imlab/ui/lab/worker"
)

// harness runs a controller with a counting yield and lets a test wait for
// a condition on its snapshots.
type harness struct {
	t       *testing.T
	c       *Controller
	yields  atomic.Int64
	mu      sync.Mutex
	changed chan struct{}
	onYield func(n int64) // called inside Yield, from the controller's goroutine
}

func newHarness(t *testing.T) *harness {
	h := &harness{t: t, changed: make(chan struct{}, 1)}
	h.c = New(Env{
		Yield: func() {
			n := h.yields.Add(1)
			h.mu.Lock()
			f := h.onYield
			h.mu.Unlock()
			if f != nil {
				f(n)
			}
		},
		Changed: func() {
			select {
			case h.changed <- struct{}{}:
			default:
			}
		},
	})
	return h
}

func (h *harness) setOnYield(f func(n int64)) {
	h.mu.Lock()
	h.onYield = f
	h.mu.Unlock()
}

// wait returns the first snapshot satisfying ok, failing after 120 s: a
// guard against a hang, not a speed test (under node on a loaded 2-core
// machine, lesson 9's four runs once took more than 30 s).
func (h *harness) wait(what string, ok func(*Snapshot) bool) Snapshot {
	h.t.Helper()
	deadline := time.After(120 * time.Second)
	for {
		s := h.c.Snapshot()
		if ok(&s) {
			return s
		}
		select {
		case <-h.changed:
		case <-time.After(5 * time.Millisecond):
		case <-deadline:
			h.t.Fatalf("timed out waiting for %s; status %q", what, s.Status())
		}
	}
}

func isPhase(p Phase) func(*Snapshot) bool {
	return func(s *Snapshot) bool { return s.Phase == p }
}

func TestRunToDone(t *testing.T) {
	h := newHarness(t)
	s := labtest.Small()
	h.c.Generate(s)
	ready := h.wait("ready", isPhase(Ready))
	if ready.Data == nil || ready.Data.Stats.N != s.N || ready.Data.Stats.D != s.D {
		t.Fatalf("data after Generate: %+v", ready.Data)
	}
	if total := sum(ready.Data.Hist.Counts); total != s.N {
		t.Errorf("histogram counts %d examples, want %d", total, s.N)
	}
	if !strings.Contains(ready.Status(), "ready") {
		t.Errorf("status %q", ready.Status())
	}
	h.c.Run(s)
	done := h.wait("done", func(s *Snapshot) bool { return s.Phase == Done })
	if done.Err != nil {
		t.Fatalf("run failed: %v", done.Err)
	}
	if st := done.Status(); !strings.Contains(st, "done") || strings.Contains(st, "error") {
		t.Errorf("status %q, want done", st)
	}
	if len(done.Jobs) != 2*len(s.Taus) || len(done.Rows) != len(s.Taus) {
		t.Fatalf("%d jobs and %d rows for %d τ", len(done.Jobs), len(done.Rows), len(s.Taus))
	}
	for _, r := range done.Rows {
		if !(r.Theory >= 1) || !(r.Empirical > 0) {
			t.Errorf("τ = %d: theoretical ratio %v, empirical %v", r.Tau, r.Theory, r.Empirical)
		}
	}
	for _, j := range done.Jobs {
		if last := j.Trace[len(j.Trace)-1]; !(last.Gap <= s.Eps) {
			t.Errorf("%s τ=%d ended at gap %v > ε", j.Sampling, j.Tau, last.Gap)
		}
	}
	if done.Progress != 1 || math.IsNaN(done.PStar) || done.Lambda != done.Data.DefaultLambda {
		t.Errorf("progress %v, P* %v, λ %v (default %v)", done.Progress, done.PStar, done.Lambda, done.Data.DefaultLambda)
	}
	// Work was sliced: far more yields than jobs.
	if y := h.yields.Load(); y < int64(4*len(done.Jobs)) {
		t.Errorf("only %d yields for %d runs", y, len(done.Jobs))
	}
	nice, imp := Plots(&done)
	if len(nice.Series) != len(s.Taus) || len(imp.Series) != len(s.Taus) {
		t.Fatalf("plots have %d and %d curves", len(nice.Series), len(imp.Series))
	}
	a, b, c, d := nice.Ranges()
	e, f, g, k := imp.Ranges()
	if a != e || b != f || c != g || d != k || !(d > c) || !(c <= s.Eps) {
		t.Errorf("plot ranges differ or miss ε: nice %v %v %v %v, imp %v %v %v %v", a, b, c, d, e, f, g, k)
	}
}

func TestRunGeneratesWhenSettingsChange(t *testing.T) {
	h := newHarness(t)
	s := labtest.Small()
	h.c.Run(s) // no data yet: generated first
	h.wait("done", isPhase(Done))
	s.DataSeed = 2
	s.Taus = []int{2}
	h.c.Run(s)
	done := h.wait("second run done", func(sn *Snapshot) bool { return sn.Phase == Done && sn.Settings.DataSeed == 2 })
	if len(done.Jobs) != 2 || done.Err != nil {
		t.Errorf("second run: %d jobs, err %v", len(done.Jobs), done.Err)
	}
}

func TestPauseStepResumeReset(t *testing.T) {
	h := newHarness(t)
	s := labtest.Small()
	h.c.Generate(s)
	h.wait("ready", isPhase(Ready))
	paused := make(chan struct{})
	var once sync.Once
	h.setOnYield(func(n int64) {
		if h.c.Snapshot().Phase == Running && n > 5 {
			once.Do(func() { h.c.Pause(); close(paused) })
		}
	})
	h.c.Run(s)
	<-paused
	p := h.wait("paused", isPhase(Paused))
	if !strings.Contains(p.Status(), "paused") {
		t.Errorf("status %q", p.Status())
	}
	// While paused nothing advances and nobody yields.
	time.Sleep(30 * time.Millisecond)
	y0, v0 := h.yields.Load(), h.c.Snapshot().Key()
	time.Sleep(30 * time.Millisecond)
	if y, v := h.yields.Load(), h.c.Snapshot().Key(); y != y0 || v != v0 {
		t.Errorf("paused run moved: yields %d → %d, plot %v → %v", y0, y, v0, v)
	}
	// Step adds at least one trace point and pauses again.
	before := h.c.Snapshot().Key().Points
	h.c.Step(s)
	st := h.wait("paused after step", func(sn *Snapshot) bool { return sn.Phase == Paused && sn.Key().Points > before })
	if st.Key().Points > before+2 {
		t.Errorf("step went from %d to %d points", before, st.Key().Points)
	}
	h.c.Run(s)
	h.wait("done", isPhase(Done))
	h.c.Reset()
	r := h.c.Snapshot()
	if r.Phase != Ready || r.Jobs != nil || r.Err != nil || r.Data == nil {
		t.Errorf("after Reset: phase %v, %d jobs, err %v, data %v", r.Phase, len(r.Jobs), r.Err, r.Data != nil)
	}
}

func TestResetCancelsRun(t *testing.T) {
	h := newHarness(t)
	s := labtest.Small()
	s.N, s.D = 3000, 50
	var once sync.Once
	var reset atomic.Bool
	h.setOnYield(func(n int64) {
		if h.c.Snapshot().Phase == Running && n > 3 {
			once.Do(func() { h.c.Reset(); reset.Store(true) })
		}
	})
	h.c.Run(s)
	r := h.wait("reset", func(sn *Snapshot) bool { return reset.Load() && sn.Phase == Ready && sn.Jobs == nil })
	y := h.yields.Load()
	time.Sleep(50 * time.Millisecond)
	if h.yields.Load() != y || h.c.Snapshot().Phase != Ready {
		t.Errorf("work went on after Reset (status %q)", r.Status())
	}
}

const goodFile = "+1 1:0.5 3:1\n-1 2:2\n+1 1:1 2:1 3:1\n-1 3:0.25\n"

func source(name, text string) FileSource {
	return FileSource{Name: name, Size: int64(len(text)),
		Open: func() (io.Reader, error) { return strings.NewReader(text), nil }}
}

func TestLoadFile(t *testing.T) {
	h := newHarness(t)
	s := labtest.Small()
	s.Bias = true
	h.c.LoadFile(source("tiny.svm", goodFile), s)
	got := h.wait("file loaded", isPhase(Ready))
	if got.Err != nil || got.Data.Source != worker.SourceFile || got.Data.Stats.N != 4 || got.Data.Stats.D != 4 {
		t.Fatalf("after loading: err %v, data %+v", got.Err, got.Data)
	}
	// A run on the file keeps the file (no preset is generated).
	s.Taus = []int{1, 2}
	h.c.Run(s)
	done := h.wait("done", isPhase(Done))
	if done.Data.Source != worker.SourceFile || len(done.Rows) != 2 || done.Err != nil {
		t.Errorf("run on file: source %s, %d rows, err %v", done.Data.Source, len(done.Rows), done.Err)
	}
}

func TestBadFileKeepsData(t *testing.T) {
	h := newHarness(t)
	s := labtest.Small()
	s.Taus = []int{1}
	h.c.Run(s)
	before := h.wait("done", isPhase(Done))

	h.c.LoadFile(source("bad.svm", "+1 1:1\n-1 2:2\n+1 3:x\n"), s)
	after := h.wait("error", func(sn *Snapshot) bool { return sn.Err != nil })
	var pe *libsvm.ParseError
	if !errors.As(after.Err, &pe) || pe.Line != 3 || !strings.Contains(after.Status(), "error: bad.svm: line 3") {
		t.Errorf("status %q (err %#v), want the parser's error at line 3", after.Status(), after.Err)
	}
	if after.Data != before.Data || len(after.Jobs) != len(before.Jobs) || after.Phase != Done {
		t.Errorf("a bad file replaced the data or results: phase %v", after.Phase)
	}
}

func TestLargeFileRefusedUnread(t *testing.T) {
	h := newHarness(t)
	opened := false
	h.c.LoadFile(FileSource{Name: "huge.svm.gz", Size: maxFileBytes + 1, Open: func() (io.Reader, error) {
		opened = true
		return nil, errors.New("should not be read")
	}}, labtest.Small())
	s := h.c.Snapshot()
	if !errors.Is(s.Err, errFileTooLarge) || !strings.Contains(s.Status(), "the limit is 512 MiB") || opened {
		t.Errorf("status %q, opened %v", s.Status(), opened)
	}
}

func TestPanicBecomesError(t *testing.T) {
	h := newHarness(t)
	h.c.LoadFile(FileSource{Name: "x", Size: 1, Open: func() (io.Reader, error) { panic("boom") }}, labtest.Small())
	s := h.wait("error", func(sn *Snapshot) bool { return sn.Err != nil })
	if !strings.Contains(s.Status(), "error: internal error: boom") || s.Phase != Empty {
		t.Errorf("status %q, phase %v", s.Status(), s.Phase)
	}
}

func TestParsingYields(t *testing.T) {
	// A file big enough that parsing spans several slices at a 1 µs target.
	var b bytes.Buffer
	for i := range 20000 {
		b.WriteString([]string{"+1", "-1"}[i%2] + " 1:0.5 2:1.5 7:2\n")
	}
	h := newHarness(t)
	h.c = New(Env{Yield: func() { h.yields.Add(1) }, SliceTarget: time.Microsecond})
	h.c.LoadFile(source("big.svm", b.String()), labtest.Small())
	got := h.wait("loaded", isPhase(Ready))
	if got.Data.Stats.N != 20000 || h.yields.Load() < 3 {
		t.Errorf("n = %d, %d yields while parsing", got.Data.Stats.N, h.yields.Load())
	}
}

func TestInvalidSettingsRefused(t *testing.T) {
	h := newHarness(t)
	s := labtest.Small()
	s.Eps = -1
	h.c.Run(s)
	if st := h.c.Snapshot(); !errors.Is(st.Err, setup.ErrSettings) || st.Phase != Empty {
		t.Errorf("status %q phase %v", st.Status(), st.Phase)
	}
	if _, err := synth.Generate(labtest.Small().Synth()); err != nil {
		t.Fatal(err)
	}
}

func sum(xs []int) int {
	t := 0
	for _, x := range xs {
		t += x
	}
	return t
}

func TestFailingRunShowsError(t *testing.T) {
	h := newHarness(t)
	s := labtest.Small()
	h.c.LoadFile(source("tiny.svm", goodFile), s)
	h.wait("file loaded", isPhase(Ready))
	s.Taus = []int{1, 8} // τ = 8 > n = 4: the experiment cannot be planned
	h.c.Run(s)
	got := h.wait("error", func(sn *Snapshot) bool { return sn.Err != nil })
	var fe *setup.FieldError
	if st := got.Status(); !errors.As(got.Err, &fe) || fe.Field != setup.FieldTaus || !strings.Contains(st, `"8" is not a whole number in 1…4`) ||
		got.Phase != Ready || got.Data == nil || got.Jobs != nil {
		t.Errorf("status %q, phase %v, %d jobs", st, got.Phase, len(got.Jobs))
	}
}

// Snapshots share the traces rather than copy them, on the main thread and
// on workers alike: two snapshots of a finished run show the same arrays.
func TestSnapshotsShareTraces(t *testing.T) {
	for _, workers := range []bool{false, true} {
		h := newHarness(t)
		if workers {
			h = newWorkerHarness(t, &fakeHost{cores: 3})
		}
		done := runTraces(t, h, labtest.Small())
		again := h.c.Snapshot()
		for k, j := range done.Jobs {
			tr := again.Jobs[k].Trace
			if len(j.Trace) == 0 || len(tr) != len(j.Trace) || &tr[0] != &j.Trace[0] || cap(tr) != len(tr) {
				t.Errorf("workers=%v: job %d: the snapshots' traces (%d and %d points) are not one shared view", workers, k, len(j.Trace), len(tr))
			}
		}
	}
}
