package worker

import (
	"context"
	"errors"
	"fmt"
	"time"

	"imlab/core/budget"
	"imlab/core/dataset"
	"imlab/core/loss"
	"imlab/core/method"
	"imlab/core/pipeline"
	"imlab/core/problem"
	"imlab/ui/lab/setup"
)

// MsgKind says what a Message is.
type MsgKind int

const (
	MsgData     MsgKind = iota // page → worker, first: the data to load (Data)
	MsgReady                   // worker → page: the data is loaded
	MsgFailed                  // worker → page: it cannot go on (Err)
	MsgPStar                   // page → worker: solve P* (Loss, Lambda); worker → page: the answer (PStar or Err)
	MsgJob                     // page → worker: run a job (Spec)
	MsgNoJob                   // page → worker: no job is left; end
	MsgCmd                     // page → worker: pause, step, go on or stop (Cmd)
	MsgUpdate                  // worker → page: trace points and the end of a job (Update)
	MsgLoaded                  // worker → page: the data asked for with DataSpec.Return (Loaded; its rows follow in MsgRows), or why it failed (Err, Field)
	MsgTakeBack                // page → worker: give back queued job Job if not started; worker → page: job Job is given back
	MsgTheory                  // page → worker: compute a MethodTheory (Loss, Lambda, Taus; Spec's Method, Partition, Seed); worker → page: the request and Theory (or Err)
	MsgRows                    // worker → page, right after a MsgLoaded with data: its rows (Loaded.Data's RowPtr, Col, Val, Y), which the page is ready without
)

// Message is one message between the page and a worker. The browser glue
// copies it to and from a JavaScript object field by field.
type Message struct {
	Kind   MsgKind
	Data   DataSpec
	Loss   loss.Spec
	Lambda float64
	PStar  float64
	Spec   JobSpec
	Cmd    Command
	Update Update
	Loaded *Loaded
	Err    string
	Field  setup.FieldKey // the form field at fault in Err, if one is
	Job    int            // MsgTakeBack: the job's JobSpec.Index
	Busy   time.Duration  // MsgPStar and MsgTheory answers: the worker's solver time so far, as Update.Busy
	Taus   []int          // MsgTheory: the experiment's τ
	Theory *MethodTheory  // MsgTheory answer
	// cause is Err itself, for a host whose messages never leave the
	// page's memory (pageHost): errors.As finds in it what a file's
	// parser said. The wire format carries Err only.
	cause error
}

// errStopped ends the work of a worker that is stopped, or of a load
// abandoned.
var errStopped = errors.New("worker stopped")

// LoadError is the error a MsgLoaded reports, nil if none: what the
// worker's load returned, where the message never left the page's memory
// (PageHost), else the words, on the form field at fault if one is.
func (m Message) LoadError() error {
	switch {
	case m.Err == "":
		return nil
	case m.cause != nil:
		return m.cause
	case m.Field != "":
		return &setup.FieldError{Field: m.Field, Err: errors.New(m.Err)}
	}
	return errors.New(m.Err)
}

// Env is what a worker's host provides.
type Env struct {
	Yield  func()               // to the host's event loop, between slices; nil = none
	Now    func() time.Duration // monotonic clock; nil = the process clock
	Budget budget.Budget        // for loading the data; 0 = Budget
	Slicer func() *Slicer       // sizes slices; nil = NewSlicer(SliceTarget)
	OnPark func()               // called whenever the worker parks paused; for tests
	OnCmd  func(Command)        // called after the worker applies each command the page sent; for tests
	WarmUp time.Duration        // how long a warm-up runs each job (warmup.go); 0 = warmUpPerJob, < 0 = none
	OnWarm func()               // called after each slice of a warm-up; for tests
	// Preload, if not nil, is the data the first message will most likely
	// ask for (PreloadFor the page's link): the worker starts loading it at
	// once, before that message arrives, and a first message asking for
	// other data loads that instead (docs/ready.md).
	Preload *DataSpec
	// PageHost sets these, for a worker on the page's own thread:
	//   - held, if not nil, is the data of the first message, already in
	//     memory: the worker takes it as it is instead of loading it again;
	//   - control, if not nil, is the worker's Control, on which the host
	//     sets commands at once rather than through messages;
	//   - pace, if not nil, slows jobs down as the page asks (SetSpeed).
	held    *dataset.Dataset
	control *Control
	pace    *Pace
}

