package lab

import (
	"context"
	"fmt"
	"math"
	"slices"
	"sync"
	"time"

	"imlab/core/budget"
	"imlab/core/dataset"
	"imlab/core/experiment"
	"imlab/core/loss"
	"imlab/core/problem"
	"imlab/ui/lab/setup"
	"imlab/ui/lab/worker"
)

// Env is what the host provides. Zero fields get defaults that suit tests:
// no yielding, the process clock, no notifications.
type Env struct {
	// Yield hands control to the host's event loop and returns when work may
	// go on. The controller calls it between slices of work, from its own
	// goroutine only.
	Yield func()
	// Now is a monotonic clock.
	Now func() time.Duration
	// Changed is called after every change of state, from whichever
	// goroutine made it and without any lock held; the UI schedules a
	// render (at most one per animation frame) and reads a Snapshot.
	Changed func()
	// SliceTarget is the wanted duration of one slice; 0 = DefaultSliceTarget.
	SliceTarget time.Duration
	// Budget bounds every file read and preset generated; 0 = Budget.
	// (Settings.Validate checks links and forms against Budget itself.)
	Budget budget.Budget
	// Frame waits for the host's next animation frame; slowed-down runs
	// (SetSpeed) do one slice per frame. Nil = no wait.
	Frame func()
	// Workers, if set, loads the data and runs the experiments' jobs in a
	// pool of workers (Web Workers); nil, or workers that cannot start, =
	// the same worker loop on the page's own thread (pageHost), in slices.
	Workers worker.Host
	// Shown waits until the UI shows itself whole (a page that renders in
	// parts after its first data is ready: until the last part; at once
	// after that). What a load prepares after the data is installed — the
	// optimum, the theory, the rows' copy — waits for it, so as not to take
	// a core or the page's thread from that rendering. Nil = no wait.
	Shown func()
}

// Controller runs the lab: one task (loading data, or a run) at a time in a
// goroutine of its own; a new action supersedes the task in progress.
type Controller struct {
	env Env

	mu       sync.Mutex
	gen      uint64             // the current task; older tasks stop at their next checkpoint
	cancel   context.CancelFunc // ends the current task's context; nil if none
	phase    Phase              // the phase of the work (Paused is shown from paused)
	paused   bool
	stepping bool // pause again after the next trace point
	err      error
	settings setup.Settings // of the data and run shown
	version  uint64
	runID    uint64 // changes whenever the data or the experiment is replaced

	ds       *dataset.Dataset
	rows     *pendingRows // ds's rows, until they came from its worker and were filled in
	data     *worker.DataInfo
	dataFrom setup.Settings // preset settings that generated ds (SourcePreset)
	file     *fileBytes     // the last file read, until preset data replaces it
	awaited  setup.FileRef  // the file a link asks for (AwaitFile), until one is loaded
	gallery  GallerySource  // the page's gallery sets (SetGallery); nil if none
	pstars   map[pstarKey]float64

	lambda     float64
	pstar      float64
	mtheory    *worker.MethodTheory // of the run's method (methodtheory.go)
	readings   traceReadings        // what the snapshots read of the jobs' traces, for mtheory
	runStart   time.Duration
	pausedFor  time.Duration
	finishedAt time.Duration
	stats      worker.SliceStats
	speed      int // minibatches per frame; 0 = full speed (see SetSpeed)

	// The pool of workers of the run in progress (see runOnWorkers).
	workersWanted int           // SetWorkers
	conns         []worker.Conn // the run's workers
	pool          *jobPool      // the jobs of the run shown; nil if none
	poolWorkers   int           // how many Web Workers ran the run shown; 0 = the page's thread
	workersNote   string        // why the run shown is on the page's thread, if Web Workers failed
	pauseStart    time.Duration
	loader        worker.Conn     // the worker loading data (loadOnWorker); nil if none
	crew          *crew           // the workers kept with the data between runs; nil if none, or while a run owns them
	workerBusy    []time.Duration // each worker's solver time in the run on workers
	timeline      []RunEvent      // the moments of the last run (timeline.go)

	// Solver-side work done on the page's own thread (by pageHost's
	// workers), for tests: with Web Workers, none.
	mainLoads, mainPStars int
	mainPlans             int // method theories and jobs planned here (a pass or two over the data per plan)
}

