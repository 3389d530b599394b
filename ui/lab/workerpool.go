package lab

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"sync"
	"time"

	"imlab/core/dataset"
	"imlab/core/experiment"
	"imlab/core/loss"
	"imlab/core/problem"
	"imlab/core/sampling"
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
// (PoolSize), WorkersNone (the main thread, in slices), or a number. It
// never changes results.
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

// inbox queues the workers' messages for the controller's task without
// ever blocking the sender (a JavaScript message handler).
type inbox struct {
	mu   sync.Mutex
	msgs []workerMsg
	wake chan struct{}
}

type workerMsg struct {
	w int
	m Message
}

func newInbox() *inbox { return &inbox{wake: make(chan struct{}, 1)} }

func (b *inbox) put(w int, m Message) {
	b.mu.Lock()
	b.msgs = append(b.msgs, workerMsg{w, m})
	b.mu.Unlock()
	select {
	case b.wake <- struct{}{}:
	default:
	}
}

// tryGet returns the next message if one is queued.
func (b *inbox) tryGet() (workerMsg, bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if len(b.msgs) == 0 {
		return workerMsg{}, false
	}
	m := b.msgs[0]
	b.msgs = b.msgs[1:]
	return m, true
}

// get returns the next message, or false once ctx ends.
func (b *inbox) get(ctx context.Context) (workerMsg, bool) {
	for {
		b.mu.Lock()
		if len(b.msgs) > 0 {
			m := b.msgs[0]
			b.msgs = b.msgs[1:]
			b.mu.Unlock()
			return m, true
		}
		b.mu.Unlock()
		select {
		case <-b.wake:
		case <-ctx.Done():
			return workerMsg{}, false
		}
	}
}

// errNoWorkers makes a run fall back to the main thread.
var errNoWorkers = errors.New("workers could not start")

// commandLocked sends cmd to every worker of the run in progress, and to
// the worker loading data; call with c.mu held.
func (c *Controller) commandLocked(cmd Command) {
	for _, w := range c.conns {
		w.Send(Message{Kind: MsgCmd, Cmd: cmd})
	}
	if c.loader != nil {
		c.loader.Send(Message{Kind: MsgCmd, Cmd: cmd})
	}
}

// crew is the workers holding the data in use, kept from its load to the
// next data (or Reset): the worker that loaded the data is the first, and
// a run reuses them, starting more only if it needs more. While a run uses
// them the run owns them (Controller.crew is nil); a run that ends well
// gives them back, any other end closes them.
type crew struct {
	in    *inbox
	conns []WorkerConn
	ds    *dataset.Dataset // the page's copy of their data
	ready []bool           // has its data (MsgReady or MsgLoaded)
	busy  []time.Duration  // solver time reported so far, over every run
	// asked lists the P* requests sent to the first worker and not yet
	// answered, in order (a worker answers in order).
	asked []pstarKey
}

// grow starts workers until the crew has n, sending each the data.
func (cr *crew) grow(host WorkerHost, n int, data DataSpec) error {
	if len(cr.conns) >= n {
		return nil
	}
	base := len(cr.conns)
	conns, err := host.Start(n-base, func(w int, m Message) { cr.in.put(base+w, m) })
	if err != nil {
		return err
	}
	for _, w := range conns { // the data first: a worker's first message must be it
		w.Send(Message{Kind: MsgData, Data: data})
	}
	cr.conns = append(cr.conns, conns...)
	cr.ready = append(cr.ready, make([]bool, len(conns))...)
	cr.busy = append(cr.busy, make([]time.Duration, len(conns))...)
	return nil
}

// drain reads the answers that came while no run was reading (workers
// started and P* asked for at load, prepareRun), caching each P* and its worker's solver
// time, which is then not the next run's.
func (cr *crew) drain(c *Controller) {
	for {
		m, ok := cr.in.tryGet()
		if !ok {
			return
		}
		if m.m.Kind == MsgReady {
			cr.ready[m.w] = true
			continue
		}
		if m.m.Kind != MsgPStar || m.w != 0 || len(cr.asked) == 0 {
			continue
		}
		k := cr.asked[0]
		cr.asked = cr.asked[1:]
		cr.busy[0] = m.m.Busy
		if m.m.Err == "" {
			c.mu.Lock()
			c.pstars[k] = m.m.PStar
			c.mu.Unlock()
		}
	}
}

func (cr *crew) close() {
	for _, w := range cr.conns {
		w.Close()
	}
}

