package paper

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"imlab/core/dataset"
	"imlab/core/experiment"
	"imlab/core/method"
	"imlab/core/method/catalog"
	"imlab/core/pipeline"
	"imlab/core/problem"
	"imlab/core/sampling"
)

// Config says how Reproduce rebuilds a ratio table.
type Config struct {
	// Run holds the settings of every run: Taus (default PaperTaus), Eps,
	// Workers, EvalEvery and MaxPassesPerTau (Eps and MaxPassesPerTau default to
	// the method's, catalog.DefaultsOf). Its Samplings, Partition and Seed
	// are set per job.
	Run experiment.Config
	// Rules are the partition rules, each a group of rows; default
	// sampling.RandomRule alone.
	Rules []sampling.Rule
	// Seeds is the number of seeds 1, …, Seeds averaged in each cell; each
	// seed redraws the partition and the samples. Default 1.
	Seeds int
	// Jobs is how many runs go at once (goroutines); default 1. Results do
	// not depend on it. Up to Jobs data sets may be in memory at once.
	Jobs int
	// Method is the method of every run; default catalog.Default, the
	// paper's. Run.Workers applies to dfSDCA only. Run.EvalEvery and
	// Run.MaxPassesPerTau are in passes/τ (passes through the data over τ,
	// which for dfSDCA is iterations/n), SGD runs with its decreasing steps
	// to catalog.Target(SGD, Run.Eps), and a run that spends its budget
	// leaves its cells NaN and is named in Outcome.Unreached instead of
	// failing the table.
	Method catalog.Name
	// Pose poses the problem on a source's data (loss and λ); required.
	Pose func(*dataset.Dataset) (*problem.Problem, error)
	// Events, if not nil, hears of progress; it is called from the workers,
	// one call at a time.
	Events func(Event)
	// CrossingsOnly says that no figure is drawn: seed 1's runs, like the
	// others, keep only the points their ε-crossings need
	// (method.Stop.Minimiser), and the Outcomes have no Traces. The rows
	// are the same.
	CrossingsOnly bool
}

// EventKind says what an Event reports.
type EventKind int

// The events of Reproduce, in the order they happen for one source.
const (
	Loading      EventKind = iota // a source's data is being made or read
	Solved                        // its P* is known (Event.Prepared, Event.Elapsed)
	RunReached                    // a run reached ε (Event.Point)
	SeedFinished                  // every run of a seed of a cell has finished
)

// Event is progress of Reproduce.
type Event struct {
	Kind     EventKind
	Source   string
	Prepared *pipeline.Prepared // Solved: the problem and its P*
	Elapsed  time.Duration      // Solved: time taken to load and solve
	Rule     sampling.Rule      // RunReached, SeedFinished
	Seed     int                // RunReached, SeedFinished
	Sampling sampling.Kind      // RunReached
	Tau      int                // RunReached
	// Point is, for RunReached, the first point with gap ≤ ε, and X its
	// position on the paper's axis passes/τ (iterations/n for dfSDCA).
	Point method.Point
	X     float64
}

// kinds are the two samplings every table compares.
var kinds = []sampling.Kind{sampling.Nice, sampling.Imp}

// job is one run: a source, a rule, a seed, a sampling and a τ. It is its
// own identity: its partition and samples depend on the seed alone, never on
// when or where it runs.
type job struct {
	order                 int // position in the job list, for reporting the first failure
	src, rule, seed, kind int // seed counts from 1
	tau                   int // index into taus
}

// Reproduce runs every job of the table — sources × rules × seeds × {τ-nice,
// τ-importance} × τ — cfg.Jobs at a time, and averages the seeds. Each
// source is loaded and solved to P* once, by the first job that needs it,
// and released when its last job ends.
//
// The result does not depend on cfg.Jobs or on scheduling. If ctx ends or a
// run fails, Reproduce stops every run within a few milliseconds and returns
// what finished (each cell averaging its longest run of finished seeds from
// seed 1) with the error: ctx's, or the first failed job's in job order.
func Reproduce(ctx context.Context, sources []Source, cfg Config) (*Result, error) {
	if cfg.Pose == nil {
		panic("paper: Reproduce without Config.Pose")
	}
	if len(cfg.Run.Taus) == 0 {
		cfg.Run.Taus = experiment.PaperTaus
	}
	if len(cfg.Rules) == 0 {
		cfg.Rules = []sampling.Rule{sampling.RandomRule}
	}
	if cfg.Method == "" {
		cfg.Method = catalog.Default
	}
	if _, err := catalog.Parse(string(cfg.Method)); err != nil {
		return nil, err
	}
	d := catalog.DefaultsOf(cfg.Method)
	if cfg.Run.Eps == 0 {
		cfg.Run.Eps = d.Eps
	}
	if cfg.Run.MaxPassesPerTau == 0 {
		cfg.Run.MaxPassesPerTau = d.MaxPasses
	}
	cfg.Seeds = max(cfg.Seeds, 1)
	cfg.Jobs = max(cfg.Jobs, 1)
	r := newReproduction(sources, cfg)
	return r.run(ctx)
}

