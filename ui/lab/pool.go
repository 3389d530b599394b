package lab

import (
	"errors"
	"fmt"
	"slices"
	"sync"

	"imlab/core/method"
	"imlab/ui/lab/setup"
	"imlab/ui/lab/worker"
)

// This file is the protocol of a pool of workers that run an experiment's
// jobs in parallel (in the browser, Web Workers, each its own Go instance
// holding its own copy of the data). It is written without any browser
// API, so that a pool of goroutines can stand in for the workers in tests:
//
//   - the page splits the experiment into JobSpecs (JobSpecs);
//   - a jobPool hands them out (jobPool.Next), takes back those a worker had
//     queued and not started (jobPool.Return), and merges the Updates the
//     workers send back (jobPool.Apply);
//   - a worker runs each spec alone on its data (JobRun), in slices, and
//     obeys a Control (pause, step, stop) between slices.
//
// Every job of an experiment depends only on its spec and the data (its
// plan and its sampler are seeded by the spec's Seed), so the traces merged
// by a jobPool are bit-identical for any number of workers, and identical to
// those of one experiment.Experiment running every job in turn.

// jobPool hands an experiment's jobs to workers and merges what they send
// back. It holds no goroutine and calls nothing: the host (the page's
// worker glue, or a test) calls Next when a worker is idle and Apply when
// an update arrives. It is safe for concurrent use.
type jobPool struct {
	mu     sync.Mutex
	specs  []worker.JobSpec
	order  []int // the order jobs are handed out in (indices of specs)
	next   int   // the next place in order never handed out
	back   []int // jobs handed back (jobPool.Return), handed out again first
	handed []bool
	traces [][]method.Point
	done   []bool
	errs   []error
	mbs    []*worker.Minibatches
	plans  []*worker.JobPlan
	left   int
}

// newJobPool returns a pool for the jobs specs, handed out in their run order.
func newJobPool(specs []worker.JobSpec) *jobPool {
	order := make([]int, len(specs))
	for k := range order {
		order[k] = k
	}
	return newJobPoolInOrder(specs, order)
}

// newJobPoolInOrder returns a pool for the jobs specs, handed out in order (a
// permutation of their indices, such as longestFirst's); traces and
// results stay in the specs' run order.
func newJobPoolInOrder(specs []worker.JobSpec, order []int) *jobPool {
	for k, s := range specs {
		if s.Index != k {
			panic(fmt.Sprintf("lab: job spec %d has index %d", k, s.Index))
		}
	}
	n := len(specs)
	if len(order) != n {
		panic(fmt.Sprintf("lab: an order of %d jobs for %d", len(order), n))
	}
	seen := make([]bool, n)
	for _, k := range order {
		if k < 0 || k >= n || seen[k] {
			panic(fmt.Sprintf("lab: order %v is not a permutation of the %d jobs", order, n))
		}
		seen[k] = true
	}
	return &jobPool{specs: specs, order: slices.Clone(order), handed: make([]bool, n), traces: make([][]method.Point, n), plans: make([]*worker.JobPlan, n), done: make([]bool, n), errs: make([]error, n), mbs: make([]*worker.Minibatches, n), left: n}
}

// autoWorkers is the number of workers workers=auto asks for on a host
// with cores cores (navigator.hardwareConcurrency): one per core but one,
// which the page's own thread keeps for its drawing, yet two where there
// are two cores. The page's thread uses a tenth of a core or less while a
// run draws (3 ms a frame), so on two cores keeping one for it left half
// the machine idle: lesson 6 (w8a) took 9.5 s on one worker and 5.9 s on
// two, the default run 1.00 s and 0.94 s (docs/workers.md).
func autoWorkers(cores int) int { return max(cores-1, min(cores, 2), 1) }

// poolSize is the number of workers for jobs jobs when want are asked for:
// at most jobs, and no more than the memory budget holds copies of the
// data (each worker holds its own; dataBytes is the estimated size of one
// copy), but at least one.
func poolSize(want, jobs int, dataBytes int64) int {
	n := min(want, jobs)
	if dataBytes > 0 {
		n = min(n, int(int64(setup.Budget)/dataBytes))
	}
	return max(1, n)
}

