package lab

import "imlab/core/sampling"

// RecentMinibatches is how many of the last minibatches a run keeps for
// the sampling view.
const RecentMinibatches = 8

// SamplingView is what the sampling view shows of the run in progress (or
// the last one): the examples by ‖x_i‖², the sampling's probabilities p_i
// and buckets, the minibatches just used and the visits so far.
type SamplingView struct {
	Tau      int
	Sampling sampling.Kind // sampling.Nice or sampling.Imp
	Norms    []float64     // ‖x_i‖² (read-only, shared)
	P        []float64     // p_i = Prob(i ∈ Ŝ) (read-only, shared)
	Other    []float64     // p_i of the other sampling at the same τ, for comparison; nil if none (read-only, shared)
	Buckets  [][]int       // the partition of a bucket sampling; nil for τ-nice (read-only, shared)
	Recent   [][]int       // the last minibatches used, oldest first (copies)
	Iters    int           // minibatches used so far by this run
	Visits   []int         // how often each example was in them (a copy)
	// Residues, for an adaptive run, are its residues at the last
	// refresh (residues.go); P is then its adaptive probabilities and
	// Other the static ones. Nil for any other run.
	Residues *Residues
}

// samplingViewLocked builds the view of the current job, or of the last
// job once all are done; nil before a job starts. Call with c.mu held.
func (c *Controller) samplingViewLocked() *SamplingView {
	if c.pool != nil {
		return c.poolSamplingViewLocked()
	}
	jobs := c.exp.Jobs()
	j := c.exp.Current()
	if j == nil && len(jobs) > 0 {
		j = jobs[len(jobs)-1]
	}
	if j == nil || j.Run == nil || j.Recorder == nil || c.data == nil {
		return nil
	}
	iters := j.Run.Solver().Iter()
	v := &SamplingView{Tau: j.Tau, Sampling: j.Sampling, Norms: c.data.Norms, P: j.Plan.P,
		Buckets: j.Plan.Partition.Buckets, Iters: iters, Visits: j.Recorder.Visits(iters)}
	for _, o := range jobs {
		if o.Tau == j.Tau && o.Sampling != j.Sampling && (o.Sampling == sampling.Nice || o.Sampling.Static() == sampling.Imp) {
			v.Other = o.Plan.P
		}
	}
	for k := max(0, iters-RecentMinibatches); k < iters; k++ {
		if b, ok := j.Recorder.Batch(k); ok {
			v.Recent = append(v.Recent, append([]int(nil), b...))
		}
	}
	v.follow(residuesOf(j.Run))
	return v
}

// poolSamplingViewLocked is samplingViewLocked for a run on workers, which
// send their record of minibatches when a job ends: the view is that of the
// last job, in run order, that has ended. Call with c.mu held.
func (c *Controller) poolSamplingViewLocked() *SamplingView {
	pj := c.pool.jobs()
	for k := c.ownJobsLocked() - 1; k >= 0; k-- { // the experiment's own jobs, not those of compared methods
		mb, pl := pj[k].mb, c.poolPlanLocked(k, pj)
		if mb == nil || pl == nil || c.data == nil {
			continue
		}
		j := c.pool.specs[k]
		v := &SamplingView{Tau: j.Tau, Sampling: j.Sampling, Norms: c.data.Norms, P: pl.P,
			Buckets: pl.Buckets, Iters: mb.Iters, Visits: mb.Visits, Recent: mb.Recent}
		for o, os := range c.pool.specs[:c.ownJobsLocked()] {
			if os.Tau == j.Tau && os.Sampling != j.Sampling && (os.Sampling == sampling.Nice || os.Sampling.Static() == sampling.Imp) {
				if opl := c.poolPlanLocked(o, pj); opl != nil {
					v.Other = opl.P
				}
			}
		}
		v.follow(mb.Residues)
		return v
	}
	return nil
}