// reproduction is the state of one Reproduce call.
type reproduction struct {
	sources []Source
	cfg     Config
	taus    []int
	jobs    []job
	preps   []*sourcePrep

	mu        sync.Mutex
	ready     *sync.Cond                 // a source's preparation ended (under mu)
	failOrder int                        // order of the first failed job; len(jobs) if none (under mu)
	spare     int                        // cores of the workers with nothing left to start (under mu)
	claimed   int                        // spare cores runs have taken, in all (under mu)
	running   map[int]context.CancelFunc // cancels each running job, by order (under mu)
	taken     []bool                     // jobs given to a worker, by order (under mu)
	untaken   []int                      // jobs of each source not yet given to a worker (under mu)
	events    sync.Mutex
	done      map[seedKey][]*finished      // finished runs of each seed, by kind × τ
	rows      map[seedKey][]experiment.Row // rows of each finished seed
	traces    map[seedKey][]Trace
	// unreached names the runs of each cell (seed 0) that spent their
	// budget before ε.
	unreached map[seedKey][]string
	failures  map[int]error // by job order
}

// seedKey names one seed of one cell.
type seedKey struct{ src, rule, seed int }

// sourcePrep is a source's problem and P*, made once and dropped after the
// source's last job.
type sourcePrep struct {
	once    sync.Once
	prep    *pipeline.Prepared
	err     error
	norms   []float64
	pending int // jobs not yet finished (under reproduction.mu)

	started, ready bool    // its preparation was given to a worker, and has ended (under mu)
	nnz, density   float64 // its data's non-zeros and mean density, once prepared (for cost)
}

func newReproduction(sources []Source, cfg Config) *reproduction {
	r := &reproduction{sources: sources, cfg: cfg, taus: cfg.Run.Taus,
		done: map[seedKey][]*finished{}, rows: map[seedKey][]experiment.Row{},
		traces: map[seedKey][]Trace{}, unreached: map[seedKey][]string{}, failures: map[int]error{}}
	// Largest τ first within a seed: the longest runs start early, which
	// shortens the tail where some workers idle.
	byTau := make([]int, len(r.taus))
	for k := range byTau {
		byTau[k] = k
	}
	slices.SortStableFunc(byTau, func(a, b int) int { return r.taus[b] - r.taus[a] })
	for s := range sources {
		p := &sourcePrep{}
		r.preps = append(r.preps, p)
		for ru := range cfg.Rules {
			for seed := 1; seed <= cfg.Seeds; seed++ {
				for _, t := range byTau {
					for k := range kinds {
						r.jobs = append(r.jobs, job{order: len(r.jobs), src: s, rule: ru, seed: seed, kind: k, tau: t})
						p.pending++
					}
				}
			}
		}
	}
	return r
}

func (r *reproduction) run(parent context.Context) (*Result, error) {
	ctx, stop := context.WithCancel(parent)
	defer stop()
	r.ready = sync.NewCond(&r.mu)
	r.failOrder = len(r.jobs)
	r.running = map[int]context.CancelFunc{}
	r.taken = make([]bool, len(r.jobs))
	r.untaken = make([]int, len(r.sources))
	for _, j := range r.jobs {
		r.untaken[j.src]++
	}
	unblock := context.AfterFunc(ctx, func() {
		r.mu.Lock()
		r.ready.Broadcast()
		r.mu.Unlock()
	})
	defer unblock()
	var wg sync.WaitGroup
	for range r.cfg.Jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				t, ok := r.next(ctx)
				if !ok {
					return
				}
				if t.prepare {
					r.prepared(ctx, t.src) // its error fails the source's jobs
					r.mu.Lock()
					r.preps[t.src].ready = true
					r.ready.Broadcast()
					r.mu.Unlock()
					continue
				}
				r.runJob(ctx, t.job)
			}
		}()
	}
	wg.Wait()

	res := r.result()
	if err := parent.Err(); err != nil {
		return res, err
	}
	if len(r.failures) > 0 {
		first := slices.Min(mapsKeys(r.failures))
		j := r.jobs[first]
		return res, fmt.Errorf("%s, %s, seed %d: %w", r.sources[j.src].Name, r.cfg.Rules[j.rule].Label(), j.seed, r.failures[first])
	}
	return res, nil
}

