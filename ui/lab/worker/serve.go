package worker

import (
	"fmt"
	"sync"
	"time"

	"imlab/core/dataset"
	"imlab/core/method"
)

// This file is a worker's side of the pool's protocol (see pool.go): the
// page's commands as a worker obeys them between slices (Control), and the
// loop that runs jobs in slices and sends their updates (Serve).

// Command is a message from the page to every worker.
type Command int

const (
	CmdRun   Command = iota // go on (after a pause)
	CmdPause                // stop after the current slice
	CmdStep                 // go on to the job's next trace point, then pause
	CmdStop                 // abandon the job (Reset, or a new run)
)

// Control is a worker's side of the commands: the worker's message handler
// calls Set, and the goroutine running the job calls Wait between slices.
// Pause therefore takes effect after at most one more slice.
type Control struct {
	mu      sync.Mutex
	state   Command
	wake    chan struct{}
	parked  bool
	stepped bool   // CmdStep: the next trace point pauses
	steps   uint64 // CmdSteps received: which Step a slice ran under
	slices  int    // calls of Wait (after each slice, and before each job); for tests
	// OnPark, if set, is called (without the lock) whenever Wait parks;
	// for tests.
	OnPark func()
	// Yield, if set, hands control to the host's event loop at the start
	// of every Wait, so that the page's commands can arrive (in a Web
	// Worker, a message is delivered only when Go yields).
	Yield func()
}

// NewControl returns a control in the running state.
func NewControl() *Control { return &Control{} }

// Set applies a command from the page.
func (c *Control) Set(cmd Command) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.state == CmdStop {
		return // a stopped job stays stopped
	}
	c.state = cmd
	c.stepped = cmd == CmdStep
	if c.stepped {
		c.steps++
	}
	if c.wake != nil && cmd != CmdPause {
		close(c.wake)
		c.wake = nil
	}
}

// stepping reports whether a Step is under way (its slice ends at the
// next trace point) and which: a slice started before a Step does not end
// it, even if its point comes after the Step's command (Wait).
func (c *Control) stepping() (on bool, step uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.stepped, c.steps
}

// stopped reports whether the worker is stopped (CmdStop).
func (c *Control) stopped() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.state == CmdStop
}

// runningOn reports whether the last command was to run on (not pause,
// step or stop).
func (c *Control) runningOn() bool {
	c.mu.Lock()
	on := c.state == CmdRun && !c.stepped
	c.mu.Unlock()
	return on
}

// Wait is called between slices with whether the last slice made a trace
// point and the Step it ran under (stepping's; 0 for none); it blocks while
// paused (calling beforePark first, if not nil, without the lock) and
// reports false once the job must stop. A point ends a Step only if its
// slice ran under that very Step: a Step pressed while the slice of the
// one before was finishing is served by the next slice, not taken as done.
func (c *Control) Wait(madePoint bool, step uint64, beforePark func()) bool {
	if c.stopped() { // at once: a stopped worker yields no more
		return false
	}
	if c.Yield != nil {
		c.Yield()
	}
	c.mu.Lock()
	c.slices++
	if c.stepped && madePoint && step == c.steps {
		c.state, c.stepped = CmdPause, false
	}
	for c.state == CmdPause {
		if c.wake == nil {
			c.wake = make(chan struct{})
		}
		ch, onPark := c.wake, c.OnPark
		c.parked = true
		c.mu.Unlock()
		if beforePark != nil {
			beforePark()
			beforePark = nil
		}
		if onPark != nil {
			onPark()
		}
		<-ch
		c.mu.Lock()
		c.parked = false
	}
	stop := c.state == CmdStop
	c.mu.Unlock()
	return !stop
}

// Serve runs jobs, one after another, on ds in slices sized by slicer,
// sending each slice's update (if it has points or ends the job) to send,
// and obeying ctl between slices. next returns the next job, or false when
// there is none.
func Serve(ds *dataset.Dataset, next func() (JobSpec, bool), send func(Update), ctl *Control, slicer *Slicer, now func() time.Duration) {
	var busy time.Duration
	pace, posed := newJobPace(slicer, now, nil), newPosed(ds)
	for {
		spec, ok := next()
		if !ok || !serveJob(posed, spec, send, ctl, pace, &busy) {
			return
		}
	}
}

