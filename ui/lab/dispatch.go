package lab

import (
	"fmt"
	"slices"

	"imlab/ui/lab/worker"
)

// dispatcher hands a jobPool's jobs to workers so that none waits for the
// page between two jobs, and none is idle while another holds a job it has
// not started:
//
//   - while the pool holds a job, each worker has one job queued behind
//     the one it runs, so it starts its next job without a round trip
//     through the page's event loop (a round trip waits for whatever the
//     page's thread is doing: 0.1–0.2 s under load, per job);
//   - a worker that finishes with the pool empty takes over a job queued on
//     another worker: the page asks for it back (MsgTakeBack), and the
//     worker gives it back if it has not started it.
//
// Until the sixth session a worker got no job ahead once the pool held no
// more jobs than workers, so the run's last jobs each waited for a round
// trip; the take-back makes that caution needless (docs/workers.md).
//
// It is used by one goroutine (runOnWorkers).
type dispatcher struct {
	pool   *jobPool
	conns  []worker.Conn
	ready  []bool       // per worker, has its data: the others get no job yet
	queued [][]int      // per worker, the jobs sent and not finished, in order; [0] runs
	asked  map[int]bool // jobs asked back and not yet given back
	sent   int          // MsgJob messages sent
	ahead  int          // of which sent to a worker that had a job then
	taken  int          // jobs given back and sent again
}

// newDispatcher hands pool's jobs to conns; ready (shared with the caller,
// who sets it as workers get their data, then calls fillAll) says which
// may get jobs.
func newDispatcher(pool *jobPool, conns []worker.Conn, ready []bool) *dispatcher {
	return &dispatcher{pool: pool, conns: conns, ready: ready, queued: make([][]int, len(conns)), asked: map[int]bool{}}
}

// fill sends worker w jobs until it holds most (one running, one ahead),
// while the pool has any.
func (d *dispatcher) fill(w, most int) {
	for d.ready[w] {
		if len(d.queued[w]) >= most {
			return
		}
		spec, ok := d.pool.Next()
		if !ok {
			return
		}
		if len(d.queued[w]) > 0 {
			d.ahead++
		}
		d.queued[w] = append(d.queued[w], spec.Index)
		d.sent++
		d.conns[w].Send(worker.Message{Kind: worker.MsgJob, Spec: spec})
	}
}

// fillAll fills every worker: first a job to each idle one, the last
// worker first, then one ahead to each, so that the pool's first jobs, the
// longest (order.go), start at once on different workers rather than queue
// on one, and the longest not behind what the first worker may be doing
// before its jobs (P*, the method's theory: runOnWorkers).
func (d *dispatcher) fillAll() {
	for w := len(d.conns) - 1; w >= 0; w-- {
		d.fill(w, 1)
	}
	for w := range d.conns {
		d.fill(w, 2)
	}
	d.rebalance()
}

// started records that a job has made progress: if it was asked back, its
// worker had started it and keeps it.
func (d *dispatcher) started(job int) { delete(d.asked, job) }

// done records that worker w finished job.
func (d *dispatcher) done(w, job int) {
	d.started(job)
	if k := slices.Index(d.queued[w], job); k >= 0 {
		d.queued[w] = slices.Delete(d.queued[w], k, k+1)
	}
	d.fillAll()
}

// givenBack records that worker w gave job back, and sends it to an idle
// worker.
func (d *dispatcher) givenBack(w, job int) error {
	delete(d.asked, job)
	k := slices.Index(d.queued[w], job)
	if k < 0 {
		return fmt.Errorf("lab: worker %d gave back job %d, which it does not hold", w+1, job)
	}
	d.queued[w] = slices.Delete(d.queued[w], k, k+1)
	if err := d.pool.Return(job); err != nil {
		return err
	}
	d.taken++
	d.fillAll()
	return nil
}

// rebalance asks back, for each idle worker, one job queued behind another
// on a busy worker.
func (d *dispatcher) rebalance() {
	idle := 0
	for w := range d.conns {
		if d.ready[w] && len(d.queued[w]) == 0 {
			idle++
		}
	}
	idle -= len(d.asked)
	for w := range d.conns {
		if idle <= 0 {
			return
		}
		if len(d.queued[w]) < 2 {
			continue
		}
		job := d.queued[w][len(d.queued[w])-1]
		if d.asked[job] {
			continue
		}
		d.asked[job] = true
		idle--
		d.conns[w].Send(worker.Message{Kind: worker.MsgTakeBack, Job: job})
	}
}
