package lab

import (
	"imlab/ui/lab/setup"
	"imlab/ui/lab/worker"
)

// SetWorkers sets the number of workers of the next runs: WorkersAuto
// (poolSize), WorkersNone (the page's own thread, in slices: pageHost),
// or a number. It never changes results.
func (c *Controller) SetWorkers(n int) {
	c.mu.Lock()
	c.workersWanted = n
	c.mu.Unlock()
}

// poolSizeLocked is the number of workers for a run of jobs jobs.
func (c *Controller) poolSizeLocked(jobs int) int {
	want := c.workersWanted // as asked, but never more copies of the data than the budget holds
	if want <= 0 {
		want = autoWorkers(c.env.Workers.Cores())
	}
	return poolSize(min(want, setup.MaxWorkers), jobs, c.dataBytesLocked())
}

// dataBytesLocked estimates one worker's copy of the data: the non-zeros
// (value and index), the labels and norms, and a file's raw bytes.
func (c *Controller) dataBytesLocked() int64 {
	if c.data == nil {
		return 0
	}
	st := c.data.Stats
	b := int64(st.NNZ)*12 + int64(st.N)*24 + int64(st.D)*8
	if c.data.Source == worker.SourceFile && c.file != nil {
		b += int64(len(c.file.raw))
	}
	return b
}

// dataSpecLocked describes the data in use for a worker.
func (c *Controller) dataSpecLocked() (worker.DataSpec, bool) {
	switch {
	case c.data == nil:
		return worker.DataSpec{}, false
	case c.data.Source == worker.SourcePreset:
		return worker.DataSpec{Preset: c.dataFrom}, true
	case c.file != nil && c.file.ref == c.data.File:
		return worker.DataSpec{File: c.file.raw, Name: c.file.ref.Name, Bias: c.settings.Bias,
			PositiveClass: c.settings.PositiveClass}, true
	}
	return worker.DataSpec{}, false
}

// commandLocked sends cmd to the run's workers and to the worker loading
// data; call with c.mu held.
func (c *Controller) commandLocked(cmd worker.Command) {
	for _, w := range c.conns {
		w.Send(worker.Message{Kind: worker.MsgCmd, Cmd: cmd})
	}
	if c.loader != nil {
		c.loader.Send(worker.Message{Kind: worker.MsgCmd, Cmd: cmd})
	}
}

// closeWorkersLocked ends the workers of the run in progress, if any.
func (c *Controller) closeWorkersLocked() {
	for _, w := range c.conns {
		w.Close()
	}
	c.conns = nil
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
	c.commandLocked(worker.CmdPause)
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
		c.commandLocked(worker.CmdStep)
	} else {
		c.commandLocked(worker.CmdRun)
	}
}
