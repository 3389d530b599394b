package lab

import (
	"math"

	"imlab/core/method"
	"imlab/core/method/catalog"
)

// The Snapshot is how the UI reads the controller: a copy of its state
// taken under the lock, cheap enough for every animation frame. What only
// grows (the traces) is shared, not copied; see JobView.Trace.

// Snapshot returns a copy of the state for rendering.
func (c *Controller) Snapshot() Snapshot {
	c.mu.Lock()
	defer c.mu.Unlock()
	s := Snapshot{
		Phase: c.phase, Err: c.err, Settings: c.settings, Data: c.data,
		Lambda: c.lambda, PStar: c.pstar, Version: c.version, RunID: c.runID, Slices: c.stats, Awaited: c.awaited,
	}
	s.Settings.Taus = append([]int(nil), c.settings.Taus...)
	if c.paused && c.phase.Busy() {
		s.Phase, s.PausedIn = Paused, c.phase
	}
	if c.hasRunLocked() {
		if c.pool != nil {
			s.Jobs = c.poolJobViewsLocked()
			s.Rows = c.poolRowsLocked(s.Jobs)
			s.Sampling = c.samplingViewLocked()
			s.Compared = c.comparedLocked() // methodcompare.go
		} else {
			s.Jobs = c.jobViews()
			s.Rows = c.exp.Rows()
			s.Sampling = c.samplingViewLocked()
		}
		s.Progress = progress(s.Jobs, c.settings.Eps)
		s.Method = c.mtheory.View(s.Jobs, c.settings.Eps)
		end := c.env.Now()
		if c.phase == Done {
			end = c.finishedAt
		}
		s.Elapsed = end - c.runStart - c.pausedFor
		if c.paused && c.conns != nil {
			s.Elapsed -= end - c.pauseStart
		}
	}
	s.Workers, s.WorkersNote = c.poolWorkers, c.workersNote
	for _, b := range c.workerBusy {
		s.WorkerBusy += b
	}
	s.Speed = c.speed
	return s
}

func (c *Controller) jobViews() []JobView {
	cur := c.exp.Current()
	jobs := c.exp.Jobs()
	out := make([]JobView, len(jobs))
	for k, j := range jobs {
		v := JobView{Tau: j.Tau, Sampling: j.Sampling, Theory: j.Theory, Reached: math.NaN(),
			Active: j == cur && c.phase == Running, Done: j.Done(), Err: j.Err,
			Axis: catalog.AxisOf(c.exp.Config().Method), N: c.data.Stats.N}
		if j.Run != nil {
			tr := j.Run.Trace()
			v.Trace = tr[:len(tr):len(tr)] // a view, as a Pool's (Pool.jobs)
			if st := j.Run.Status(); st.Reason == method.Reached {
				v.Reached = st.At
			}
		}
		out[k] = v
	}
	return out
}
