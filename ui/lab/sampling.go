package lab

import (
	"imlab/core/sampling"
	"imlab/ui/lab/worker"
)

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
	Residues *worker.Residues
}

// samplingViewLocked is the view of the last job of the run's jobPool (pj
// its jobs), in run order, that has sent its record of minibatches: a
// worker sends it when a job ends, and with every slice of a run slowed
// down, whose jobs run in turn on the page's thread (the one running).
// The other sampling's pᵢ come from the run's theory, which holds every
// τ's (MethodTheory.probs), or else from that job's plan once it started.
// Call with c.mu held.
func (c *Controller) samplingViewLocked(pj []poolJob) *SamplingView {
	own := c.ownJobsLocked() // the experiment's own jobs, not those of compared methods
	for k := own - 1; k >= 0; k-- {
		mb, pl := pj[k].mb, pj[k].plan
		if mb == nil || pl == nil || c.data == nil {
			continue
		}
		j := c.pool.specs[k]
		v := &SamplingView{Tau: j.Tau, Sampling: j.Sampling, Norms: c.data.Norms, P: pl.P,
			Buckets: pl.Buckets, Iters: mb.Iters, Visits: mb.Visits, Recent: mb.Recent}
		for o, os := range c.pool.specs[:own] {
			if os.Tau != j.Tau || os.Sampling == j.Sampling || (os.Sampling != sampling.Nice && os.Sampling.Static() != sampling.Imp) {
				continue
			}
			if p := c.mtheory.Probs(os.Tau, os.Sampling); p != nil {
				v.Other = p
			} else if opl := pj[o].plan; opl != nil {
				v.Other = opl.P
			}
		}
		v.follow(mb.Residues)
		return v
	}
	return nil
}

// follow makes v show an adaptive run's residues r (if any): its
// probabilities are then the adaptive ones, beside the static ones it
// started from.
func (v *SamplingView) follow(r *worker.Residues) {
	if r == nil || len(r.P) != len(v.Norms) {
		return
	}
	v.P, v.Other, v.Residues = r.P, r.Static, r
}
