package lab

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strconv"
	"sync"
	"time"

	"imlab/core/experiment"
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

// loadOnWorker loads spec in a worker, which sends the data back (the
// page's copy, for its views and plans) and ends: the page's thread only
// copies what the worker made. It returns errNoWorkers when the page has
// no workers, or they cannot start, and the data should be loaded here;
// the note says why, if workers were wanted.
func (c *Controller) loadOnWorker(t *task, spec DataSpec) (*Loaded, error) {
	c.mu.Lock()
	wanted := c.env.Workers != nil && c.workersWanted >= 0
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
	defer func() {
		w.Close()
		c.mu.Lock()
		if c.loader == w {
			c.loader = nil
		}
		c.mu.Unlock()
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
			return m.m.Loaded, nil
		}
	}
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

// runOnWorkers runs the experiment on a pool of workers. It returns
// errNoWorkers (with the reason) when they cannot start, and the run should
// go on on the main thread.
func (c *Controller) runOnWorkers(t *task, s Settings, pr *problem.Problem, key pstarKey, pstar float64, known bool) error {
	c.mu.Lock()
	data, ok := c.dataSpecLocked()
	n := c.poolSizeLocked(2 * len(s.Taus))
	lambda := c.lambda
	c.mu.Unlock()
	if !ok {
		return fmt.Errorf("%w: the data cannot be sent to them", errNoWorkers)
	}
	in := newInbox()
	conns, err := c.env.Workers.Start(n, in.put)
	if err != nil {
		return fmt.Errorf("%w: %v", errNoWorkers, err)
	}
	for _, w := range conns { // the data first: a worker's first message must be it
		w.Send(Message{Kind: MsgData, Data: data})
	}
	c.mu.Lock()
	if !t.aliveLocked() {
		c.mu.Unlock()
		for _, w := range conns {
			w.Close()
		}
		return nil
	}
	c.conns = conns
	switch {
	case c.paused:
		c.commandLocked(CmdPause)
	case c.stepping: // Step with no run: each worker stops at its first trace point
		c.commandLocked(CmdStep)
	}
	c.mu.Unlock()
	// Every path out of here ends the workers: they hold a copy of the data.
	defer func() {
		for _, w := range conns {
			w.Close()
		}
		c.mu.Lock()
		if t.aliveLocked() {
			c.conns = nil
		}
		c.mu.Unlock()
	}()
	for ready := 0; ready < n; {
		m, ok := in.get(t.ctx)
		if !ok {
			return nil
		}
		switch m.m.Kind {
		case MsgReady:
			ready++
		case MsgFailed:
			return fmt.Errorf("%w: %s", errNoWorkers, m.m.Err)
		}
	}
	if !known { // solved once, by the first worker; the others get it in their job specs
		conns[0].Send(Message{Kind: MsgPStar, Loss: s.Loss, Lambda: lambda})
		for {
			m, ok := in.get(t.ctx)
			if !ok {
				return nil
			}
			if m.m.Kind == MsgFailed {
				return fmt.Errorf("computing P*: worker %d: %s", m.w+1, m.m.Err)
			}
			if m.m.Kind == MsgPStar {
				if m.m.Err != "" {
					return fmt.Errorf("computing P*: %s", m.m.Err)
				}
				pstar = m.m.PStar
				break
			}
		}
	}
	exp, err := experiment.New(pr, pstar, experiment.Config{
		Taus: s.Taus, Eps: s.Eps, Partition: s.Partition, Seed: s.Seed, Workers: 1, Yield: t.pacer(),
	})
	if err != nil {
		return err
	}
	pool := NewPool(JobSpecs(s, lambda, pstar))
	c.mu.Lock()
	if !t.aliveLocked() {
		c.mu.Unlock()
		return nil
	}
	c.pstars[key] = pstar
	c.pstar, c.exp, c.pool, c.phase = pstar, exp, pool, Running
	c.poolWorkers, c.workersNote = n, ""
	c.workerBusy = make([]time.Duration, n)
	c.runID++
	c.changedLocked()
	c.mu.Unlock()
	c.notify()

	d := newDispatcher(pool, conns)
	d.fillAll()
	for !pool.Done() {
		m, ok := in.get(t.ctx)
		if !ok {
			return nil
		}
		switch m.m.Kind {
		case MsgFailed:
			return fmt.Errorf("worker %d: %s", m.w+1, m.m.Err)
		case MsgTakeBack:
			if err := d.givenBack(m.w, m.m.Job); err != nil {
				return err
			}
			continue
		case MsgUpdate:
		default:
			continue
		}
		u := m.m.Update
		c.mu.Lock()
		if !t.aliveLocked() {
			c.mu.Unlock()
			return nil
		}
		if err := pool.Apply(u); err != nil {
			c.mu.Unlock()
			return err
		}
		c.workerBusy[m.w] = u.Busy
		if c.stepping && len(u.Points) > 0 { // Step: every worker pauses at the run's next trace point
			c.stepping = false
			c.pauseLocked()
		}
		if pool.Done() {
			c.phase, c.finishedAt, c.paused = Done, c.env.Now(), false
			if err := pool.Err(); err != nil {
				c.err = fmt.Errorf("%d of %d runs failed: %w", len(errorsOf(err)), len(exp.Jobs()), err)
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
		p := pj[k]
		v := JobView{Tau: j.Tau, Sampling: string(j.Sampling), Theta: j.Plan.Theta, Reached: math.NaN(),
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
		out[k] = v
	}
	return out
}