// Pace is how a worker on the page's own thread (PageHost) slows its jobs
// down so that a class can watch minibatches go by.
type Pace struct {
	// Speed is the minibatches per slice while the page slows runs down,
	// 0 at full speed (slices sized by the Slicer). It is read before
	// every slice.
	Speed func() int
	// Frame waits for the page's next animation frame, after each slice
	// of a slowed-down run.
	Frame func()
	// OnSlice is told the duration of every slice of solver work (the
	// page's slice statistics); nil = none.
	OnSlice func(time.Duration)
	// UpdateEvery replaces the package's UpdateEvery: the page's own thread sends
	// every slice's points (a message costs it nothing).
	UpdateEvery time.Duration
}

// SliceTarget is the length of a worker's slices of solver work. A
// worker draws nothing, so its slices need only be short enough for Pause,
// Step and Reset to act within 100 ms; longer slices than the page's keep
// the time spent yielding between them (a message round trip, more under
// load) a small share of the work.
const SliceTarget = 20 * time.Millisecond

// Run is a worker's whole life: it loads the data of the first
// message, then answers P* requests and runs jobs one at a time, obeying
// commands between slices, until it gets MsgNoJob or is stopped. Jobs sent
// while one runs wait their turn; MsgTakeBack gives one back at once if it
// has not started. in delivers the page's messages in order (the host
// fills it from its message handler); send posts a message to the page,
// from any goroutine.
func Run(in <-chan Message, send func(Message), env Env) {
	env = env.withDefaults()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ctl := env.control
	if ctl == nil {
		ctl = NewControl()
	}
	ctl.Yield, ctl.OnPark = env.Yield, env.OnPark
	wk := &worker{env: env, send: send, ctl: ctl, slicer: env.Slicer(), work: make(chan Message, 64), q: &jobQueue{state: map[int]bool{}},
		ctx: ctx, cancel: cancel}
	go wk.receive(in)
	ds, ok := wk.loadFirst()
	if !ok {
		return
	}
	wk.serve(ds)
}

// withDefaults fills in the zero fields of env.
func (env Env) withDefaults() Env {
	if env.Now == nil {
		start := time.Now()
		env.Now = func() time.Duration { return time.Since(start) }
	}
	if env.Budget <= 0 {
		env.Budget = setup.Budget
	}
	if env.WarmUp == 0 {
		env.WarmUp = warmUpPerJob
	}
	if env.Slicer == nil {
		env.Slicer = func() *Slicer { return NewSlicer(SliceTarget) }
	}
	return env
}

// worker is the state of Run.
type worker struct {
	// ctx ends when the worker is stopped, so that work which cannot stop
	// between slices (a load, P*) stops too.
	ctx    context.Context
	cancel func()
	env    Env
	send   func(Message)
	ctl    *Control
	slicer *Slicer
	work   chan Message // the page's messages but commands and take-backs, in order
	q      *jobQueue
	busy   time.Duration // solver time, reported with every update
	// waited is the time P* or the theory spent paused (they yield through
	// pause), which is not busy.
	waited time.Duration
	solved pstarOf // the last P* solved here: a warm-up's jobs need one
}

// receive reads the page's messages: commands act at once, even while the
// data loads; the rest is work, done in order. in closed stops the worker.
func (wk *worker) receive(in <-chan Message) {
	defer close(wk.work)
	for m := range in {
		switch m.Kind {
		case MsgCmd:
			wk.ctl.Set(m.Cmd)
			if wk.env.OnCmd != nil {
				wk.env.OnCmd(m.Cmd)
			}
			if m.Cmd == CmdStop {
				wk.cancel()
				return
			}
			continue
		case MsgTakeBack:
			if wk.q.takeBack(m.Job) {
				wk.send(Message{Kind: MsgTakeBack, Job: m.Job})
			}
			continue
		case MsgJob:
			wk.q.queue(m.Spec.Index)
		}
		wk.work <- m
		if m.Kind == MsgNoJob {
			return
		}
	}
	wk.cancel()
}

// wait waits while paused, and reports false, ending ctx, once the worker
// is stopped (a host may stop it on its Control, not by a message).
func (wk *worker) wait() bool {
	if !wk.ctl.Wait(false, 0, nil) {
		wk.cancel()
		return false
	}
	return true
}

