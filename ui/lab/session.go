package lab

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"time"

	"imlab/core/dataset"
	"imlab/core/problem"
	"imlab/ui/lab/setup"
	"imlab/ui/lab/worker"
)

// runOnWorkers runs the experiment on a pool of workers of host: on Web
// Workers, the data's crew, grown to the pool's size; on the page's
// thread, one worker holding the page's data. Each worker starts work as
// soon as it has the data: the first solves P* (unless known or asked for
// already) while the others load theirs; every job goes out as soon as P*
// is known. It returns a *workersFailed when Web Workers cannot start.
func (c *Controller) runOnWorkers(t *task, s setup.Settings, pr *problem.Problem, key pstarKey, pstar float64, known bool, host worker.Host) error {
	r, data, ok := c.newRunSession(t, s, pr, key, host)
	defer r.end()
	if !ok {
		return &workersFailed{"the data cannot be sent to them"}
	}
	r.cr.drain(c) // P* answered since the load is known below
	if !known {
		c.mu.Lock()
		pstar, known = c.pstars[key]
		c.mu.Unlock()
	}
	r.pstar, r.asked = pstar, known || slices.Contains(r.cr.asked, key)
	if err := r.begin(host, data); err != nil {
		return ended(err)
	}
	r.askPStar()
	if known {
		c.mark(0, "pstar-known", -1, 0)
		if err := r.start(); err != nil {
			return ended(err)
		}
	}
	if err := r.serve(); err != nil {
		return ended(err)
	}
	r.finish()
	return nil
}

// ended is what a run's error means for its task: none if the task was
// superseded (errSuperseded), err otherwise.
func ended(err error) error {
	if errors.Is(err, errSuperseded) {
		return nil
	}
	return err
}

// runSession is one run on a pool of workers (runOnWorkers): the workers,
// what the run knows of P*, the theory and the jobs, and one handler per
// kind of message the workers send.
type runSession struct {
	c      *Controller
	t      *task
	s      setup.Settings
	pr     *problem.Problem
	key    pstarKey // the run's P*
	lambda float64
	stats  dataset.Stats // for the jobs' predicted costs (JobCost)
	onPage bool          // the workers are the page's own thread (pageHost)
	cr     *crew         // owned by the run until it ends
	conns  []worker.Conn // the workers the run uses, the first of cr's

	pstar      float64
	asked      bool // P* is known or asked of a worker
	prefetched int  // P* answers the first worker owes for requests made before the run
	theory     theoryRequest
	// theoryPrefetched: the theory was asked before the run and not
	// answered then.
	theoryPrefetched bool
	base             []time.Duration // each worker's solver time before the run

	pool *jobPool // nil until P* is known
	d    *dispatcher
	seen map[int]bool // jobs that have sent an update
	kept bool         // the run finished: the crew may stay with the data
}

// newRunSession takes the crew of the data (on Web Workers) for the run;
// ok is false if the data cannot be sent to new workers.
func (c *Controller) newRunSession(t *task, s setup.Settings, pr *problem.Problem, key pstarKey, host worker.Host) (r *runSession, data worker.DataSpec, ok bool) {
	_, onPage := host.(*worker.PageHost)
	c.mu.Lock()
	defer c.mu.Unlock()
	r = &runSession{c: c, t: t, s: s, pr: pr, key: key, lambda: c.lambda, stats: c.data.Stats, onPage: onPage, seen: map[int]bool{}}
	if !onPage { // the page's own worker serves this run only
		r.cr, c.crew = c.crew, nil
	}
	if r.cr != nil && r.cr.ds != c.ds {
		r.cr.close()
		r.cr = nil
	}
	if r.cr == nil {
		r.cr = &crew{in: newInbox(), ds: pr.Data}
	}
	data, ok = c.dataSpecLocked()
	return r, data, ok || onPage
}

// end hands the crew back to the data if the run finished, and otherwise
// ends the workers: they hold a copy of the data.
func (r *runSession) end() {
	c := r.c
	c.mu.Lock()
	defer c.mu.Unlock()
	if r.t.aliveLocked() {
		c.conns = nil
	}
	if r.kept && !r.onPage && r.t.aliveLocked() && c.crew == nil && c.ds == r.cr.ds {
		c.crew = r.cr
	} else {
		r.cr.close()
	}
}

