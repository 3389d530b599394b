package experiment

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"

	"imlab/core/dfsdca"
	"imlab/core/method"
	"imlab/core/method/catalog"
	"imlab/core/problem"
	"imlab/core/sampling"
	"imlab/core/theory"
)

// Config selects what an Experiment runs. Zero fields take the paper's
// values, and the method's (catalog.DefaultsOf).
type Config struct {
	// Method is the method every job runs; default catalog.Default, the
	// paper's. Each runs with its safe step and catalog.OptionsOf (SGD
	// with decreasing steps) to catalog.Target(Method, Eps).
	Method    catalog.Name
	Taus      []int           // minibatch sizes; default 1, 2, 4, 8, 16, 32
	Samplings []sampling.Kind // default sampling.Nice, sampling.Imp
	Eps       float64         // target gap P(w) − P*; default catalog.DefaultsOf's
	Partition sampling.Rule   // bucket partition rule; "" = sampling.RandomRule
	Seed      uint64          // seeds the partition and every run's sampler
	Workers   int             // goroutines per minibatch, dfSDCA only (1 = sequential)
	// EvalEvery is the spacing of evaluations of P on the method's axis
	// (catalog.AxisOf: iterations/n for dfSDCA, passes otherwise); default
	// catalog.DefaultsOf's. EvalPerTau makes it passes/τ for every method.
	EvalEvery float64
	// EvalPerTau reads EvalEvery in passes/τ, the paper's axis, for every
	// method, as the paper's tables evaluate.
	EvalPerTau bool
	// MaxPassesPerTau is the per-run budget in passes/τ (iterations/n for
	// dfSDCA); default catalog.DefaultsOf's.
	MaxPassesPerTau float64
	// Record, if positive, wraps each run's sampler in a sampling.Recorder
	// keeping the last Record minibatches (Job.Recorder), to watch which
	// examples are sampled; the iterates are the same as without.
	Record int
	// EvalPerDoubling, if positive, thins each run's evaluations to about
	// this many per doubling of t (method.Stop.PerDoubling): far fewer
	// evaluations of P on long runs, the same bits at every point that
	// remains, but crossings that may come later by up to the thinned
	// spacing. 0 evaluates at every multiple of EvalEvery, as the paper's
	// ratios need.
	EvalPerDoubling int
	// Minimiser, if set, is the point P* was computed at, for runs that
	// need only their ε-crossings (the seeds of a table whose traces are
	// not kept): each run then skips the evaluations certainly above ε
	// (method.Stop.Minimiser), with the same crossings and iterates.
	Minimiser *method.Minimiser
}

func (c Config) withDefaults() Config {
	if c.Method == "" {
		c.Method = catalog.Default
	}
	if len(c.Taus) == 0 {
		c.Taus = PaperTaus
	}
	if len(c.Samplings) == 0 {
		c.Samplings = []sampling.Kind{sampling.Nice, sampling.Imp}
	}
	d := catalog.DefaultsOf(c.Method)
	if c.Eps == 0 {
		c.Eps = d.Eps
	}
	if c.Partition == "" {
		c.Partition = sampling.RandomRule
	}
	if c.EvalEvery == 0 {
		c.EvalEvery = d.EvalEvery
	}
	if c.MaxPassesPerTau == 0 {
		c.MaxPassesPerTau = d.MaxPasses
	}
	return c
}

// Job is one run of the experiment: one sampling at one τ.
type Job struct {
	Tau      int
	Sampling sampling.Kind
	Plan     *theory.Plan
	// Theory is what the method's analysis promises with the plan's
	// sampling (catalog.Predict).
	Theory catalog.Theory
	Run    *method.Run // nil until the job starts
	// Err is set if the run fell short: its Status.Err (budget spent,
	// diverged) naming the run.
	Err error
	// Recorder records the minibatches drawn when Config.Record > 0; nil
	// otherwise and until the job starts.
	Recorder *sampling.Recorder

	done bool
}

// Done reports whether the job has finished, successfully or not.
func (j *Job) Done() bool { return j.done }

// Experiment is a set of jobs run one after another on one problem.
type Experiment struct {
	pr    *problem.Problem
	pstar float64
	cfg   Config
	jobs  []*Job
	next  int // index of the job Advance works on
}

// New plans every (sampling, τ) job of cfg on pr; pstar is the optimal value
// P*, against which gaps are measured. The plans, and so the theoretical
// ratios, are available at once; no run starts until Advance or Until.
func New(pr *problem.Problem, pstar float64, cfg Config) (*Experiment, error) {
	cfg = cfg.withDefaults()
	if _, err := catalog.Parse(string(cfg.Method)); err != nil {
		return nil, fmt.Errorf("experiment: %w", err)
	}
	if math.IsNaN(pstar) || math.IsInf(pstar, 0) {
		return nil, fmt.Errorf("experiment: P* must be finite (got %v)", pstar)
	}
	if !(cfg.Eps > 0) {
		return nil, fmt.Errorf("experiment: target gap must be positive (got %v)", cfg.Eps)
	}
	if cfg.EvalPerDoubling < 0 {
		return nil, fmt.Errorf("experiment: evaluations per doubling must be ≥ 0 (got %d)", cfg.EvalPerDoubling)
	}
	// A gap that only rounds to below ε must never count as reached.
	if err := pr.CheckGap(cfg.Eps, pstar); err != nil {
		return nil, err
	}
	for _, tau := range cfg.Taus {
		if tau < 1 {
			return nil, fmt.Errorf("experiment: minibatch size τ = %d, want ≥ 1", tau)
		}
	}
	e := &Experiment{pr: pr, pstar: pstar, cfg: cfg}
	for _, s := range cfg.Samplings {
		for _, tau := range cfg.Taus {
			plan, err := theory.NewPlan(pr, theory.Spec{Sampling: s, Tau: tau, Partition: cfg.Partition, Seed: cfg.Seed})
			if err != nil {
				return nil, fmt.Errorf("experiment: %s at τ=%d: %w", s, tau, err)
			}
			th, err := catalog.Predict(cfg.Method, pr, plan)
			if err != nil {
				return nil, fmt.Errorf("experiment: %s %s at τ=%d: %w", cfg.Method, s, tau, err)
			}
			e.jobs = append(e.jobs, &Job{Tau: tau, Sampling: s, Plan: plan, Theory: th})
		}
	}
	return e, nil
}

