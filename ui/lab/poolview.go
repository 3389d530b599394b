package lab

import (
	"math"

	"imlab/core/experiment"
	"imlab/core/method/catalog"
	"imlab/core/sampling"
)

// What the page shows of a run on workers (a Pool's run, runOnWorkers):
// the jobs' views and the ratio table, made from the traces and the plans
// the workers sent, as the main thread's experiment makes them from its
// own.

// poolJobViewsLocked is jobViews for a run of a Pool: the experiment's own
// jobs (ownJobsLocked), their theory from the plans their workers sent
// (NaN until a job starts), or from the page's own plans (c.exp) where it
// made them.
func (c *Controller) poolJobViewsLocked() []JobView {
	pj := c.pool.jobs()
	out := make([]JobView, c.ownJobsLocked())
	for k := range out {
		spec := c.pool.specs[k]
		out[k] = c.poolJobViewLocked(pj[k], spec, c.poolPlanLocked(k, pj))
	}
	return out
}

// ownJobsLocked is the number of the experiment's own jobs of the run's
// Pool, the first of its specs (JobSpecs): τ-nice and τ-importance at
// every τ; the compared methods' follow.
func (c *Controller) ownJobsLocked() int {
	return min(2*len(c.settings.Taus), len(c.pool.specs))
}

// poolPlanLocked is the plan of job k of the Pool (pj its jobs): the one
// its worker sent, or the page's own, or nil.
func (c *Controller) poolPlanLocked(k int, pj []poolJob) *JobPlan {
	if pj[k].plan != nil {
		return pj[k].plan
	}
	if c.exp != nil && k < len(c.exp.Jobs()) {
		return jobPlanOf(c.exp.Jobs()[k])
	}
	return nil
}

// poolRowsLocked is the ratio table of a run of a Pool, one row per τ, by
// experiment.NewRow, the row of every table, from jobs
// (poolJobViewsLocked).
func (c *Controller) poolRowsLocked(jobs []JobView) []experiment.Row {
	side := func(smp sampling.Kind, tau int) *experiment.Side {
		for _, j := range jobs {
			if j.Tau == tau && j.Sampling.Static() == smp {
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

// poolJobViewLocked is the view of pool job p (of spec, with plan pl, nil
// if none yet): active once it has sent a point, until it is done; Reached
// where its gap first fell to ε. Call with c.mu held.
func (c *Controller) poolJobViewLocked(p poolJob, spec JobSpec, pl *JobPlan) JobView {
	v := JobView{Tau: spec.Tau, Sampling: spec.Sampling, Theory: unplanned, Reached: math.NaN(),
		Active: p.started && len(p.trace) > 0 && !p.done && c.phase == Running, Done: p.done, Trace: p.trace,
		Axis: catalog.AxisOf(spec.Method), N: c.data.Stats.N}
	if pl != nil {
		v.Theory = pl.Theory
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