// begin starts the run's workers (the crew grown to the pool's size, or
// the page's one), sets them to the run's pause or step, and asks for the
// theory of the run's method.
func (r *runSession) begin(host worker.Host, data worker.DataSpec) error {
	c, cr := r.c, r.cr
	c.mu.Lock()
	n := 1
	if !r.onPage {
		n = c.poolSizeLocked(2 * len(r.s.Taus))
	}
	c.mu.Unlock()
	if err := cr.grow(host, n, data); err != nil {
		if len(cr.conns) == 0 {
			return &workersFailed{err.Error()}
		}
		n = len(cr.conns) // no more could start: the data's own will do
	}
	r.conns = cr.conns[:n]
	r.prefetched = len(cr.asked)
	r.base = slices.Clone(cr.busy[:n])
	c.mu.Lock()
	defer c.mu.Unlock()
	if !r.t.aliveLocked() {
		return errSuperseded
	}
	c.conns = r.conns
	switch {
	case c.paused:
		c.commandLocked(worker.CmdPause)
	case c.stepping: // Step with no run: each worker stops at its first trace point
		c.commandLocked(worker.CmdStep)
	default: // kept workers may hold the last run's pause or step
		c.commandLocked(worker.CmdRun)
	}
	r.theory = theoryRequestOf(r.s, r.lambda)
	r.theoryPrefetched = cr.theoryAsked[r.theory] // and not answered yet, if not known below
	// The theory: asked at load (prepareRun) or by an earlier run, or now of
	// the first worker, ahead of its jobs (the longest go to the others
	// first: dispatcher.fillAll).
	if mt, ok := c.askTheoryLocked(cr, 0, r.s, r.lambda); ok {
		c.mtheory = mt
	} else {
		c.markLocked(0, "theory-pending", -1, 0)
	}
	c.poolWorkers = n
	if r.onPage {
		c.poolWorkers = 0
	}
	c.workerBusy = make([]time.Duration, n)
	return nil
}

// askPStar asks for P* the first worker with the data and no P* under
// way, unless P* is known or asked for.
func (r *runSession) askPStar() {
	if r.asked {
		return
	}
	cr := r.cr
	for w := range r.conns {
		if cr.ready[w] && (w > 0 || len(cr.asked) == 0 || w == len(r.conns)-1) {
			r.asked = true
			if w == 0 {
				cr.asked = append(cr.asked, r.key)
			}
			r.conns[w].Send(worker.Message{Kind: worker.MsgPStar, Loss: r.s.Loss, Lambda: r.lambda})
			r.c.mark(w+1, "pstar-asked", -1, 0)
			return
		}
	}
}

// start dispatches the jobs once P* is known: longest predicted first on
// Web Workers (order.go), in run order on the page's thread, where the
// page shows the jobs as they go. The page plans nothing: each worker
// sends the plan of a job with its first update (Update.Plan), for the
// ratio table and the sampling view.
func (r *runSession) start() error {
	c, s := r.c, r.s
	if math.IsNaN(r.pstar) || math.IsInf(r.pstar, 0) { // as experiment.New checks them
		return fmt.Errorf("experiment: P* must be finite (got %v)", r.pstar)
	}
	if err := r.pr.CheckGap(s.Eps, r.pstar); err != nil {
		return err
	}
	specs := worker.JobSpecs(s, r.lambda, r.pstar)
	r.pool = newJobPool(specs)
	if !r.onPage {
		r.pool = newJobPoolInOrder(specs, longestFirst(specs, func(j worker.JobSpec) float64 { return JobCost(j, r.stats) }))
	}
	r.d = newDispatcher(r.pool, r.conns, r.cr.ready)
	r.d.fillAll()
	c.mu.Lock()
	c.markLocked(0, "jobs-out", -1, 0)
	if r.t.aliveLocked() {
		c.pstars[r.key] = r.pstar
		c.pstar, c.pool, c.phase = r.pstar, r.pool, Running
		c.runID++
		c.changedLocked()
	}
	c.mu.Unlock()
	c.notify()
	return nil
}