// Config returns the configuration with defaults filled in.
func (e *Experiment) Config() Config { return e.cfg }

// Jobs returns the jobs in run order: for each sampling, for each τ.
func (e *Experiment) Jobs() []*Job { return e.jobs }

// Current returns the job Advance works on next, or nil when all are done.
func (e *Experiment) Current() *Job {
	if e.next >= len(e.jobs) {
		return nil
	}
	return e.jobs[e.next]
}

// Advance does at most iters iterations of the current job (plus at most one
// evaluation of P) and moves on when the job finishes. It returns done once
// every job has finished. A failed job does not stop the experiment: its
// error is returned once, recorded in Job.Err, and the next call goes on.
func (e *Experiment) Advance(iters int) (done bool, err error) {
	j := e.Current()
	if j == nil {
		return true, nil
	}
	if j.Run == nil {
		if err := e.start(j); err != nil {
			return e.finish(j, err)
		}
	}
	finished, err := j.Run.Advance(iters)
	if err != nil || finished {
		return e.finish(j, j.Run.Status().Err())
	}
	return false, nil
}

// start builds the job's solver and run.
func (e *Experiment) start(j *Job) error {
	plan := *j.Plan
	if e.cfg.Record > 0 {
		j.Recorder = sampling.NewRecorder(plan.Sampler, e.cfg.Record+dfsdca.MaxDrawnAhead)
		plan.Sampler = j.Recorder
	}
	opt := catalog.OptionsOf(e.cfg.Method, e.cfg.Seed)
	opt.Workers = e.cfg.Workers
	s, err := catalog.New(e.cfg.Method, e.pr, &plan, opt)
	if err != nil {
		return err
	}
	j.Run = method.NewRun(s, e.stop(j.Tau))
	return nil
}

// stop is the stop rule of the job at τ: on the method's axis, the budget
// and (with EvalPerTau) the spacing converted from passes/τ.
func (e *Experiment) stop(tau int) method.Stop {
	axis := catalog.AxisOf(e.cfg.Method)
	scale := axis.PerPassPerTau(tau)
	every := e.cfg.EvalEvery
	if e.cfg.EvalPerTau {
		every = scale * every
	}
	return method.Stop{Gap: catalog.Target(e.cfg.Method, e.cfg.Eps), PStar: e.pstar, Axis: axis,
		MaxPasses: scale * e.cfg.MaxPassesPerTau, EvalEvery: every, PerDoubling: e.cfg.EvalPerDoubling,
		Minimiser: e.cfg.Minimiser}
}

func (e *Experiment) finish(j *Job, err error) (bool, error) {
	closeRun(j.Run)
	j.done = true
	e.next++
	if err != nil {
		j.Err = fmt.Errorf("%s: %w", e.Name(j), err)
	}
	return e.next >= len(e.jobs), j.Err
}

// Name names a job in messages: its method, sampling, τ and seed, as in
// "sgd nice τ=32 seed 1".
func (e *Experiment) Name(j *Job) string {
	return fmt.Sprintf("%s %s τ=%d seed %d", e.cfg.Method, j.Sampling, j.Tau, e.cfg.Seed)
}

// closeRun stops the goroutines of a run's solver (dfSDCA's with workers).
func closeRun(r *method.Run) {
	if r == nil {
		return
	}
	if c, ok := r.Solver().(io.Closer); ok {
		c.Close()
	}
}

// Until runs every remaining job to completion, calling progress (if not nil)
// with each new trace point. It stops early only if ctx is cancelled; failed
// jobs are reported together in the returned error.
func (e *Experiment) Until(ctx context.Context, progress func(*Job, method.Point)) error {
	const chunk = 4096 // iterations between checks of ctx: well under a millisecond each
	var errs []error
	seen := 0
	for {
		if err := ctx.Err(); err != nil {
			e.Close()
			return err
		}
		j := e.Current()
		if j == nil {
			return errors.Join(errs...)
		}
		done, err := e.Advance(chunk)
		if err != nil {
			errs = append(errs, err)
		}
		if progress != nil && j.Run != nil {
			tr := j.Run.Trace()
			for _, p := range tr[min(seen, len(tr)):] {
				progress(j, p)
			}
			seen = len(tr)
		}
		if j.Done() {
			seen = 0
		}
		if done {
			return errors.Join(errs...)
		}
	}
}

// Close stops the worker goroutines of a job still in progress.
func (e *Experiment) Close() {
	for _, j := range e.jobs {
		closeRun(j.Run)
	}
}