// Next returns the next job not yet handed out — a job handed back first,
// then in the pool's order; ok is false once every job has been.
func (p *jobPool) Next() (spec worker.JobSpec, ok bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	var k int
	switch {
	case len(p.back) > 0:
		k, p.back = p.back[0], p.back[1:]
	case p.next < len(p.specs):
		k = p.order[p.next]
		p.next++
	default:
		return worker.JobSpec{}, false
	}
	p.handed[k] = true
	return p.specs[k], true
}

// Left is the number of jobs not handed out.
func (p *jobPool) Left() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.specs) - p.next + len(p.back)
}

// Return hands back job k, handed out but not started (a worker gave it
// back), for Next to hand out again.
func (p *jobPool) Return(k int) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if k < 0 || k >= len(p.specs) || !p.handed[k] || p.done[k] || len(p.traces[k]) > 0 || p.plans[k] != nil {
		return fmt.Errorf("lab: job %d handed back, but it is not out or has started", k)
	}
	p.handed[k] = false
	p.back = append(p.back, k)
	return nil
}

// Apply merges an update from a worker. An update for an unknown or
// finished job is a protocol error.
func (p *jobPool) Apply(u worker.Update) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if u.Job < 0 || u.Job >= len(p.specs) || !p.handed[u.Job] {
		return fmt.Errorf("lab: update for job %d, which was not handed out", u.Job)
	}
	if p.done[u.Job] {
		return fmt.Errorf("lab: update for job %d, which has finished", u.Job)
	}
	p.traces[u.Job] = append(p.traces[u.Job], u.Points...)
	if u.Plan != nil {
		p.plans[u.Job] = u.Plan
	}
	if u.Minibatches != nil { // with a job's last update, or every one of a slowed-down run
		p.mbs[u.Job] = u.Minibatches
	}
	if u.Done {
		p.done[u.Job], p.errs[u.Job] = true, updateErr(u)
		p.left--
	}
	return nil
}

// Done reports whether every job has finished.
func (p *jobPool) Done() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.left == 0
}

// Traces returns a copy of every job's trace so far, in run order.
func (p *jobPool) Traces() [][]method.Point {
	p.mu.Lock()
	defer p.mu.Unlock()
	out := make([][]method.Point, len(p.traces))
	for k, t := range p.traces {
		out[k] = append([]method.Point(nil), t...)
	}
	return out
}

// Err joins the failures of the finished jobs, nil if none failed.
func (p *jobPool) Err() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	return errors.Join(p.errs...)
}

// updateErr is the failure of u's job as the page keeps it: errors.Is
// finds method.ErrBudget in a budget spent, whichever side of a worker's
// message the failure was made on.
func updateErr(u worker.Update) error {
	if u.Err == "" {
		return nil
	}
	return &jobError{text: u.Err, overBudget: u.OverBudget}
}

// jobError is a job's failure received as words.
type jobError struct {
	text       string
	overBudget bool
}

func (e *jobError) Error() string { return e.text }

// Is reports a budget spent as method.ErrBudget.
func (e *jobError) Is(target error) bool { return e.overBudget && target == method.ErrBudget }

// poolJob is what the page shows of one job of a jobPool.
type poolJob struct {
	trace   []method.Point
	started bool // handed out to a worker (perhaps queued behind another job)
	done    bool
	err     error
	mb      *worker.Minibatches // when done
	plan    *worker.JobPlan     // once started
}

// jobs returns a view of every job, in run order. The traces are not
// copied: a trace only grows (Apply appends to it, nothing writes to a
// point once appended), so each job's trace is handed out as a view of its
// points so far, capped at its length (t[:n:n]) so that appending to it
// reallocates instead of writing into the pool's array. A snapshot thus
// costs the same at the first point and the millionth.
func (p *jobPool) jobs() []poolJob {
	p.mu.Lock()
	defer p.mu.Unlock()
	out := make([]poolJob, len(p.specs))
	for k := range out {
		t := p.traces[k]
		out[k] = poolJob{trace: t[:len(t):len(t)], started: p.handed[k], done: p.done[k], err: p.errs[k], mb: p.mbs[k], plan: p.plans[k]}
	}
	return out
}