// serve handles the workers' messages until every job is done.
func (r *runSession) serve() error {
	for r.pool == nil || !r.pool.Done() {
		m, ok := r.cr.in.get(r.t.ctx)
		if !ok {
			return errSuperseded
		}
		var err error
		switch m.m.Kind {
		case worker.MsgFailed:
			err = r.onFailed(m.w, m.m)
		case worker.MsgReady:
			r.onReady(m.w)
		case worker.MsgPStar:
			err = r.onPStar(m.w, m.m)
		case worker.MsgTheory:
			err = r.onTheory(m.w, m.m)
		case worker.MsgTakeBack:
			err = r.onTakeBack(m.w, m.m)
		case worker.MsgUpdate:
			err = r.onUpdate(m.w, m.m.Update)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// onFailed: a worker cannot go on. Before any job, on Web Workers, the run
// goes to the page's thread (workersFailed).
func (r *runSession) onFailed(w int, m worker.Message) error {
	if r.pool == nil {
		return failure(r.onPage, w, m.Err)
	}
	return fmt.Errorf("worker %d: %s", w+1, m.Err)
}

// onReady: worker w has the data, and may be asked for P* and given jobs.
func (r *runSession) onReady(w int) {
	r.cr.ready[w] = true
	r.askPStar()
	if r.d != nil {
		r.d.fillAll()
	}
}

// onPStar: a P*, perhaps of a request the first worker had from before the
// run (it answers in order); the run's starts the jobs.
func (r *runSession) onPStar(w int, m worker.Message) error {
	c, cr := r.c, r.cr
	c.mark(w+1, "pstar", -1, m.Busy)
	k := r.key
	if w == 0 && len(cr.asked) > 0 {
		k, cr.asked = cr.asked[0], cr.asked[1:]
		if r.prefetched > 0 { // asked before this run: only its time since the run began is the run's
			r.prefetched--
			r.sinceStart(w, m.Busy)
		}
	}
	if m.Err != "" {
		if k == r.key {
			return fmt.Errorf("computing P*: %s", m.Err)
		}
		return nil
	}
	c.mu.Lock()
	c.pstars[k] = m.PStar
	c.mu.Unlock()
	if k != r.key || r.pool != nil {
		return nil
	}
	r.pstar = m.PStar
	return r.start()
}

// sinceStart counts as worker w's solver time before the run what of busy
// (its time so far, with an answer asked before the run) came before the
// run began.
func (r *runSession) sinceStart(w int, busy time.Duration) {
	c := r.c
	c.mu.Lock()
	since := c.env.Now() - c.runStart
	c.mu.Unlock()
	r.base[w] = max(r.base[w], busy-since)
}

// onTheory: the theory of the run's method (or of a request from before).
func (r *runSession) onTheory(w int, m worker.Message) error {
	c := r.c
	c.mark(w+1, "theory", -1, m.Busy)
	if theoryRequestIn(m) != r.theory {
		return nil
	}
	if r.theoryPrefetched && w < len(r.conns) { // asked before this run: only its time since the run began is the run's
		r.theoryPrefetched = false
		r.sinceStart(w, m.Busy)
	}
	if m.Err != "" {
		return errors.New(m.Err)
	}
	c.mu.Lock()
	if !r.t.aliveLocked() {
		c.mu.Unlock()
		return errSuperseded
	}
	c.mtheory = m.Theory
	c.changedLocked()
	c.mu.Unlock()
	c.notify()
	return nil
}

// onTakeBack: worker w gave back a job it had queued (dispatcher).
func (r *runSession) onTakeBack(w int, m worker.Message) error {
	if r.d == nil {
		return nil
	}
	r.c.mark(w+1, "given-back", m.Job, 0)
	return r.d.givenBack(w, m.Job)
}

// onUpdate merges a job's points (and its end) from worker w into the
// run's jobPool, and hands the worker its next job.
func (r *runSession) onUpdate(w int, u worker.Update) error {
	c := r.c
	r.cr.busy[w] = u.Busy
	c.mu.Lock()
	if !r.t.aliveLocked() {
		c.mu.Unlock()
		return errSuperseded
	}
	if r.pool == nil {
		c.mu.Unlock()
		return fmt.Errorf("worker %d: an update before any job", w+1)
	}
	if err := r.pool.Apply(u); err != nil {
		c.mu.Unlock()
		return err
	}
	r.countBusyLocked(w, u)
	if c.stepping && (len(u.Points) > 0 || r.onPage && c.speed > 0) { // Step: every worker pauses at the run's next trace point (slowed down: its next minibatch)
		c.stepping = false
		c.pauseLocked()
	}
	if r.pool.Done() {
		c.phase, c.finishedAt, c.paused = Done, c.env.Now(), false
		c.markLocked(0, "done", -1, 0)
		if err := r.pool.Err(); err != nil {
			c.err = runsFailed(errorsOf(err), len(r.pool.specs), c.settings.MaxPasses)
		}
	}
	c.changedLocked()
	c.mu.Unlock()
	c.notify()
	if u.Done {
		r.d.done(w, u.Job)
	} else {
		r.d.started(u.Job)
	}
	return nil
}

// countBusyLocked records worker w's solver time in the run, and the
// moment its job started or ended. Call with c.mu held.
func (r *runSession) countBusyLocked(w int, u worker.Update) {
	c := r.c
	// A worker's solver time in the run cannot exceed the run's time so
	// far (less its pauses, when workers park): more means part of it came
	// before (a P* or theory asked at load, whose answer the page read late
	// in the run and counted from the run's start).
	r.base[w] = max(r.base[w], u.Busy-(c.env.Now()-c.runStart-c.pausedFor))
	c.workerBusy[w] = u.Busy - r.base[w]
	switch {
	case u.Done:
		c.markLocked(w+1, "job-end", u.Job, c.workerBusy[w])
	case !r.seen[u.Job]:
		c.markLocked(w+1, "job-start", u.Job, c.workerBusy[w])
	}
	r.seen[u.Job] = true
}

// finish takes the theory if a worker the run did not use answered it,
// and lets the crew stay with the data.
func (r *runSession) finish() {
	c := r.c
	if mt, ok := r.cr.in.theory(r.theory); ok {
		c.mu.Lock()
		if r.t.aliveLocked() && c.mtheory == nil {
			c.mtheory = mt
			c.changedLocked()
		}
		c.mu.Unlock()
	}
	r.kept = true
}
