package lab

import (
	"errors"
	"math"

	"imlab/core/experiment"
	"imlab/core/sampling"
)

// What the page shows of a run on workers (a Pool's run, runOnWorkers):
// the jobs' views and the ratio table, made from the traces and the plans
// the workers sent, as the main thread's experiment makes them from its
// own.

// poolJobViewsLocked is jobViews for a run of a Pool: the experiment's own
// jobs (ownJobsLocked), θ from the plans their workers sent (NaN until a
// job starts), or from the page's own plans (c.exp) where it made them.
func (c *Controller) poolJobViewsLocked() []JobView {
	pj := c.pool.jobs()
	out := make([]JobView, c.ownJobsLocked())
	for k := range out {
		spec, theta := c.pool.specs[k], math.NaN()
		if pl := c.poolPlanLocked(k, pj); pl != nil {
			theta = pl.Theta
		}
		out[k] = c.poolJobViewLocked(pj[k], spec.Tau, spec.Sampling, theta)
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
		return jobPlanOf(c.exp.Jobs()[k].Plan)
	}
	return nil
}

// poolRowsLocked is the ratio table of a run of a Pool, one row per τ, as
// experiment.Experiment.RowsFrom makes it, from jobs (poolJobViewsLocked).
func (c *Controller) poolRowsLocked(jobs []JobView) []experiment.Row {
	cell := func(smp sampling.Kind, tau int) (theta, x float64) {
		for _, j := range jobs {
			if j.Tau == tau && j.Sampling == smp {
				x = math.NaN()
				if v, ok := experiment.Crossing(j.Trace, c.settings.Eps); ok {
					x = v
				}
				return j.Theta, x
			}
		}
		return math.NaN(), math.NaN()
	}
	rows := make([]experiment.Row, 0, len(c.settings.Taus))
	for _, tau := range c.settings.Taus {
		r := experiment.Row{Tau: tau}
		r.ThetaNice, r.NiceX = cell(sampling.Nice, tau)
		r.ThetaImp, r.ImpX = cell(sampling.Imp, tau)
		r.Theory, r.Empirical = r.ThetaImp/r.ThetaNice, r.NiceX/r.ImpX
		rows = append(rows, r)
	}
	return rows
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
