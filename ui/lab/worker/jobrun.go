package worker

import (
	"errors"
	"time"

	"imlab/core/experiment"
	"imlab/core/method"
	"imlab/core/method/catalog"
	"imlab/core/problem"
	"imlab/ui/lab/setup"
)

// JobSpec is one job of an experiment, what a worker runs: the core's
// experiment.Spec.
type JobSpec = experiment.Spec

// recentMinibatches is how many of the last minibatches a run keeps for
// the sampling view.
const recentMinibatches = 8

// JobSpecs lists the jobs of an experiment with settings s, regulariser
// lambda and optimum pstar, in the run order of experiment.Experiment: for
// each sampling, for each τ; then the same for each compared method
// (Settings.Methods).
func JobSpecs(s setup.Settings, lambda, pstar float64) []JobSpec {
	return experiment.Specs(s.Methods(), s.Taus, experiment.Spec{Loss: s.Loss, Lambda: lambda, PStar: pstar,
		Eps: s.Eps, Partition: s.Partition, Seed: s.Seed, MaxPassesPerTau: s.MaxPasses, Sampling: s.Importance})
}

// Update is a message from a worker to the page: the trace points its job
// made since its last update, and whether the job has finished (and how).
type Update struct {
	Job    int            // JobSpec.Index
	Points []method.Point // new trace points, in order
	Done   bool
	Err    string // the job's failure, if Done and it failed ("" otherwise)
	// OverBudget says that the failure is a budget spent before ε
	// (method.ErrBudget), which the page tells apart from other failures.
	OverBudget bool
	// Minibatches, with the last update of a job that ran (and with every
	// update of a slowed-down run), is what the sampling view shows of it.
	Minibatches *Minibatches
	// Busy is the time the worker has spent in solver work so far (the
	// slices of its jobs, and P*), for the share of a run's wall time
	// spent solving.
	Busy time.Duration
	// Plan, with a job's first update, is what the page shows of the plan
	// the worker made for it, so that the page makes none.
	Plan *JobPlan
}

// JobPlan is what the page shows of a job's plan (theory.Plan) and its
// method's theory: the safe step (θ for dfSDCA) and the predicted rate for
// the ratio table, and pᵢ and the buckets for the sampling view.
type JobPlan struct {
	Theory  catalog.Theory
	P       []float64 // read-only, shared
	Buckets [][]int   // nil for τ-nice; read-only, shared
}

// jobPlanOf is what the page shows of an experiment's job.
func jobPlanOf(j *experiment.Job) *JobPlan {
	return &JobPlan{Theory: j.Theory, P: j.Plan.P, Buckets: j.Plan.Partition.Buckets}
}

// Minibatches is a run's record of the minibatches it used: how many, the
// last few, and how often each example was in one.
type Minibatches struct {
	Iters  int
	Recent [][]int // oldest first, at most recentMinibatches
	Visits []int
	// Residues of an adaptive run at its last refresh; nil for others.
	Residues *Residues
}

// JobRun runs one JobSpec in slices, as a worker does.
type JobRun struct {
	spec JobSpec
	exp  *experiment.Experiment
	sent int      // trace points already sent
	plan *JobPlan // sent with the first update, then nil
}

// NewJobRun plans spec on pr, its problem (JobSpec.Problem). The plan is the
// one experiment.New would make for the same job in the whole experiment.
func NewJobRun(pr *problem.Problem, spec JobSpec) (*JobRun, error) {
	exp, err := spec.Run(pr, experiment.Config{Workers: 1,
		Record: 2 * recentMinibatches}) // as the controller records, for the sampling view
	if err != nil {
		return nil, err
	}
	return &JobRun{spec: spec, exp: exp, plan: jobPlanOf(exp.Jobs()[0])}, nil
}

// Advance does at most iters iterations (plus at most one evaluation of P)
// and returns the update to send: the points made meanwhile, and whether
// the job finished.
func (r *JobRun) Advance(iters int) Update {
	u := r.advance(iters)
	u.Plan, r.plan = r.plan, nil
	return u
}

func (r *JobRun) advance(iters int) Update {
	done, err := r.exp.Advance(iters)
	u := Update{Job: r.spec.Index, Done: done}
	if j := r.exp.Jobs()[0]; j.Run != nil {
		tr := j.Run.Trace()
		u.Points = append([]method.Point(nil), tr[r.sent:]...)
		r.sent = len(tr)
	}
	if err != nil {
		u.Err, u.OverBudget = err.Error(), errors.Is(err, method.ErrBudget)
	}
	if done {
		u.Minibatches = r.minibatches()
	}
	return u
}

// minibatches is the job's record of the minibatches it used so far, nil
// before it started.
func (r *JobRun) minibatches() *Minibatches {
	j := r.exp.Jobs()[0]
	if j.Run == nil || j.Recorder == nil {
		return nil
	}
	iters := j.Run.Solver().Iter()
	mb := &Minibatches{Iters: iters, Visits: j.Recorder.Visits(iters)}
	for k := max(0, iters-recentMinibatches); k < iters; k++ {
		if b, ok := j.Recorder.Batch(k); ok {
			mb.Recent = append(mb.Recent, append([]int(nil), b...))
		}
	}
	mb.Residues = residuesOf(j.Run)
	return mb
}

// Tau is the minibatch size of the job, to size slices.
func (r *JobRun) Tau() int { return r.spec.Tau }

// Close stops the job's solver goroutines.
func (r *JobRun) Close() {
	if r.exp != nil {
		r.exp.Close()
	}
}