// load loads d, pausing as commanded.
func (wk *worker) load(ctx context.Context, d DataSpec) (*Loaded, error) {
	if !wk.wait() { // paused before the data came (crew.go sends the pause first): a load short enough to end in its first slice waits too
		return nil, errStopped
	}
	t0 := wk.env.Now()
	l := d.loading(wk.env.Budget)
	defer l.Stop()
	if err := wk.steps(ctx, l, wk.slicer.Target); err != nil {
		return nil, err
	}
	ld := l.Loaded()
	ld.Info.LoadTime = wk.env.Now() - t0
	return ld, nil
}

// steps does s by Steps (pipeline.Preparation, theoryBuild, dataLoad);
// once every has passed since the last wait (0: after every step), it
// waits while paused (Control.Wait yields to the host first), adding the
// time to waited. A stop, or the end of ctx before any step, abandons s
// (errStopped). P* and the theory wait after each of their steps (a pass
// or two over the data); a load's steps are far shorter, and it waits once
// a slice's worth of time has passed.
func (wk *worker) steps(ctx context.Context, s Stepper, every time.Duration) error {
	return Steps(ctxStepper{ctx, s}, wk.env.Now, every, func() error {
		t := wk.env.Now()
		ok := wk.wait()
		wk.waited += wk.env.Now() - t
		if !ok {
			return errStopped
		}
		return nil
	})
}

// ctxStepper is s abandoned (errStopped) once ctx has ended, checked before
// each step.
type ctxStepper struct {
	ctx context.Context
	s   Stepper
}

func (c ctxStepper) Step() (bool, error) {
	if c.ctx.Err() != nil {
		return false, errStopped
	}
	return c.s.Step()
}

// loadFirst loads the data the first message asks for (or takes what the
// host holds, or what it preloaded) and tells the page; ok is false if the
// worker cannot go on.
func (wk *worker) loadFirst() (ds *dataset.Dataset, ok bool) {
	type loaded struct {
		ld  *Loaded
		err error
	}
	var preloaded chan loaded
	preCtx, preCancel := context.WithCancel(wk.ctx)
	defer preCancel()
	if pre := wk.env.Preload; pre != nil {
		preloaded = make(chan loaded, 1)
		go func() {
			ld, err := wk.load(preCtx, *pre)
			preloaded <- loaded{ld, err}
		}()
	}
	first, ok := <-wk.work
	if !ok {
		return nil, false
	}
	if first.Kind != MsgData {
		wk.send(Message{Kind: MsgFailed, Err: fmt.Sprintf("worker: first message is %d, want the data", first.Kind)})
		return nil, false
	}
	var ld *Loaded
	var err error
	switch {
	case wk.env.held != nil:
		ld = &Loaded{Data: wk.env.held}
	case preloaded != nil && wk.env.Preload.samePreset(first.Data):
		r := <-preloaded
		ld, err = r.ld, r.err
	default:
		if preloaded != nil { // guessed wrong: stop, so that two loads never run at once
			preCancel()
			<-preloaded
		}
		ld, err = wk.load(wk.ctx, first.Data)
	}
	return wk.loaded(ld, err, first.Data.Return)
}

// loaded tells the page how the load ended: the data (ret: sent back to
// the page, its rows on their own after what the page needs to be ready:
// docs/ready.md), or why it failed.
func (wk *worker) loaded(ld *Loaded, err error, ret bool) (*dataset.Dataset, bool) {
	switch {
	case errors.Is(err, errStopped):
		return nil, false
	case err != nil && ret:
		reply := Message{Kind: MsgLoaded, Err: err.Error(), cause: err}
		if fe := (*setup.FieldError)(nil); errors.As(err, &fe) {
			reply.Field = fe.Field
		}
		wk.send(reply)
		return nil, false
	case err != nil:
		wk.send(Message{Kind: MsgFailed, Err: err.Error()})
		return nil, false
	case ret:
		wk.send(Message{Kind: MsgLoaded, Loaded: ld})
		wk.send(Message{Kind: MsgRows, Loaded: ld})
	default:
		wk.send(Message{Kind: MsgReady})
	}
	return ld.Data, true
}

