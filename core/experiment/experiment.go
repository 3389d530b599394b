package experiment

import (
	"context"
	"errors"
	"fmt"
	"math"

	"imlab/core/dfsdca"
	"imlab/core/fmath"
	"imlab/core/method/catalog"
	"imlab/core/problem"
	"imlab/core/sampling"
	"imlab/core/theory"
)

// Config selects what an Experiment runs. Zero fields take the paper's values.
type Config struct {
	Taus        []int           // minibatch sizes; default 1, 2, 4, 8, 16, 32
	Samplings   []sampling.Kind // default sampling.Nice, sampling.Imp
	Eps         float64         // target gap P(w) − P*; default catalog.DefaultsOf's
	Partition   sampling.Rule   // bucket partition rule; "" = sampling.RandomRule
	Seed        uint64          // seeds the partition and every run's sampler
	Workers     int             // goroutines per minibatch (1 = sequential)
	EvalEvery   float64         // iterations/n between evaluations of P; default catalog.DefaultsOf's
	MaxIterPerN float64         // per-run budget in iterations/n; default catalog.DefaultsOf's
	// Yield, if set, is called by New after building each plan (a pass or
	// two over the data), so that a browser can hand control back to its
	// event loop while the experiment is planned.
	Yield func()
	// Record, if positive, wraps each run's sampler in a sampling.Recorder
	// keeping the last Record minibatches (Job.Recorder), to watch which
	// examples are sampled; the iterates are the same as without.
	Record int
	// EvalPerDoubling, if positive, thins each run's evaluations to about
	// this many per doubling of t (dfsdca.Stop.PerDoubling): far fewer
	// evaluations of P on long runs, the same bits at every point that
	// remains, but crossings that may come later by up to the thinned
	// spacing. 0 evaluates at every multiple of EvalEvery, as the paper's
	// ratios need.
	EvalPerDoubling int
}

// ErrNoReach reports a run that spent its budget without reaching ε.
var ErrNoReach = errors.New("experiment: budget spent before reaching the target gap")

func (c Config) withDefaults() Config {
	if len(c.Taus) == 0 {
		c.Taus = PaperTaus
	}
	if len(c.Samplings) == 0 {
		c.Samplings = []sampling.Kind{sampling.Nice, sampling.Imp}
	}
	d := catalog.DefaultsOf(catalog.DFSDCA)
	if c.Eps == 0 {
		c.Eps = d.Eps
	}
	if c.Partition == "" {
		c.Partition = sampling.RandomRule
	}
	if c.EvalEvery == 0 {
		c.EvalEvery = d.EvalEvery
	}
	if c.MaxIterPerN == 0 {
		c.MaxIterPerN = d.MaxPasses
	}
	return c
}

// Job is one dfSDCA run of the experiment: one sampling at one τ.
type Job struct {
	Tau      int
	Sampling sampling.Kind
	Plan     *theory.Plan
	Run      *dfsdca.Run // nil until the job starts
	Err      error       // set if the run failed (diverged, say)
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
			e.jobs = append(e.jobs, &Job{Tau: tau, Sampling: s, Plan: plan})
			if cfg.Yield != nil {
				cfg.Yield()
			}
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
		sampler := j.Plan.Sampler
		if e.cfg.Record > 0 {
			j.Recorder = sampling.NewRecorder(sampler, e.cfg.Record+dfsdca.MaxDrawnAhead)
			sampler = j.Recorder
		}
		s, err := dfsdca.New(e.pr, dfsdca.Options{
			Sampler: sampler, Theta: j.Plan.Theta, Workers: e.cfg.Workers, Seed: e.cfg.Seed,
		})
		if err != nil {
			return e.finish(j, err)
		}
		j.Run = dfsdca.NewRun(s, dfsdca.Stop{
			Gap: e.cfg.Eps, PStar: e.pstar, MaxIterPerN: e.cfg.MaxIterPerN, EvalEvery: e.cfg.EvalEvery,
			PerDoubling: e.cfg.EvalPerDoubling,
		})
	}
	finished, err := j.Run.Advance(iters)
	if err != nil || finished {
		if err == nil {
			if _, ok := j.Run.Reached(); !ok {
				err = ErrNoReach
			}
		}
		return e.finish(j, err)
	}
	return false, nil
}