// mainThreadWork counts the data sets loaded (generated or parsed) and the
// P* solved on the page's own thread, rather than in Web Workers.
func (c *Controller) mainThreadWork() (loads, pstars int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.mainLoads, c.mainPStars
}

// mainThreadPlans counts the plans (NewMethodTheory, a JobRun's plan) made
// on the page's own thread: with Web Workers, none.
func (c *Controller) mainThreadPlans() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.mainPlans
}

type pstarKey struct {
	ds     *dataset.Dataset
	loss   loss.Spec
	lambda float64
}

// New returns an idle controller with no data.
func New(env Env) *Controller {
	if env.Yield == nil {
		env.Yield = func() {}
	}
	if env.Now == nil {
		start := time.Now()
		env.Now = func() time.Duration { return time.Since(start) }
	}
	if env.Changed == nil {
		env.Changed = func() {}
	}
	if env.Budget <= 0 {
		env.Budget = setup.Budget
	}
	if env.SliceTarget <= 0 {
		env.SliceTarget = worker.DefaultSliceTarget
	}
	if env.Frame == nil {
		env.Frame = func() {}
	}
	return &Controller{
		env: env, settings: setup.DefaultSettings(), lambda: math.NaN(), pstar: math.NaN(),
		pstars: map[pstarKey]float64{},
	}
}

// hasRunLocked reports whether a run is shown (in progress or done): its
// jobPool of jobs.
func (c *Controller) hasRunLocked() bool { return c.pool != nil }

// changed bumps the version; call with c.mu held, then notify after
// unlocking.
func (c *Controller) changedLocked() { c.version++ }

func (c *Controller) notify() { c.env.Changed() }

// Pause stops the run, or the loading of data, in progress at the end of
// its current slice (a few milliseconds); Run or Step resumes it.
func (c *Controller) Pause() {
	c.mu.Lock()
	if c.phase.Busy() {
		c.stepping = false
		c.pauseLocked()
		c.changedLocked()
	}
	c.mu.Unlock()
	c.notify()
}

// Reset cancels any work and clears the results; the data stays, and the
// workers holding it end.
func (c *Controller) Reset() {
	c.mu.Lock()
	c.supersedeLocked()
	c.dropCrewLocked()
	c.paused, c.stepping = false, false
	c.closeRunLocked()
	c.err = nil
	c.runID++
	c.lambda, c.pstar = math.NaN(), math.NaN()
	c.phase = Empty
	if c.data != nil {
		c.phase = Ready
	}
	c.changedLocked()
	c.mu.Unlock()
	c.notify()
}

// closeRunLocked ends the run shown, if any: its workers and its jobPool.
func (c *Controller) closeRunLocked() {
	c.closeWorkersLocked()
	c.pool = nil
}

// Run starts the experiment with settings s, or resumes a paused run of the
// same settings. Preset data that s no longer describes is generated again
// first; an uploaded file stays in use until another source is loaded.
func (c *Controller) Run(s setup.Settings) { c.run(s, false) }

// Step advances the run to its next trace point (by one minibatch when
// slowed down, see SetSpeed) and pauses there; with no
// run in progress it starts one that way.
func (c *Controller) Step(s setup.Settings) { c.run(s, true) }