// serve does the work the page sends, in order, on ds.
func (wk *worker) serve(ds *dataset.Dataset) {
	posed := newPosed(ds)
	pace := newJobPace(wk.slicer, wk.env.Now, wk.env.pace)
	sendUpdate := func(u Update) { wk.send(Message{Kind: MsgUpdate, Update: u}) }
	for m := range wk.work {
		switch m.Kind {
		case MsgPStar:
			wk.send(wk.pstar(posed, m))
		case MsgTheory:
			wk.send(wk.theory(posed, m))
			// Asked at load, the theory comes right after P* and before any
			// job: the page is idle until the user runs (warmup.go).
			warmUp(posed, m, wk.solved, wk.env, wk.ctl, wk.slicer, func() bool { return len(wk.work) == 0 })
		case MsgJob:
			if !wk.q.start(m.Spec.Index) {
				continue // given back
			}
			if !serveJob(posed, m.Spec, sendUpdate, wk.ctl, pace, &wk.busy) {
				return
			}
		case MsgNoJob:
			return
		}
	}
}

// timed runs f, which steps through steps, adding its time less its
// pauses to the worker's solver time.
func (wk *worker) timed(f func()) {
	t0 := wk.env.Now()
	wk.waited = 0
	f()
	wk.busy += wk.env.Now() - t0 - wk.waited
}

// pstar answers the MsgPStar m: P* by core/pipeline's Preparation, the
// step the CLI and the paper tables use too, accepting what
// optimum.Usable accepts.
func (wk *worker) pstar(posed *posed, m Message) Message {
	var p float64
	var err error
	wk.timed(func() {
		var pr *problem.Problem
		var prep *pipeline.Preparation
		if pr, err = posed.problem(m.Loss, m.Lambda); err != nil {
			return
		}
		if prep, err = pipeline.NewPreparation(pr); err != nil {
			return
		}
		if err = wk.steps(wk.ctx, prep, 0); err != nil {
			return
		}
		var done *pipeline.Prepared
		if done, err = prep.Until(wk.ctx); err == nil {
			p = done.PStar()
		}
	})
	reply := Message{Kind: MsgPStar, Loss: m.Loss, Lambda: m.Lambda, PStar: p, Busy: wk.busy}
	if err != nil {
		reply.Err = err.Error()
	} else {
		wk.solved = pstarOf{m.Loss, m.Lambda, p}
	}
	return reply
}

// theory answers the MsgTheory m.
func (wk *worker) theory(posed *posed, m Message) Message {
	var b *theoryBuild
	var err error
	wk.timed(func() {
		if b, err = theoryBuildOf(posed, m); err == nil {
			err = wk.steps(wk.ctx, b, 0)
		}
	})
	reply := Message{Kind: MsgTheory, Loss: m.Loss, Lambda: m.Lambda, Taus: m.Taus, Spec: m.Spec, Busy: wk.busy}
	if err != nil {
		reply.Err = err.Error()
	} else {
		reply.Theory = b.mt
	}
	return reply
}

// fillSlice advances run for one slice of a worker, as long as slicer's
// target: Advance stops at each evaluation of P (a trace point), which on
// small minibatches comes every few milliseconds, so one call would make a
// slice — a yield — per trace point; fillSlice calls it again until half
// the target has passed (a slice is then at most about 1.5 targets), or
// the job ends, or, while stepping, a point is made. It returns the
// slice's update (its points appended to held, the points not sent yet;
// the job's plan if it came in it; the end) and the slice's duration.
func fillSlice(run *JobRun, slicer *Slicer, now func() time.Duration, stepping bool, held []method.Point) (Update, time.Duration) {
	t0 := now()
	u := Update{Points: held}
	for {
		iters := slicer.Iterations(run.Tau())
		a0 := now()
		v := run.Advance(iters)
		slicer.Observe(iters*run.Tau(), now()-a0)
		// The slice's update is the last Advance's (its job, its end and
		// how), with every point made and the plan if one came.
		points, plan := append(u.Points, v.Points...), u.Plan
		if v.Plan != nil {
			plan = v.Plan
		}
		u = v
		u.Points, u.Plan = points, plan
		if d := now() - t0; v.Done || d >= slicer.Target/2 || stepping && len(u.Points) > len(held) {
			return u, d
		}
	}
}
