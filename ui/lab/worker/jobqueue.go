package worker

import "sync"

// jobQueue is a worker's record of the jobs it was sent: queued (false) or
// started (true); a job given back is forgotten.
type jobQueue struct {
	mu    sync.Mutex
	state map[int]bool
}

func (q *jobQueue) queue(job int) {
	q.mu.Lock()
	q.state[job] = false
	q.mu.Unlock()
}

// takeBack forgets job if it is queued and not started, and reports
// whether it did.
func (q *jobQueue) takeBack(job int) bool {
	q.mu.Lock()
	defer q.mu.Unlock()
	started, ok := q.state[job]
	if !ok || started {
		return false
	}
	delete(q.state, job)
	return true
}

// start marks job started, or reports false if it was given back (or
// has started: a job given back and sent again has two messages).
func (q *jobQueue) start(job int) bool {
	q.mu.Lock()
	defer q.mu.Unlock()
	if started, ok := q.state[job]; !ok || started {
		return false
	}
	q.state[job] = true
	return true
}
