package lab

import (
	"fmt"

	"imlab/core/experiment"
	"imlab/core/problem"
)

// runJobsHere runs the experiment of methods compared on the controller's
// goroutine, in slices: its jobs in run order through a Pool, each a
// JobRun, which is the code a worker runs, so the traces are the workers'
// bit for bit. (One method on the main thread keeps its
// experiment.Experiment, which records the minibatches of every slice for
// the slowed-down view.)
func (c *Controller) runJobsHere(t *task, s Settings, pr *problem.Problem, key pstarKey, pstar float64, known bool) error {
	var err error
	if !known {
		if !t.checkpoint() {
			return nil
		}
		if pstar, err = solveOptimum(t.ctx, pr, t.pacer()); err != nil {
			return fmt.Errorf("computing P*: %w", err)
		}
	}
	// The experiment plans every job (the views' θ, P and buckets); its
	// runs never start.
	exp, err := experiment.New(pr, pstar, experiment.Config{Method: s.Method, Samplings: s.Samplings(),
		Taus: s.Taus, Eps: s.Eps, MaxPassesPerTau: s.MaxPasses, Partition: s.Partition, Seed: s.Seed, Workers: 1, Yield: t.pacer(),
	})
	if err != nil {
		return err
	}
	c.mu.Lock()
	c.mainPlans++
	if !t.aliveLocked() {
		c.mu.Unlock()
		return nil
	}
	pool := NewPool(JobSpecs(s, pr.Lambda, pstar))
	ds := c.ds
	c.pstars[key] = pstar
	c.pstar, c.exp, c.pool, c.phase = pstar, exp, pool, Running
	c.runID++
	c.changedLocked()
	c.mu.Unlock()
	c.notify()

	for {
		spec, ok := pool.Next()
		if !ok {
			return nil
		}
		run, err := NewJobRun(ds, spec)
		if err != nil {
			run = nil
		}
		c.mu.Lock()
		c.mainPlans++
		c.mu.Unlock()
		for {
			if !t.checkpoint() {
				if run != nil {
					run.Close()
				}
				return nil
			}
			alive, done := c.sliceJob(t, pool, spec, run, err)
			if !alive {
				return nil
			}
			c.notify()
			if done {
				break
			}
			c.waitFrame()
		}
	}
}

// sliceJob does one slice of a job of a Pool run on the main thread, or
// records its failure to start (startErr), under the lock.
func (c *Controller) sliceJob(t *task, pool *Pool, spec JobSpec, run *JobRun, startErr error) (alive, done bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !t.aliveLocked() {
		return false, false
	}
	var u Update
	if run == nil {
		u = Update{Job: spec.Index, Done: true, Err: fmt.Sprintf("%s τ=%d: %v", spec.Sampling, spec.Tau, startErr)}
	} else {
		iters := c.sliceIterations(spec.Tau)
		t0 := c.env.Now()
		u = run.Advance(iters)
		d := c.env.Now() - t0
		c.slicer.Observe(iters*spec.Tau, d)
		c.stats.Add(d)
	}
	if err := pool.Apply(u); err != nil { // a programming error: the pool's protocol is ours
		c.err = err
	}
	if c.stepping && (c.speed > 0 || len(u.Points) > 0) {
		c.stepping, c.paused = false, true
	}
	if pool.Done() {
		c.phase, c.finishedAt, c.paused = Done, c.env.Now(), false
		if err := pool.Err(); err != nil {
			c.err = runsFailed(errorsOf(err), len(c.exp.Jobs()), c.settings.MaxPasses)
		}
	}
	c.changedLocked()
	return true, u.Done
}