func (c *Controller) run(s setup.Settings, step bool) {
	c.mu.Lock()
	defer c.notify()
	defer c.mu.Unlock()
	if err := s.Validate(); err != nil {
		c.err = err
		c.changedLocked()
		return
	}
	if c.data == nil && c.awaited.Name != "" { // never run on other data than the link's
		c.err = fmt.Errorf("choose the file %s first (or press Generate data for the preset)", c.awaited.Name)
		c.changedLocked()
		return
	}
	resumable := c.hasRunLocked() && sameRun(c.settings, s) && (c.phase == Running || c.phase == Optimum)
	if resumable {
		if c.paused || step {
			c.resumeLocked(step)
			c.paused, c.stepping = false, step
			c.changedLocked()
		}
		return
	}
	if c.phase == Loading && c.paused { // paused while loading: go on loading
		c.resumeLocked(false)
		c.paused, c.stepping = false, false
		c.changedLocked()
		return
	}
	if c.phase == Loading || (!c.paused && (c.phase == Running || c.phase == Optimum)) {
		if step {
			c.stepping = true
		}
		return // busy with this very request; the button is a no-op
	}
	c.err = nil
	c.startLocked(func(t *task) error { return c.runTask(t, s, step) })
}

// sameRun reports whether a and b describe the same experiment.
func sameRun(a, b setup.Settings) bool {
	return a.Loss == b.Loss && a.Lambda == b.Lambda && a.Eps == b.Eps && a.MaxPasses == b.MaxPasses && a.Partition == b.Partition &&
		a.Seed == b.Seed && slices.Equal(a.Methods(), b.Methods()) && fmt.Sprint(a.Taus) == fmt.Sprint(b.Taus) && setup.SameData(a, b)
}

func (c *Controller) runTask(t *task, s setup.Settings, step bool) error {
	c.mu.Lock()
	regenerate := c.data == nil || (c.data.Source == worker.SourcePreset && !setup.SameData(c.dataFrom, s))
	c.mu.Unlock()
	if regenerate {
		if err := c.generate(t, s); err != nil || !t.checkpoint() {
			return err
		}
	}

	if err := c.awaitRows(); err != nil { // here, not in a JS callback: the rows come through one
		return err
	}
	c.mu.Lock()
	if !t.aliveLocked() {
		c.mu.Unlock()
		return nil
	}
	ds := c.ds
	if _, err := experiment.ParseTaus(setup.FormatTaus(s.Taus), ds.N); err != nil { // τ ≤ n, which only the data knows
		c.mu.Unlock()
		return setup.FieldErrorf(setup.FieldTaus, "%v: the data has %d examples", err, ds.N)
	}
	c.closeRunLocked()
	c.settings = s
	c.settings.File, c.settings.Data = c.data.File, c.data.Gallery // the data's, whatever the form says
	if c.data.Gallery != "" {
		c.settings.File = setup.FileRef{} // a gallery set is named by its name
	}
	c.runID++
	c.phase, c.stepping = Optimum, step
	c.lambda = s.Lambda
	if c.lambda == 0 {
		c.lambda = c.data.DefaultLambda
	}
	lambda := c.lambda
	c.pstar = math.NaN()
	c.runStart, c.pausedFor = c.env.Now(), 0
	c.timeline = nil
	c.markLocked(0, "run", -1, 0)
	c.mtheory = nil // the run's, once made
	c.changedLocked()
	c.mu.Unlock()
	c.notify()

	pr, err := problem.New(ds, s.Loss.Loss(), lambda)
	if err != nil {
		return err
	}
	key := pstarKey{ds, s.Loss, lambda}
	c.mu.Lock()
	pstar, known := c.pstars[key]
	c.poolWorkers, c.workersNote, c.workerBusy = 0, "", nil
	c.mu.Unlock()
	return c.onWorkers(true, func(h worker.Host) error { return c.runOnWorkers(t, s, pr, key, pstar, known, h) })
}

// ReportError shows err in the status, for failures outside the
// controller's own work (an export, the clipboard, a UI fault). The data
// and results stay.
func (c *Controller) ReportError(err error) {
	c.mu.Lock()
	c.err = err
	c.changedLocked()
	c.mu.Unlock()
	c.notify()
}

// Dataset returns the loaded data set, for benchmarks: nil before any, or
// while its rows are still on their way from its worker (it never waits:
// it may be called in a JS callback, through which the rows come).
func (c *Controller) Dataset() *dataset.Dataset {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.rowsLocked() != nil || c.rows != nil {
		return nil
	}
	return c.ds
}
