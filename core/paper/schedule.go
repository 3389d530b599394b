package paper

// The scheduler of a reproduction: which task a free worker takes next
// (preparations first while fewer than Jobs sources are open, then the
// longest runs of the earliest seed), and how the cores of workers with
// nothing left to start go to the runs still going.

import (
	"context"

	"imlab/core/sampling"
)

// task is what a worker does next: prepare a source (load it and solve
// P*) or run a job.
type task struct {
	prepare bool
	src     int
	job     job
}

// next picks a worker's next task, waiting while every task left waits for
// a source being prepared; it returns false when none is left or ctx has
// ended.
//
// Preparations come first while fewer than Jobs sources are open (prepared
// or being prepared, with jobs not yet started), so that they overlap each
// other and the runs; at most about Jobs data sets are then in memory.
// Among the runs of the prepared sources, those of the lowest seed go
// first (so that seed 1's table is whole early, for an interrupt), and among
// those the one expected longest (cost), so that the last runs to finish
// are short ones.
func (r *reproduction) next(ctx context.Context) (task, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for ctx.Err() == nil {
		open, unprepared := 0, -1
		for s, p := range r.preps {
			switch {
			case r.untaken[s] == 0:
			case p.started:
				open++
			case unprepared < 0:
				unprepared = s
			}
		}
		if unprepared >= 0 && open < r.cfg.Jobs {
			r.preps[unprepared].started = true
			return task{prepare: true, src: unprepared}, true
		}
		best := -1
		for k, j := range r.jobs {
			if r.taken[k] || !r.preps[j.src].ready {
				continue
			}
			if best < 0 || r.before(j, r.jobs[best]) {
				best = k
			}
		}
		if best >= 0 {
			r.taken[best] = true
			r.untaken[r.jobs[best].src]--
			return task{job: r.jobs[best]}, true
		}
		if unprepared >= 0 { // every open source is being prepared
			r.preps[unprepared].started = true
			return task{prepare: true, src: unprepared}, true
		}
		waiting := false
		for s, p := range r.preps {
			waiting = waiting || (r.untaken[s] > 0 && p.started && !p.ready)
		}
		if !waiting {
			// Nothing is left to start: this worker's core goes to the
			// runs still going (claim).
			r.spare++
			return task{}, false
		}
		r.ready.Wait()
	}
	return task{}, false
}

// before reports whether run a goes before run b: a lower seed first, then
// the longer expected, then the job order.
func (r *reproduction) before(a, b job) bool {
	if a.seed != b.seed {
		return a.seed < b.seed
	}
	return r.cost(a) > r.cost(b)
}

// workerSetter is a solver whose minibatch work can take more goroutines
// between steps without changing its iterates (dfsdca.Solver).
type workerSetter interface{ SetWorkers(int) error }

// splitNNZ is the least number of non-zeros in a minibatch for which a run
// takes spare cores: below it dfSDCA would not split its minibatches. (A
// variable for tests.)
var splitNNZ = 4096

// beforeClaim runs at the start of every claim (a variable for tests:
// TestReproduceSpareCores holds one run there until a worker has found
// nothing left to start, so that its claim does not depend on timing).
var beforeClaim = func(*reproduction) {}

// claim takes a running run's share of the spare cores.
func (r *reproduction) claim() int {
	beforeClaim(r)
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.spare == 0 {
		return 0
	}
	runs := max(len(r.running), 1)
	more := min(r.spare, (r.spare+runs-1)/runs)
	r.spare -= more
	r.claimed += more
	return more
}

// cost estimates a run's work, for ordering the runs of prepared sources:
// the data's non-zeros times 1 + ω̄(τ − 1), ω̄ its mean density, the growth
// with τ of the ESO parameters v_i that set the passes dfSDCA needs (τ-nice,
// whose v_i are the larger, a little more). Only the order matters, and
// ties keep the job order (seeds in order).
func (r *reproduction) cost(j job) float64 {
	p := r.preps[j.src]
	tau := float64(r.taus[j.tau])
	c := p.nnz * (1 + float64(p.density*(tau-1)))
	if kinds[j.kind] == sampling.Nice {
		c *= 1.25
	}
	return c
}