// dropCrewLocked ends the workers kept for the data, if any.
func (c *Controller) dropCrewLocked() {
	if c.crew != nil {
		c.crew.close()
		c.crew = nil
	}
}

// loadOnWorker loads spec in a worker, which sends the data back (the
// page's copy, for its views and plans) and stays, holding the data, as
// the first worker of the next runs (crew). The page's thread only copies
// what the worker made. It returns errNoWorkers when the page has no
// workers, or they cannot start, and the data should be loaded here; the
// note says why, if workers were wanted.
func (c *Controller) loadOnWorker(t *task, spec DataSpec) (*Loaded, error) {
	c.mu.Lock()
	wanted := c.env.Workers != nil && c.workersWanted >= 0
	c.dropCrewLocked() // new data: the workers of the old are of no use
	c.mu.Unlock()
	if !wanted {
		return nil, errNoWorkers
	}
	in := newInbox()
	conns, err := c.env.Workers.Start(1, in.put)
	if err != nil {
		return nil, c.noWorkers(err.Error())
	}
	w := conns[0]
	kept := false
	defer func() {
		c.mu.Lock()
		if c.loader == w {
			c.loader = nil
		}
		c.mu.Unlock()
		if !kept {
			w.Close()
		}
	}()
	spec.Return = true
	w.Send(Message{Kind: MsgData, Data: spec})
	c.mu.Lock()
	if !t.aliveLocked() {
		c.mu.Unlock()
		return nil, errSuperseded
	}
	c.loader = w
	if c.paused {
		w.Send(Message{Kind: MsgCmd, Cmd: CmdPause})
	}
	c.mu.Unlock()
	for {
		m, ok := in.get(t.ctx)
		if !ok {
			return nil, errSuperseded
		}
		switch m.m.Kind {
		case MsgFailed:
			return nil, c.noWorkers(m.m.Err)
		case MsgLoaded:
			if m.m.Err != "" {
				if m.m.Field != "" {
					return nil, &FieldError{Field: m.m.Field, Err: errors.New(m.m.Err)}
				}
				return nil, errors.New(m.m.Err)
			}
			if m.m.Loaded == nil || m.m.Loaded.Data == nil || m.m.Loaded.Info == nil {
				return nil, c.noWorkers("the worker sent no data")
			}
			m.m.Loaded.Info.InWorker = true
			c.mu.Lock()
			if t.aliveLocked() {
				c.dropCrewLocked()
				c.crew = &crew{in: in, conns: conns, ds: m.m.Loaded.Data, ready: []bool{true}, busy: make([]time.Duration, 1)}
				kept = true
			}
			c.mu.Unlock()
			return m.m.Loaded, nil
		}
	}
}

// prepareRun readies the data's crew for a Run of the settings shown, as
// soon as the data is loaded, while the page waits for Run: it starts the
// workers the run will use (each loads the data) and asks the first for
// P* of those settings (loss, λ). A Run finds them ready and P* solved or
// under way; the answers are read by the run (drain, runOnWorkers).
func (c *Controller) prepareRun() {
	c.mu.Lock()
	defer c.mu.Unlock()
	cr := c.crew
	if cr == nil || cr.ds != c.ds || c.data == nil || len(cr.asked) > 0 {
		return
	}
	if data, ok := c.dataSpecLocked(); ok {
		_ = cr.grow(c.env.Workers, c.poolSizeLocked(2*len(c.settings.Taus)), data) // if more cannot start, the run tries again
	}
	l, err := loss.Parse(c.settings.Loss)
	if err != nil {
		return
	}
	lambda := c.settings.Lambda
	if lambda == 0 {
		lambda = c.data.DefaultLambda
	}
	key := pstarKey{c.ds, l.String(), lambda}
	if _, known := c.pstars[key]; known {
		return
	}
	cr.asked = append(cr.asked, key)
	cr.conns[0].Send(Message{Kind: MsgPStar, Loss: key.loss, Lambda: lambda})
}

// noWorkers is errNoWorkers with why, which the status shows once the
// work goes on on the main thread.
func (c *Controller) noWorkers(why string) error {
	c.mu.Lock()
	c.workersNote = why
	c.changedLocked()
	c.mu.Unlock()
	c.notify()
	return fmt.Errorf("%w: %s", errNoWorkers, why)
}

// closeWorkersLocked ends the workers of the run in progress, if any.
func (c *Controller) closeWorkersLocked() {
	for _, w := range c.conns {
		w.Close()
	}
	c.conns = nil
}