// jobPace sizes a worker's slices: by its Slicer at full speed, or, while
// the page slows runs down (Pace.Speed), a fixed number of minibatches per
// slice with a frame between slices.
type jobPace struct {
	slicer      *Slicer
	now         func() time.Duration
	speed       func() int
	frame       func()
	onSlice     func(time.Duration)
	updateEvery time.Duration
}

func newJobPace(slicer *Slicer, now func() time.Duration, p *Pace) *jobPace {
	jp := &jobPace{slicer: slicer, now: now, speed: func() int { return 0 }, frame: func() {}, onSlice: func(time.Duration) {},
		updateEvery: UpdateEvery}
	if p != nil {
		jp.speed, jp.frame, jp.updateEvery = p.Speed, p.Frame, p.UpdateEvery
		if p.OnSlice != nil {
			jp.onSlice = p.OnSlice
		}
	}
	return jp
}

// slice runs one slice of run (see fillSlice), its points appended to
// held. Slowed down, a slice is the speed's minibatches (one while
// stepping, so that Step advances by one), and its update carries the
// job's record of minibatches for the sampling view; slow says so.
func (p *jobPace) slice(run *JobRun, stepping bool, held []method.Point) (u Update, d time.Duration, slow bool) {
	k := p.speed()
	if k <= 0 {
		u, d = fillSlice(run, p.slicer, p.now, stepping, held)
		p.onSlice(d)
		return u, d, false
	}
	if stepping {
		k = 1
	}
	t0 := p.now()
	u = run.Advance(k)
	d = p.now() - t0
	p.onSlice(d)
	u.Points = append(held, u.Points...)
	if u.Minibatches == nil {
		u.Minibatches = run.minibatches()
	}
	return u, d, true
}

// serveJob runs one job to its end (true) or until ctl stops it (false),
// adding the time of its slices to busy. It gathers its slices' trace
// points and sends them at most every pace.updateEvery, and at once the
// job's first update (its plan), its end, a Step's point, a slowed-down
// slice, and whatever it holds before it parks paused: the page then
// shows every point made.
func serveJob(posed *posed, spec JobSpec, send func(Update), ctl *Control, pace *jobPace, busy *time.Duration) bool {
	// Paused between two jobs, a worker starts none: a job that ends in its
	// first slice would otherwise run whole while paused, and the next too.
	if !ctl.Wait(false, 0, nil) {
		return false
	}
	pr, err := posed.problem(spec.Loss, spec.Lambda)
	var run *JobRun
	if err == nil {
		run, err = NewJobRun(pr, spec)
	}
	if err != nil {
		send(Update{Job: spec.Index, Done: true, Err: fmt.Sprintf("%s τ=%d: %v", spec.Sampling, spec.Tau, err)})
		return true
	}
	var u Update // the points not sent yet, and the solver time they took
	var held time.Duration
	flush := func() {
		if len(u.Points) > 0 || u.Done || u.Plan != nil || u.Minibatches != nil {
			u.Busy = *busy
			send(u)
		}
		u, held = Update{}, 0
	}
	for {
		stepping, step := ctl.stepping()
		n := len(u.Points)
		var d time.Duration
		var slow bool
		u, d, slow = pace.slice(run, stepping, u.Points)
		*busy += d
		held += d
		done, made := u.Done, len(u.Points) > n
		if done || u.Plan != nil || stepping || slow || held >= pace.updateEvery {
			flush()
		}
		if done {
			return true
		}
		if slow {
			pace.frame()
		}
		// Slowed down, a Step is one slice, a point or not.
		if !ctl.Wait(made || slow, step, flush) {
			run.Close()
			return false
		}
	}
}

// UpdateEvery is how much solver time a worker gathers trace points
// over before it sends them: each update wakes the page's thread (a message, a merge, a
// frame), on the cores the workers need. Ten a second keep the plots
// live; Pause, Step and a job's start and end send at once.
const UpdateEvery = 100 * time.Millisecond
