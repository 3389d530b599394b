package lab

import (
	"errors"
	"fmt"
	"time"

	"imlab/core/dataset"
	"imlab/ui/lab/setup"
	"imlab/ui/lab/worker"
)

// crew is the workers holding the data in use, kept from its load to the
// next data (or Reset): the worker that loaded the data is the first, and
// a run reuses them, starting more only if it needs more. While a run uses
// them the run owns them (Controller.crew is nil); a run that ends well
// gives them back, any other end closes them.
type crew struct {
	in    *inbox
	conns []worker.Conn
	ds    *dataset.Dataset // the page's copy of their data
	ready []bool           // has its data (MsgReady or MsgLoaded)
	rows  *pendingRows     // the data's rows, if the first worker loaded it for the page
	busy  []time.Duration  // solver time reported so far, over every run
	// asked lists the P* requests sent to the first worker and not yet
	// answered, in order (a worker answers in order).
	asked []pstarKey
	// theoryAsked lists the MethodTheory requests sent, answered or not.
	theoryAsked map[theoryRequest]bool
}

// grow starts workers until the crew has n, sending each the data.
func (cr *crew) grow(host worker.Host, n int, data worker.DataSpec) error {
	if len(cr.conns) >= n {
		return nil
	}
	base := len(cr.conns)
	conns, err := host.Start(n-base, func(w int, m worker.Message) { cr.in.put(base+w, m) })
	if err != nil {
		return err
	}
	for _, w := range conns { // the data first: a worker's first message must be it
		w.Send(worker.Message{Kind: worker.MsgData, Data: data})
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
		if m.m.Kind == worker.MsgReady {
			cr.ready[m.w] = true
			continue
		}
		if m.m.Kind == worker.MsgTheory { // kept by the inbox (inbox.theory)
			cr.busy[m.w] = max(cr.busy[m.w], m.m.Busy)
			continue
		}
		if m.m.Kind != worker.MsgPStar || m.w != 0 || len(cr.asked) == 0 {
			continue
		}
		k := cr.asked[0]
		cr.asked = cr.asked[1:]
		cr.busy[0] = max(cr.busy[0], m.m.Busy)
		if m.m.Err == "" {
			c.mu.Lock()
			c.pstars[k] = m.m.PStar
			c.mu.Unlock()
		}
	}
}

