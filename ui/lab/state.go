package lab

import (
	"fmt"
	"math"
	"time"

	"imlab/core/experiment"
	"imlab/core/method"
	"imlab/core/method/catalog"
	"imlab/core/sampling"
	"imlab/core/table"
	"imlab/ui/lab/setup"
	"imlab/ui/lab/worker"
)

// Phase is where the controller is in settings → data → P* → runs.
type Phase int

// The phases, in the order a run goes through them.
const (
	Empty   Phase = iota // no data yet
	Loading              // generating or reading data
	Ready                // data loaded, no run
	Optimum              // computing P* before the runs
	Running              // the experiment's runs are advancing
	Paused               // a run is paused; Run resumes it
	Done                 // every run finished (see Snapshot.Err for failures)
)

var phaseNames = [...]string{"empty", "loading", "ready", "optimum", "running", "paused", "done"}

func (p Phase) String() string {
	if int(p) < len(phaseNames) {
		return phaseNames[p]
	}
	return fmt.Sprintf("Phase(%d)", int(p))
}

// Busy reports whether work is in progress (the Run button then reads Pause).
func (p Phase) Busy() bool { return p == Loading || p == Optimum || p == Running }

// JobView is one run as the UI shows it.
type JobView struct {
	Tau      int
	Sampling sampling.Kind  // sampling.Nice, or the run's importance sampling (Imp or AdaptiveImp)
	Theory   catalog.Theory // the method's: its safe step (θ for dfSDCA); NaN until planned
	Trace    []method.Point // read-only and shared, not copied: a view of the points so far (capacity = length)
	Reached  float64        // where on Axis the gap first reached ε; NaN if not (yet)
	// Axis is the method's (catalog.AxisOf), over N examples: what X,
	// Reached and the plots read.
	Axis   method.Axis
	N      int
	Active bool // the job now advancing
	Done   bool
	Err    error
}

// X is a trace point's position on the job's axis: iterations/n for
// dfSDCA, passes for the others.
func (j JobView) X(p method.Point) float64 { return j.Axis.Of(p, j.N) }

// Snapshot is a consistent copy of the controller's state for rendering.
type Snapshot struct {
	Phase    Phase
	Err      error            // the last failure, shown in the status; data and plots stay
	Settings setup.Settings   // the settings of the data and run shown
	Data     *worker.DataInfo // nil until data is loaded
	Lambda   float64          // λ of the run (NaN before one starts)
	PStar    float64          // P*, NaN until known
	Jobs     []JobView        // nil until a run starts
	Rows     []experiment.Row
	Method   *MethodView // the run's method: its ratio table and best τ; nil before a run
	// Compared are the jobs of the methods compared with the run's
	// (Settings.Compare), in run order; nil if none.
	Compared []ComparedJob
	Progress float64           // fraction of the experiment done, 0…1
	Elapsed  time.Duration     // wall time spent running (pauses excluded)
	Version  uint64            // increases with every change
	RunID    uint64            // changes when the data or the experiment is replaced
	Slices   worker.SliceStats // solver slices on the page's own thread, of every run so far
	Awaited  setup.FileRef     // the file a link asks for, until it is chosen
	Sampling *SamplingView     // the examples and minibatches of the current run; nil before one
	Speed    int               // minibatches per frame; 0 = full speed
	PausedIn Phase             // when Phase is Paused: what was paused (Loading, Optimum or Running)
	// Workers is how many Web Workers ran the run shown; 0 = the page's
	// main thread (pageHost), and then WorkersNote says why, if Web
	// Workers failed to start.
	Workers     int
	WorkersNote string
	// WorkerBusy is the solver time (slices and P*) of the run's workers,
	// summed: WorkerBusy / (Elapsed × Workers) is the share of the run's
	// wall time its workers spent solving.
	WorkerBusy time.Duration
}

// Status is the one-line status: it contains "done" when every run
// finished and "error" after a failure.
func (s *Snapshot) Status() string {
	if s.Err != nil {
		return "error: " + s.Err.Error()
	}
	switch s.Phase {
	case Empty:
		if a := s.Awaited; a.Name != "" {
			return fmt.Sprintf("this link's results were computed on the file %s (%d bytes, fingerprint %s): choose %s with “%s” or drop it on the page to restore them",
				a.Name, a.Size, a.Fingerprint, a.Name, setup.Label(setup.FieldFile))
		}
		return "starting…"
	case Loading:
		return "loading data…"
	case Ready:
		msg := fmt.Sprintf("ready: %s examples × %s features loaded; press Run", table.Thousands(s.Data.Stats.N), table.Thousands(s.Data.Stats.D))
		for _, w := range s.Data.Warnings {
			msg += "; warning: " + w
		}
		return msg
	case Optimum:
		return "computing the optimum P* (Newton's method)…"
	case Running, Paused:
		if s.Phase == Paused && s.PausedIn == Loading {
			return "paused while loading data; Run goes on"
		}
		verb := "running"
		if s.Phase == Paused {
			verb = "paused"
		}
		for k, j := range s.Jobs {
			if !j.Active {
				continue
			}
			gap := ""
			if n := len(j.Trace); n > 0 {
				gap = ", gap " + table.Sig(j.Trace[n-1].Gap, 2)
			}
			return fmt.Sprintf("%s: %s, τ = %d (run %d of %d)%s — %.0f%%%s", verb, j.Sampling.Label(), j.Tau,
				k+1, len(s.Jobs), gap, 100*s.Progress, s.where())
		}
		return fmt.Sprintf("%s — %.0f%%%s", verb, 100*s.Progress, s.where())
	case Done:
		msg := fmt.Sprintf("done: %d runs reached ε = %s in %.1f s", len(s.Jobs), table.Float(s.Settings.Eps), s.Elapsed.Seconds())
		lo, hi := math.Inf(1), math.Inf(-1)
		for _, r := range s.Rows {
			if !math.IsNaN(r.Empirical) {
				lo, hi = math.Min(lo, r.Empirical), math.Max(hi, r.Empirical)
			}
		}
		if lo <= hi {
			msg += fmt.Sprintf("; speed-up of %s over τ-nice: %s× to %s×", s.Settings.Samplings()[1].Label() /* the run's importance sampling */, table.Sig(lo, 2), table.Sig(hi, 2))
		}
		return msg + s.where()
	}
	return s.Phase.String()
}

// where says where the run shown runs: on how many workers, or on the
// main thread because workers could not start.
func (s *Snapshot) where() string {
	switch {
	case s.Workers == 1:
		return " (in 1 worker)"
	case s.Workers > 1:
		return fmt.Sprintf(" (in %d workers)", s.Workers)
	case s.WorkersNote != "":
		return " (on the page's main thread: " + s.WorkersNote + ")"
	}
	return ""
}

// progress estimates the fraction of the experiment done: finished jobs
// count 1, the current one by how far its gap has come down on a log scale.
func progress(jobs []JobView, eps float64) float64 {
	if len(jobs) == 0 {
		return 0
	}
	sum := 0.0
	for _, j := range jobs {
		switch {
		case j.Done:
			sum++
		case len(j.Trace) > 0:
			g0, g := j.Trace[0].Gap, j.Trace[len(j.Trace)-1].Gap
			if g0 > eps && g > 0 {
				sum += math.Max(0, math.Min(1, math.Log(g0/g)/math.Log(g0/eps)))
			}
		}
	}
	return sum / float64(len(jobs))
}
