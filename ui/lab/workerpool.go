package lab

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"time"

	"imlab/core/problem"
)

// WorkerHost starts workers: Web Workers in the page (package browser),
// goroutines running RunWorker in tests.
type WorkerHost interface {
	// Cores is how many logical processors the host reports.
	Cores() int
	// Start starts n workers. receive gets every message of worker w, in
	// order, from any goroutine; it never blocks. A worker that fails to
	// start sends MsgFailed.
	Start(n int, receive func(w int, m Message)) ([]WorkerConn, error)
}

// WorkerConn is the page's end of one worker.
type WorkerConn interface {
	Send(m Message)
	Close() // ends the worker at once; closing again does nothing
}

// SetWorkers sets the number of workers of the next runs: WorkersAuto
// (PoolSize), WorkersNone (the page's own thread, in slices: pageHost),
// or a number. It never changes results.
func (c *Controller) SetWorkers(n int) {
	c.mu.Lock()
	c.workersWanted = n
	c.mu.Unlock()
}

const (
	WorkersAuto = 0  // workers=auto: PoolSize
	WorkersNone = -1 // workers=main: no workers, the page's main thread
)

// ParseWorkers reads the workers= key: "auto", "main" or 1…MaxWorkers.
func ParseWorkers(v string) (int, error) {
	switch v {
	case "auto", "":
		return WorkersAuto, nil
	case "main":
		return WorkersNone, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 || n > MaxWorkers {
		return 0, fmt.Errorf("%w: link: workers=%q is not auto, main or a number of workers 1…%d", ErrSettings, v, MaxWorkers)
	}
	return n, nil
}

// FormatWorkers writes n as ParseWorkers reads it.
func FormatWorkers(n int) string {
	switch {
	case n == WorkersAuto:
		return "auto"
	case n < 0:
		return "main"
	}
	return strconv.Itoa(n)
}

// poolSizeLocked is the number of workers for a run of jobs jobs.
func (c *Controller) poolSizeLocked(jobs int) int {
	if c.workersWanted > 0 { // as asked, but never more copies of the data than the budget holds
		return PoolSize(min(c.workersWanted, jobs, MaxWorkers)+1, jobs, c.dataBytesLocked())
	}
	return min(PoolSize(c.env.Workers.Cores(), jobs, c.dataBytesLocked()), MaxWorkers)
}

// MaxWorkers bounds the workers= key.
const MaxWorkers = 64

// dataBytesLocked estimates one worker's copy of the data: the non-zeros
// (value and index), the labels and norms, and a file's raw bytes.
func (c *Controller) dataBytesLocked() int64 {
	if c.data == nil {
		return 0
	}
	st := c.data.Stats
	b := int64(st.NNZ)*12 + int64(st.N)*24 + int64(st.D)*8
	if c.data.Source == SourceFile && c.file != nil {
		b += int64(len(c.file.raw))
	}
	return b
}

// dataSpecLocked describes the data in use for a worker.
func (c *Controller) dataSpecLocked() (DataSpec, bool) {
	switch {
	case c.data == nil:
		return DataSpec{}, false
	case c.data.Source == SourcePreset:
		return DataSpec{Preset: c.dataFrom}, true
	case c.file != nil && c.file.ref == c.data.File:
		return DataSpec{File: c.file.raw, Name: c.file.ref.Name, Bias: c.settings.Bias,
			PositiveClass: c.settings.PositiveClass}, true
	}
	return DataSpec{}, false
}

// commandLocked sends cmd to the run's workers and to the worker loading
// data; call with c.mu held.
func (c *Controller) commandLocked(cmd Command) {
	for _, w := range c.conns {
		w.Send(Message{Kind: MsgCmd, Cmd: cmd})
	}
	if c.loader != nil {
		c.loader.Send(Message{Kind: MsgCmd, Cmd: cmd})
	}
}

// closeWorkersLocked ends the workers of the run in progress, if any.
func (c *Controller) closeWorkersLocked() {
	for _, w := range c.conns {
		w.Close()
	}
	c.conns = nil
}

// runOnWorkers runs the experiment on a pool of workers of host: on Web
// Workers, the data's crew, grown to the pool's size; on the page's
// thread, one worker holding the page's data. Each worker starts work as
// soon as it has the data: the first solves P* (unless known or asked for
// already) while the others load theirs; every job goes out as soon as P*
// is known. It returns a *workersFailed when Web Workers cannot start.
func (c *Controller) runOnWorkers(t *task, s Settings, pr *problem.Problem, key pstarKey, pstar float64, known bool, host WorkerHost) error {
	_, onPage := host.(*pageHost)
	c.mu.Lock()
	data, ok := c.dataSpecLocked()
	lambda := c.lambda
	stats := c.data.Stats // for the jobs' predicted costs (JobCost)
	cr, n := c.crew, 1
	if onPage { // the page's own worker, for this run only
		cr = nil
	} else {
		c.crew = nil // the run owns the crew until it ends
		n = c.poolSizeLocked(2 * len(s.Taus))
	}
	if cr != nil && cr.ds != c.ds {
		cr.close()
		cr = nil
	}
	c.mu.Unlock()
	if !ok && !onPage {
		return &workersFailed{"the data cannot be sent to them"}
	}
	if cr == nil {
		cr = &crew{in: newInbox(), ds: pr.Data}
	}
	cr.drain(c)
	if !known {
		c.mu.Lock()
		pstar, known = c.pstars[key]
		c.mu.Unlock()
	}
	kept := false
	// Every path out of here but a finished run ends the workers: they hold
	// a copy of the data.
	defer func() {
		c.mu.Lock()
		if t.aliveLocked() {
			c.conns = nil
		}
		if kept && !onPage && t.aliveLocked() && c.crew == nil && c.ds == cr.ds {
			c.crew = cr
		} else {
			cr.close()
		}
		c.mu.Unlock()
	}()
	if err := cr.grow(host, n, data); err != nil {
		if len(cr.conns) == 0 {
			return &workersFailed{err.Error()}
		}
		n = len(cr.conns) // no more could start: the data's own will do
	}
	conns := cr.conns[:n]
	c.mu.Lock()
	if !t.aliveLocked() {
		c.mu.Unlock()
		return nil
	}
	c.conns = conns
	switch {
	case c.paused:
		c.commandLocked(CmdPause)
	case c.stepping: // Step with no run: each worker stops at its first trace point
		c.commandLocked(CmdStep)
	default: // kept workers may hold the last run's pause or step
		c.commandLocked(CmdRun)
	}
	base := append([]time.Duration(nil), cr.busy[:n]...) // solver time before this run
	theory := theoryRequestOf(s, lambda)
	theoryPrefetched := cr.theoryAsked[theory] // and not answered yet, if not known below
	// The theory: asked at load (prepareRun) or by an earlier run, or now of
	// the first worker, ahead of its jobs (the longest go to the others
	// first: dispatcher.fillAll).
	if mt, ok := c.askTheoryLocked(cr, 0, s, lambda); ok {
		c.mtheory = mt
	} else {
		c.markLocked(0, "theory-pending", -1, 0)
	}
	c.poolWorkers = n
	if onPage {
		c.poolWorkers = 0
	}
	c.workerBusy = make([]time.Duration, n)
	c.mu.Unlock()

	var pool *Pool
	var d *dispatcher
	prefetched := len(cr.asked) // P* asked of the first worker before this run
	seen := map[int]bool{}      // jobs that have sent an update
	asked := known || slices.Contains(cr.asked, key)
	// start dispatches the jobs once P* is known, longest predicted first
	// (order.go). The page plans nothing: each worker sends the plan of a
	// job with its first update (Update.Plan), for the ratio table and
	// the sampling view.
	start := func() error {
		if math.IsNaN(pstar) || math.IsInf(pstar, 0) { // as experiment.New checks them
			return fmt.Errorf("experiment: P* must be finite (got %v)", pstar)
		}
		if err := pr.CheckGap(s.Eps, pstar); err != nil {
			return err
		}
		specs := JobSpecs(s, lambda, pstar)
		pool = NewPool(specs) // in run order on the page's thread, where the page shows the jobs as they go
		if !onPage {
			pool = NewPoolInOrder(specs, LongestFirst(specs, func(j JobSpec) float64 { return JobCost(j, stats) }))
		}
		d = newDispatcher(pool, conns, cr.ready)
		d.fillAll()
		c.mu.Lock()
		defer c.mu.Unlock()
		c.markLocked(0, "jobs-out", -1, 0)
		if !t.aliveLocked() {
			return nil
		}
		c.pstars[key] = pstar
		c.pstar, c.pool, c.phase = pstar, pool, Running
		c.runID++
		c.changedLocked()
		return nil
	}
	ask := func() { // P* from the first worker with the data and no P* under way
		if asked {
			return
		}
		for w := range conns {
			if cr.ready[w] && (w > 0 || len(cr.asked) == 0 || w == len(conns)-1) {
				asked = true
				if w == 0 {
					cr.asked = append(cr.asked, key)
				}
				conns[w].Send(Message{Kind: MsgPStar, Loss: s.Loss, Lambda: lambda})
				c.mark(w+1, "pstar-asked", -1, 0)
				return
			}
		}
	}
	ask()
	if known {
		c.mark(0, "pstar-known", -1, 0)
		if err := start(); err != nil {
			return err
		}
		c.notify()
	}
	for pool == nil || !pool.Done() {
		m, ok := cr.in.get(t.ctx)
		if !ok {
			return nil
		}
		switch m.m.Kind {
		case MsgFailed:
			if pool == nil {
				return failure(onPage, m.w, m.m.Err)
			}
			return fmt.Errorf("worker %d: %s", m.w+1, m.m.Err)
		case MsgReady:
			cr.ready[m.w] = true
			ask()
			if d != nil {
				d.fillAll()
			}
			continue
		case MsgPStar:
			c.mark(m.w+1, "pstar", -1, m.m.Busy)
			k := key
			if m.w == 0 && len(cr.asked) > 0 { // the first worker answers in order, perhaps an earlier request
				k, cr.asked = cr.asked[0], cr.asked[1:]
				if prefetched > 0 { // asked before this run: only its time since the run began is the run's
					prefetched--
					c.mu.Lock()
					since := c.env.Now() - c.runStart
					c.mu.Unlock()
					base[0] = max(base[0], m.m.Busy-since)
				}
			}
			if m.m.Err != "" {
				if k == key {
					return fmt.Errorf("computing P*: %s", m.m.Err)
				}
				continue
			}
			c.mu.Lock()
			c.pstars[k] = m.m.PStar
			c.mu.Unlock()
			if k == key && pool == nil {
				pstar = m.m.PStar
				if err := start(); err != nil {
					return err
				}
				c.notify()
			}
			continue
		case MsgTheory:
			c.mark(m.w+1, "theory", -1, m.m.Busy)
			if theoryRequestIn(m.m) != theory {
				continue
			}
			if theoryPrefetched && m.w < n { // asked before this run: only its time since the run began is the run's
				theoryPrefetched = false
				c.mu.Lock()
				since := c.env.Now() - c.runStart
				c.mu.Unlock()
				base[m.w] = max(base[m.w], m.m.Busy-since)
			}
			if m.m.Err != "" {
				return errors.New(m.m.Err)
			}
			c.mu.Lock()
			if !t.aliveLocked() {
				c.mu.Unlock()
				return nil
			}
			c.mtheory = m.m.Theory
			c.changedLocked()
			c.mu.Unlock()
			c.notify()
			continue
		case MsgTakeBack:
			if d == nil {
				continue
			}
			c.mark(m.w+1, "given-back", m.m.Job, 0)
			if err := d.givenBack(m.w, m.m.Job); err != nil {
				return err
			}
			continue
		case MsgUpdate:
		default:
			continue
		}
		u := m.m.Update
		cr.busy[m.w] = u.Busy
		c.mu.Lock()
		if !t.aliveLocked() {
			c.mu.Unlock()
			return nil
		}
		if pool == nil {
			c.mu.Unlock()
			return fmt.Errorf("worker %d: an update before any job", m.w+1)
		}
		if err := pool.Apply(u); err != nil {
			c.mu.Unlock()
			return err
		}
		// A worker's solver time in the run cannot exceed the run's time
		// so far (less its pauses, when workers park): more means part of
		// it came before (a P* or theory asked at load, whose answer the
		// page read late in the run and counted from the run's start).
		base[m.w] = max(base[m.w], u.Busy-(c.env.Now()-c.runStart-c.pausedFor))
		c.workerBusy[m.w] = u.Busy - base[m.w]
		switch {
		case u.Done:
			c.markLocked(m.w+1, "job-end", u.Job, c.workerBusy[m.w])
		case !seen[u.Job]:
			c.markLocked(m.w+1, "job-start", u.Job, c.workerBusy[m.w])
		}
		seen[u.Job] = true
		if c.stepping && (len(u.Points) > 0 || onPage && c.speed > 0) { // Step: every worker pauses at the run's next trace point (slowed down: its next minibatch)
			c.stepping = false
			c.pauseLocked()
		}
		if pool.Done() {
			c.phase, c.finishedAt, c.paused = Done, c.env.Now(), false
			c.markLocked(0, "done", -1, 0)
			if err := pool.Err(); err != nil {
				c.err = runsFailed(errorsOf(err), len(pool.specs), c.settings.MaxPasses)
			}
		}
		c.changedLocked()
		c.mu.Unlock()
		c.notify()
		if u.Done {
			d.done(m.w, u.Job)
		} else {
			d.started(u.Job)
		}
	}
	if mt, ok := cr.in.theory(theory); ok { // answered by a worker the run did not use
		c.mu.Lock()
		if t.aliveLocked() && c.mtheory == nil {
			c.mtheory = mt
			c.changedLocked()
		}
		c.mu.Unlock()
	}
	kept = true
	return nil
}

// errorsOf unwraps an errors.Join.
func errorsOf(err error) []error {
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		return j.Unwrap()
	}
	return []error{err}
}

// pauseLocked pauses the run in progress, on its workers too.
func (c *Controller) pauseLocked() {
	if !c.paused {
		c.pauseStart = c.env.Now()
	}
	c.paused = true
	c.commandLocked(CmdPause)
}

// resumeLocked resumes a paused run on its workers (step: up to the next
// trace point).
func (c *Controller) resumeLocked(step bool) {
	if c.conns == nil && c.loader == nil {
		return
	}
	if c.paused {
		c.pausedFor += c.env.Now() - c.pauseStart
	}
	if step {
		c.commandLocked(CmdStep)
	} else {
		c.commandLocked(CmdRun)
	}
}