func (cr *crew) close() {
	for k, w := range cr.conns {
		if k == 0 && cr.rows != nil { // it may be sending the page's data its rows: a worker closed drops what the page has not taken
			select {
			case <-cr.rows.done: // they came: close it now
			default:
				go func() {
					<-cr.rows.done
					w.Close()
				}()
				continue
			}
		}
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

// loadOnWorker loads spec in a worker of host, which sends the data back
// (the page's copy, for its views and plans). A Web Worker stays, holding
// the data, as the first worker of the next runs (crew); the page's thread
// only copies what it made; rows are the data's rows still to come from
// a Web Worker, which the page is ready without. It returns a *workersFailed when Web Workers
// cannot start.
func (c *Controller) loadOnWorker(t *task, spec worker.DataSpec, host worker.Host) (*worker.Loaded, *pendingRows, error) {
	_, onPage := host.(*worker.PageHost)
	c.mu.Lock()
	c.dropCrewLocked() // new data: the workers of the old are of no use
	c.mu.Unlock()
	in, rows := newInbox(), &pendingRows{done: make(chan struct{})}
	conns, err := host.Start(1, func(w int, m worker.Message) {
		if m.Kind == worker.MsgRows || m.Kind == worker.MsgFailed { // the first of them ends the wait for the rows
			select {
			case <-rows.done:
			default:
				rows.rows, rows.err = m.Loaded, m.Err
				close(rows.done)
			}
		}
		if m.Kind != worker.MsgRows {
			in.put(w, m)
		}
	})
	if err != nil {
		return nil, nil, &workersFailed{err.Error()}
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
	if !c.sendData(t, w, spec) {
		return nil, nil, errSuperseded
	}
	for {
		m, ok := in.get(t.ctx)
		if !ok {
			return nil, nil, errSuperseded
		}
		switch m.m.Kind {
		case worker.MsgFailed:
			return nil, nil, failure(onPage, m.w, m.m.Err)
		case worker.MsgLoaded:
			ld, err := m.m.Loaded, m.m.LoadError()
			if err != nil {
				return nil, nil, err
			}
			if ld == nil || ld.Data == nil || ld.Info == nil {
				return nil, nil, failure(onPage, m.w, "the worker sent no data")
			}
			if onPage { // the data set is the worker's own, rows and all; the worker is of no more use
				return ld, nil, nil
			}
			ld.Info.InWorker = true
			c.mu.Lock()
			if t.aliveLocked() {
				c.dropCrewLocked()
				c.crew = &crew{in: in, conns: conns, ds: ld.Data, ready: []bool{true}, rows: rows, busy: make([]time.Duration, 1)}
				c.loader, kept = nil, true // the crew's now, which a new task keeps
			}
			c.mu.Unlock()
			return ld, rows, nil
		}
	}
}

// sendData sends w the data spec to load, paused if the page is, and
// makes w the loader, which Pause and Run command; false if t is
// superseded.
func (c *Controller) sendData(t *task, w worker.Conn, spec worker.DataSpec) bool {
	c.mu.Lock()
	paused := c.paused
	c.mu.Unlock()
	if paused { // before the data: a load short enough to end in its first slice still waits
		w.Send(worker.Message{Kind: worker.MsgCmd, Cmd: worker.CmdPause})
	}
	w.Send(worker.Message{Kind: worker.MsgData, Data: spec})
	c.mu.Lock()
	defer c.mu.Unlock()
	if !t.aliveLocked() {
		return false
	}
	c.loader = w
	switch { // a Pause or Run meanwhile did not know where to go
	case c.paused && !paused:
		w.Send(worker.Message{Kind: worker.MsgCmd, Cmd: worker.CmdPause})
	case paused && !c.paused:
		w.Send(worker.Message{Kind: worker.MsgCmd, Cmd: worker.CmdRun})
	}
	return true
}

// workersFailed says that Web Workers could not start, or failed before
// they did any work: onWorkers does the work on the page's thread instead.
type workersFailed struct{ why string }

func (e *workersFailed) Error() string { return "workers could not start: " + e.why }

// failure is what a worker's MsgFailed before any work means: Web
// Workers failed (workersFailed), or, on the page's thread, the work.
func failure(onPage bool, w int, why string) error {
	if onPage {
		return errors.New(why)
	}
	return &workersFailed{fmt.Sprintf("worker %d: %s", w+1, why)}
}

// hostLocked is where the next work goes: the page's Web Workers, unless
// it has none, is asked not to use them (workers=main) or the work is a
// run slowed down (whose minibatches the page shows as they go); else the
// page's own thread, whose worker takes the page's data as it is for a
// run. Call with c.mu held.
func (c *Controller) hostLocked(run bool) worker.Host {
	if c.env.Workers != nil && c.workersWanted >= 0 && !(run && c.speed > 0) {
		return c.env.Workers
	}
	return c.pageHostLocked(run)
}

// onWorkers does work on the host of hostLocked and, if that is Web
// Workers and they fail to start (workersFailed), the same work on the
// page's thread, the status saying why.
func (c *Controller) onWorkers(run bool, work func(worker.Host) error) error {
	c.mu.Lock()
	h := c.hostLocked(run)
	c.mu.Unlock()
	err := work(h)
	var failed *workersFailed
	if !errors.As(err, &failed) {
		return err
	}
	c.mu.Lock()
	c.workersNote = failed.Error()
	c.changedLocked()
	h = c.pageHostLocked(run)
	c.mu.Unlock()
	c.notify()
	return work(h)
}

// prepareRun readies the data's crew for a Run of the settings shown, as
// soon as the data is loaded, while the page waits for Run: it starts the
// workers the run will use (each loads the data), asks the first (which
// has the data already) for P* of those settings (loss, λ), then for their
// MethodTheory. A Run
// finds them ready, P* and the theory known or under way; the answers are
// read by the run (drain, runOnWorkers).
func (c *Controller) prepareRun(t *task) {
	c.mu.Lock()
	defer c.mu.Unlock()
	cr := c.crew
	if !t.aliveLocked() || cr == nil || cr.ds != c.ds || c.data == nil || len(cr.asked) > 0 {
		return // a run, step or load that took over prepares what it needs
	}
	defer c.askTheoryLocked(cr, 0, c.settings, c.lambdaOfLocked(c.settings)) // after P*, asked below
	if data, ok := c.dataSpecLocked(); ok {
		_ = cr.grow(c.env.Workers, c.poolSizeLocked(2*len(c.settings.Taus)), data) // if more cannot start, the run tries again
	}
	lambda := c.lambdaOfLocked(c.settings)
	key := pstarKey{c.ds, c.settings.Loss, lambda}
	if _, known := c.pstars[key]; known {
		return
	}
	cr.asked = append(cr.asked, key)
	cr.conns[0].Send(worker.Message{Kind: worker.MsgPStar, Loss: key.loss, Lambda: lambda})
}

// lambdaOfLocked is the λ of a run of s on the data shown.
func (c *Controller) lambdaOfLocked(s setup.Settings) float64 {
	if s.Lambda == 0 && c.data != nil {
		return c.data.DefaultLambda
	}
	return s.Lambda
}

// askTheoryLocked asks cr's worker w for the MethodTheory of a run of s
// with regulariser lambda, unless it was asked already, and returns it if
// it is known. Call with c.mu held.
func (c *Controller) askTheoryLocked(cr *crew, w int, s setup.Settings, lambda float64) (*worker.MethodTheory, bool) {
	req := theoryRequestOf(s, lambda)
	if mt, ok := cr.in.theory(req); ok {
		return mt, true
	}
	if cr.theoryAsked[req] || w >= len(cr.conns) {
		return nil, false
	}
	if cr.theoryAsked == nil {
		cr.theoryAsked = map[theoryRequest]bool{}
	}
	cr.theoryAsked[req] = true
	cr.conns[w].Send(req.message())
	return nil, false
}