// runJob runs a job under a context of its own. A failure ends the table:
// the jobs after it in job order are cancelled or never started, while
// those before it still run, so that the error reported is the first
// failed job's in job order whatever the number of workers.
func (r *reproduction) runJob(ctx context.Context, j job) {
	jctx, cancel := context.WithCancel(ctx)
	defer cancel()
	r.mu.Lock()
	r.running[j.order] = cancel
	r.mu.Unlock()
	err := r.do(jctx, j)
	r.mu.Lock()
	defer r.mu.Unlock()
	delete(r.running, j.order)
	if err == nil || jctx.Err() != nil {
		return // done, or cancelled (its error is not its own)
	}
	r.failures[j.order] = err
	if j.order < r.failOrder {
		r.failOrder = j.order
		for k, c := range r.running {
			if k > j.order {
				c()
			}
		}
		for k := j.order + 1; k < len(r.jobs); k++ {
			if !r.taken[k] {
				r.taken[k] = true
				r.untaken[r.jobs[k].src]--
			}
		}
		r.ready.Broadcast()
	}
}

func mapsKeys(m map[int]error) []int {
	keys := make([]int, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	return keys
}

// emit passes an event to cfg.Events, one at a time.
func (r *reproduction) emit(e Event) {
	if r.cfg.Events == nil {
		return
	}
	r.events.Lock()
	defer r.events.Unlock()
	r.cfg.Events(e)
}

// prepared returns the source's problem and P*, making them on first use.
func (r *reproduction) prepared(ctx context.Context, s int) (*pipeline.Prepared, error) {
	p := r.preps[s]
	p.once.Do(func() {
		src := r.sources[s]
		start := time.Now()
		r.emit(Event{Kind: Loading, Source: src.Name})
		ds, err := src.Load(ctx)
		if err != nil {
			p.err = fmt.Errorf("%s: %w", src.Name, err)
			return
		}
		pr, err := r.cfg.Pose(ds)
		if err != nil {
			p.err = fmt.Errorf("%s: %w", src.Name, err)
			return
		}
		prep, err := pipeline.Prepare(ctx, pr)
		if err != nil {
			p.err = fmt.Errorf("%s: computing P*: %w", src.Name, err)
			return
		}
		p.prep, p.norms = prep, ds.SquaredNorms()
		p.nnz = float64(ds.NNZ())
		p.density = p.nnz / (float64(ds.N) * float64(ds.D))
		r.emit(Event{Kind: Solved, Source: src.Name, Prepared: prep, Elapsed: time.Since(start)})
	})
	r.mu.Lock()
	defer r.mu.Unlock()
	return p.prep, p.err
}

// do runs one job and files its outcome.
func (r *reproduction) do(ctx context.Context, j job) error {
	defer r.release(j.src)
	if err := ctx.Err(); err != nil {
		return err
	}
	prep, err := r.prepared(ctx, j.src)
	if err != nil {
		return err
	}
	kind, rule := kinds[j.kind], r.cfg.Rules[j.rule]
	base := r.cfg.Run
	base.Record, base.EvalPerTau = 0, true
	if !r.traced(j.seed) { // a run whose trace is not kept needs its crossings only
		base.Minimiser = prep.Minimiser()
	}
	spec := experiment.Spec{Tau: r.taus[j.tau], Sampling: kind, Eps: base.Eps, Partition: rule, Seed: uint64(j.seed), Method: r.cfg.Method}
	ex, err := prep.Experiment(spec.Config(base))
	if err != nil {
		return err
	}
	eps := catalog.Target(r.cfg.Method, ex.Config().Eps)
	n, tau := prep.Problem.Data.N, r.taus[j.tau]
	axis := catalog.AxisOf(r.cfg.Method)
	reached := false
	workers := max(base.Workers, 1)
	splittable := prep.Problem.Data.NNZ()/n*tau >= splitNNZ
	defer func() {
		r.mu.Lock()
		r.spare += workers - max(base.Workers, 1)
		r.mu.Unlock()
	}()
	err = ex.Until(ctx, func(job *experiment.Job, pt method.Point) {
		if !reached && pt.Gap <= eps {
			reached = true
			r.emit(Event{Kind: RunReached, Source: r.sources[j.src].Name, Rule: rule, Seed: j.seed,
				Sampling: kind, Tau: tau, Point: pt, X: axis.PerTau(pt, n, tau)})
		}
		// A run whose minibatches are worth splitting takes, at its
		// evaluations, the cores of the workers that found nothing left to
		// start: at a table's end the longest runs remain, and their
		// iterates do not depend on their workers. They are given back
		// when it ends.
		if !splittable || job.Done() { // a done job's solver is closed
			return
		}
		if more := r.claim(); more > 0 {
			if ws, ok := job.Run.Solver().(workerSetter); ok && ws.SetWorkers(workers+more) == nil {
				workers += more
			} else {
				r.mu.Lock()
				r.spare += more
				r.mu.Unlock()
			}
		}
	})
	run := ex.Jobs()[0]
	if err != nil && (ctx.Err() != nil || !errors.Is(err, method.ErrBudget)) {
		return err
	}
	// A run that spent its budget leaves its cells NaN and is named in the
	// outcome, instead of failing the table.
	r.file(j, &finished{side: experiment.Side{Theory: run.Theory, Trace: run.Run.Trace()}, n: n, unreached: err})
	return nil
}

// traced reports whether the runs of seed keep their traces: seed 1's, for
// the figures, unless none are drawn (Config.CrossingsOnly).
func (r *reproduction) traced(seed int) bool { return seed == 1 && !r.cfg.CrossingsOnly }

// finished is one finished run of a table: what a row needs of it.
type finished struct {
	side      experiment.Side
	n         int   // examples of its data
	unreached error // the run's error wrapping method.ErrBudget, if it spent its budget
}

// file records a finished run; the seed's last run turns them into rows.
func (r *reproduction) file(j job, run *finished) {
	key := seedKey{j.src, j.rule, j.seed}
	r.mu.Lock()
	runs := r.done[key]
	if runs == nil {
		runs = make([]*finished, len(kinds)*len(r.taus))
		r.done[key] = runs
	}
	runs[j.kind*len(r.taus)+j.tau] = run
	for _, x := range runs {
		if x == nil {
			r.mu.Unlock()
			return
		}
	}
	rows := make([]experiment.Row, len(r.taus))
	for t, tau := range r.taus {
		rows[t] = experiment.NewRow(r.cfg.Method, run.n, tau, &runs[t].side, &runs[len(r.taus)+t].side, r.cfg.Run.Eps)
	}
	r.rows[key] = rows
	cell := seedKey{j.src, j.rule, 0}
	for _, x := range runs {
		if x.unreached != nil {
			r.unreached[cell] = append(r.unreached[cell], x.unreached.Error())
		}
	}
	if r.traced(j.seed) {
		tr := make([]Trace, len(runs))
		for k, x := range runs {
			tr[k] = Trace{Sampling: kinds[k/len(r.taus)], Tau: r.taus[k%len(r.taus)], Points: x.side.Trace,
				Axis: catalog.AxisOf(r.cfg.Method), N: run.n}
		}
		r.traces[key] = tr
	}
	delete(r.done, key) // the runs, and through them the data, can go
	r.mu.Unlock()
	r.emit(Event{Kind: SeedFinished, Source: r.sources[j.src].Name, Rule: r.cfg.Rules[j.rule], Seed: j.seed})
}

// release counts a job of source s as finished, dropping the source's data
// after its last.
func (r *reproduction) release(s int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	p := r.preps[s]
	if p.pending--; p.pending == 0 {
		p.prep = nil
	}
}

// result averages each cell's finished seeds.
func (r *reproduction) result() *Result {
	r.mu.Lock()
	defer r.mu.Unlock()
	res := &Result{Sources: r.sources, Rules: r.cfg.Rules, Taus: r.taus,
		Cells: make([][]Outcome, len(r.sources)), Norms: make([][]float64, len(r.sources))}
	for s := range r.sources {
		res.Norms[s] = r.preps[s].norms
		res.Cells[s] = make([]Outcome, len(r.cfg.Rules))
		for ru := range r.cfg.Rules {
			var seeds [][]experiment.Row
			for seed := 1; seed <= r.cfg.Seeds; seed++ {
				rows, ok := r.rows[seedKey{s, ru, seed}]
				if !ok {
					break
				}
				seeds = append(seeds, rows)
			}
			res.Cells[s][ru] = Outcome{Seeds: len(seeds), Rows: Average(r.taus, seeds),
				Traces: r.traces[seedKey{s, ru, 1}], Unreached: r.unreached[seedKey{s, ru, 0}]}
		}
	}
	return res
}
