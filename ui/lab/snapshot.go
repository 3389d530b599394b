package lab

import (
	"math"

	"imlab/core/experiment"
	"imlab/core/method/catalog"
	"imlab/core/sampling"
	"imlab/ui/lab/worker"
)

// The Snapshot is how the UI reads the controller: a copy of its state
// taken under the lock, cheap enough for every animation frame. What only
// grows (the traces) is shared, not copied; see JobView.Trace. What it
// shows of a run is made from the traces and the plans its workers sent
// (a jobPool's), wherever they ran.

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
		pj := c.pool.jobs()
		s.Jobs = c.jobViewsLocked(pj)
		s.Rows = c.tableLocked(s.Jobs)
		s.Sampling = c.samplingViewLocked(pj)
		s.Compared = c.comparedLocked(pj) // methodcompare.go
		s.Progress = progress(s.Jobs, c.settings.Eps)
		s.Method = methodView(c.mtheory, &c.readings, s.Jobs, c.settings.Eps)
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

// jobViewsLocked is the view of the experiment's own jobs (ownJobsLocked)
// of the run's jobPool, whose jobs are pj: their theory from the plans their
// workers sent (NaN until a job starts).
func (c *Controller) jobViewsLocked(pj []poolJob) []JobView {
	out := make([]JobView, c.ownJobsLocked())
	for k := range out {
		out[k] = c.jobViewLocked(pj[k], c.pool.specs[k])
	}
	return out
}

// ownJobsLocked is the number of the experiment's own jobs of the run's
// jobPool, the first of its specs (JobSpecs): τ-nice and τ-importance at
// every τ; the compared methods' follow.
func (c *Controller) ownJobsLocked() int {
	return min(2*len(c.settings.Taus), len(c.pool.specs))
}

// tableLocked is the ratio table of the run, one row per τ, by
// experiment.NewRow, the row of every table, from jobs (jobViewsLocked).
func (c *Controller) tableLocked(jobs []JobView) []experiment.Row {
	side := func(smp sampling.Kind, tau int) *experiment.Side {
		for _, j := range jobs {
			if j.Tau == tau && j.Sampling.Static() == smp { // adaptive τ-importance on the τ-importance side
				return &experiment.Side{Theory: j.Theory, Trace: j.Trace}
			}
		}
		return nil
	}
	rows := make([]experiment.Row, 0, len(c.settings.Taus))
	for _, tau := range c.settings.Taus {
		rows = append(rows, experiment.NewRow(c.settings.Method, c.data.Stats.N, tau,
			side(sampling.Nice, tau), side(sampling.Imp, tau), c.settings.Eps))
	}
	return rows
}

// unplanned is the theory of a job whose plan has not arrived.
var unplanned = catalog.Theory{Step: math.NaN(), Rate: math.NaN(), PassesPerEFold: math.NaN()}

// jobViewLocked is the view of pool job p of spec: active once it has
// sent a point, until it is done; Reached where its gap first fell to ε.
// Call with c.mu held.
func (c *Controller) jobViewLocked(p poolJob, spec worker.JobSpec) JobView {
	v := JobView{Tau: spec.Tau, Sampling: spec.Sampling, Theory: unplanned, Reached: math.NaN(),
		Active: p.started && len(p.trace) > 0 && !p.done && c.phase == Running, Done: p.done, Trace: p.trace,
		Axis: catalog.AxisOf(spec.Method), N: c.data.Stats.N}
	if p.plan != nil {
		v.Theory = p.plan.Theory
	}
	v.Err = p.err
	eps := catalog.Target(spec.Method, c.settings.Eps)
	for _, pt := range p.trace {
		if pt.Gap <= eps {
			v.Reached = v.X(pt)
			break
		}
	}
	return v
}