// runOnWorkers runs the experiment on a pool of workers: the data's crew,
// grown to the pool's size. Each worker starts work as soon as it has the
// data: the first solves P* (unless known or asked for already) while the
// others load theirs; every job goes out as soon as P* is known. It
// returns errNoWorkers (with the reason) when they cannot start, and the
// run should go on on the main thread.
func (c *Controller) runOnWorkers(t *task, s Settings, pr *problem.Problem, key pstarKey, pstar float64, known bool) error {
	c.mu.Lock()
	data, ok := c.dataSpecLocked()
	n := c.poolSizeLocked(2 * len(s.Taus))
	lambda := c.lambda
	cr := c.crew
	c.crew = nil // the run owns the crew until it ends
	if cr != nil && cr.ds != c.ds {
		cr.close()
		cr = nil
	}
	c.mu.Unlock()
	if !ok {
		return fmt.Errorf("%w: the data cannot be sent to them", errNoWorkers)
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
		if kept && t.aliveLocked() && c.crew == nil && c.ds == cr.ds {
			c.crew = cr
		} else {
			cr.close()
		}
		c.mu.Unlock()
	}()
	if err := cr.grow(c.env.Workers, n, data); err != nil {
		if len(cr.conns) == 0 {
			return fmt.Errorf("%w: %v", errNoWorkers, err)
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
	c.poolWorkers, c.workersNote = n, ""
	c.workerBusy = make([]time.Duration, n)
	c.mu.Unlock()

	var pool *Pool
	var d *dispatcher
	prefetched := len(cr.asked) // P* asked of the first worker before this run
	asked := known || slices.Contains(cr.asked, key)
	// start dispatches the jobs once P* is known; the plans for the page's
	// table (experiment.New, a pass or two over the data per job) are made
	// while the workers run their first jobs.
	start := func() error {
		pool = NewPool(JobSpecs(s, lambda, pstar))
		d = newDispatcher(pool, conns, cr.ready)
		d.fillAll()
		exp, err := experiment.New(pr, pstar, experiment.Config{
			Taus: s.Taus, Eps: s.Eps, Partition: s.Partition, Seed: s.Seed, Workers: 1, Yield: t.pacer(),
		})
		if err != nil {
			return err
		}
		c.mu.Lock()
		defer c.mu.Unlock()
		if !t.aliveLocked() {
			return nil
		}
		c.pstars[key] = pstar
		c.pstar, c.exp, c.pool, c.phase = pstar, exp, pool, Running
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
				return
			}
		}
	}
	ask()
	if known {
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
				return fmt.Errorf("%w: worker %d: %s", errNoWorkers, m.w+1, m.m.Err)
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
		case MsgTakeBack:
			if d == nil {
				continue
			}
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
		c.workerBusy[m.w] = u.Busy - base[m.w]
		if c.stepping && len(u.Points) > 0 { // Step: every worker pauses at the run's next trace point
			c.stepping = false
			c.pauseLocked()
		}
		if pool.Done() {
			c.phase, c.finishedAt, c.paused = Done, c.env.Now(), false
			if err := pool.Err(); err != nil {
				c.err = fmt.Errorf("%d of %d runs failed: %w", len(errorsOf(err)), len(pool.specs), err)
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
// trace point); the main-thread path resumes through wakeLocked.
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

// poolJobViewsLocked is jobViews for a run on workers.
func (c *Controller) poolJobViewsLocked() []JobView {
	jobs := c.exp.Jobs()
	pj := c.pool.jobs()
	out := make([]JobView, len(jobs))
	for k, j := range jobs {
		out[k] = c.poolJobViewLocked(pj[k], j.Tau, j.Sampling, j.Plan.Theta)
	}
	return out
}

// poolJobViewLocked is the view of pool job p (at τ = tau with sampling smp
// and step theta, NaN if none): active once it has sent a point, until it
// is done; Reached where its gap first fell to ε. Call with c.mu held.
func (c *Controller) poolJobViewLocked(p poolJob, tau int, smp sampling.Kind, theta float64) JobView {
	v := JobView{Tau: tau, Sampling: smp, Theta: theta, Reached: math.NaN(),
		Active: p.started && len(p.trace) > 0 && !p.done && c.phase == Running, Done: p.done, Trace: p.trace}
	if p.err != "" {
		v.Err = errors.New(p.err)
	}
	for _, pt := range p.trace {
		if pt.Gap <= c.settings.Eps {
			v.Reached = pt.IterPerN
			break
		}
	}
	return v
}