func (e *Experiment) finish(j *Job, err error) (bool, error) {
	if j.Run != nil {
		j.Run.Solver().Close()
	}
	j.done = true
	e.next++
	if err != nil {
		j.Err = fmt.Errorf("%s τ=%d: %w", j.Sampling, j.Tau, err)
	}
	return e.next >= len(e.jobs), j.Err
}

// Until runs every remaining job to completion, calling progress (if not nil)
// with each new trace point. It stops early only if ctx is cancelled; failed
// jobs are reported together in the returned error.
func (e *Experiment) Until(ctx context.Context, progress func(*Job, dfsdca.Point)) error {
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
		if j.Run != nil {
			j.Run.Solver().Close()
		}
	}
}

// Row is one row of the paper's ratio tables.
type Row struct {
	Tau                 int
	ThetaNice, ThetaImp float64 // step sizes of τ-nice and τ-importance
	Theory              float64 // ThetaImp / ThetaNice
	NiceX, ImpX         float64 // iterations/n to reach ε (see Crossing); NaN until reached
	Empirical           float64 // NiceX / ImpX
}

// Rows returns one row per τ, from the "nice" and "imp" jobs; cells whose
// jobs have not reached ε yet are NaN.
func (e *Experiment) Rows() []Row {
	return e.RowsFrom(func(k int) []dfsdca.Point { return traceOf(e.jobs[k]) })
}

// NewRow is the table row of τ from its τ-nice and τ-importance jobs (nil
// for a job not planned, whose cells are then NaN), with iterations/n
// measured to the gap eps.
func NewRow(tau int, nice, imp *Job, eps float64) Row {
	return rowOf(tau, nice, imp, traceOf(nice), traceOf(imp), eps)
}

// rowOf is the row of τ from its two jobs (either may be nil) and their
// traces, wherever those were made.
func rowOf(tau int, nice, imp *Job, niceTrace, impTrace []dfsdca.Point, eps float64) Row {
	r := Row{Tau: tau, ThetaNice: math.NaN(), ThetaImp: math.NaN(), NiceX: math.NaN(), ImpX: math.NaN()}
	cell := func(j *Job, trace []dfsdca.Point) (theta, x float64) {
		if j == nil {
			return math.NaN(), math.NaN()
		}
		x = math.NaN()
		if v, ok := Crossing(trace, eps); ok {
			x = v
		}
		return j.Plan.Theta, x
	}
	r.ThetaNice, r.NiceX = cell(nice, niceTrace)
	r.ThetaImp, r.ImpX = cell(imp, impTrace)
	r.Theory = r.ThetaImp / r.ThetaNice
	r.Empirical = r.NiceX / r.ImpX
	return r
}

// traceOf is a job's trace so far, nil before its run starts.
func traceOf(j *Job) []dfsdca.Point {
	if j == nil || j.Run == nil {
		return nil
	}
	return j.Run.Trace()
}

// Crossing returns the iterations/n at which a trace's gap falls to eps,
// interpolating log(gap) linearly between the last evaluation above eps and
// the first at or below it. Without interpolation the crossing would snap to
// the evaluation grid, an error of up to EvalEvery in each run of a ratio.
// ok is false if the trace never reaches eps.
func Crossing(trace []dfsdca.Point, eps float64) (x float64, ok bool) {
	for k, pt := range trace {
		if !(pt.Gap <= eps) {
			continue
		}
		if k == 0 || !(pt.Gap > 0) {
			return pt.IterPerN, true
		}
		prev := trace[k-1]
		f := fmath.Log(prev.Gap/eps) / fmath.Log(prev.Gap/pt.Gap)
		return prev.IterPerN + float64(f*(pt.IterPerN-prev.IterPerN)), true
	}
	return math.NaN(), false
}
