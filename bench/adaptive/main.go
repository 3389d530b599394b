// Command adaptive measures adaptive τ-importance sampling against static
// τ-importance in dfSDCA (docs/adaptive.md): for each data set, τ and seed it
// runs both samplings to P(w) − P* ≤ ε, P* from core/optimum's Newton solve,
// and prints a markdown table of the passes needed (iterations/n, the paper's
// axis), seeds averaged, with the time per pass. From the repository root:
//
//	go run ./bench/adaptive -seeds 3 -doc docs/adaptive.md
//
// rewrites the table at the end of docs/adaptive.md.
//
// The real sets (w8a, ijcnn1.tr, a9a, with a bias feature) are read from
// -dir; the paper's five artificial laws are generated at -n × -d.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"strconv"
	"strings"
	"time"

	"imlab/core/dataset"
	"imlab/core/dfsdca"
	"imlab/core/libsvm"
	"imlab/core/loss"
	"imlab/core/method"
	"imlab/core/optimum"
	"imlab/core/problem"
	"imlab/core/sampling"
	"imlab/core/sparse"
	"imlab/core/synth"
	"imlab/core/theory"
	"imlab/internal/cputime"
)

func main() {
	log.SetFlags(0)
	log.SetPrefix("adaptive: ")
	dir := flag.String("dir", "../shared/data", "folder of the LIBSVM files")
	real := flag.String("real", "w8a.gz,ijcnn1.tr.gz,a9a.gz", "real data files in -dir, comma-separated (empty: none)")
	laws := flag.String("laws", strings.Join(synth.PaperLawNames(), ","), "artificial norm laws, comma-separated (empty: none)")
	n := flag.Int("n", 10000, "examples of the artificial sets")
	d := flag.Int("d", 1000, "features of the artificial sets")
	density := flag.Float64("density", 0.1, "mean feature density ω' of the artificial sets")
	tausFlag := flag.String("taus", "1,8,32", "minibatch sizes τ")
	seeds := flag.Int("seeds", 3, "seeds averaged (partition and sampler)")
	eps := flag.Float64("eps", 1e-10, "target gap P(w) − P*")
	maxPasses := flag.Float64("max", 300, "budget in iterations/n")
	cfg := sampling.DefaultAdaptive
	flag.Float64Var(&cfg.Eta, "eta", cfg.Eta, "safeguard η")
	flag.Float64Var(&cfg.Epochs, "epochs", cfg.Epochs, "refresh period in epochs")
	step := flag.String("step", string(cfg.Step), "step rule: safe or residue")
	prof := flag.String("cpuprofile", "", "write a CPU profile to this file")
	timeOnly := flag.Bool("timeonly", false, "only time the epochs (no runs to ε): a table of time per epoch, static and adaptive, beside what one read of the data costs")
	reps := flag.Int("reps", 3, "fresh runs of each sampling timed, alternating epoch by epoch; each epoch's least kept")
	epochs := flag.Int("epochs-timed", 6, "epochs per timing repetition (a multiple of the refresh period, so that each repetition pays whole periods' refreshes)")
	doc := flag.String("doc", "", "also write the table into this markdown file, after its line "+marker)
	flag.Parse()
	if !cputime.Supported {
		log.Fatal("the epoch times need getrusage (a Unix system)")
	}
	if *prof != "" {
		f, err := os.Create(*prof)
		if err != nil {
			log.Fatal(err)
		}
		pprof.StartCPUProfile(f)
		defer pprof.StopCPUProfile()
	}
	cfg.Step = sampling.StepRule(*step)
	var taus []int
	for _, f := range strings.Split(*tausFlag, ",") {
		t, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || t < 1 {
			log.Fatalf("-taus: %q is not a minibatch size", f)
		}
		taus = append(taus, t)
	}

	var sets []set
	for _, f := range split(*real) {
		ds, err := libsvm.ReadFile(filepath.Join(*dir, f), libsvm.Options{Bias: true})
		if err != nil {
			log.Fatal(err)
		}
		sets = append(sets, set{strings.TrimSuffix(f, ".gz"), ds})
	}
	for _, law := range split(*laws) {
		norms, err := synth.ParseNorms(law)
		if err != nil {
			log.Fatal(err)
		}
		ds, err := synth.Generate(synth.Config{N: *n, D: *d, Density: *density, Norms: norms, Seed: 1})
		if err != nil {
			log.Fatal(err)
		}
		sets = append(sets, set{fmt.Sprintf("%s (%d×%d, ω'=%g)", law, *n, *d, *density), ds})
	}

	if *timeOnly {
		timeTable(sets, taus, cfg, *reps, *epochs)
		return
	}
	out := io.Writer(os.Stdout)
	var table strings.Builder
	if *doc != "" {
		out = io.MultiWriter(os.Stdout, &table)
	}
	fmt.Fprintf(out, "Adaptive: η = %g, refresh every %g epochs, %s step. Passes = iterations/n to P(w) − P* ≤ %g, "+
		"mean of %d seeds; 1/(nθ) is static τ-importance's iterations/n per e-fold of the bound, θ̄/θ the "+
		"adaptive run's mean θ (before the cap) over static θ; time per epoch (n examples updated) is the "+
		"process's CPU time in the solver's Step, refreshes included: for each epoch the least of %d fresh runs alternating epoch by epoch, summed over %d epochs.\n\n", cfg.Eta, cfg.Epochs, cfg.Step, *eps, *seeds, *reps, *epochs)
	fmt.Fprintln(out, "| data | τ | static: 1/(nθ) : passes | adaptive: θ̄/θ : passes | static ÷ adaptive passes | time per epoch static | adaptive | ratio | time to ε, static ÷ adaptive |")
	fmt.Fprintln(out, "|---|---|---|---|---|---|---|---|---|")
	for _, st := range sets {
		pr, err := problem.New(st.ds, loss.Logistic{}, problem.DefaultLambda(st.ds))
		if err != nil {
			log.Fatal(err)
		}
		res, err := optimum.Solve(pr, optimum.Options{})
		if err := optimum.Usable(res, err); err != nil {
			log.Fatalf("%s: P*: %v", st.name, err)
		}
		for _, tau := range taus {
			var stat, ada, tStat, tAda, thetaRatio, complexity float64
			static := theory.Spec{Sampling: sampling.Imp, Tau: tau}
			adaptive := theory.Spec{Sampling: sampling.AdaptiveImp, Tau: tau, Adaptive: cfg}
			for seed := uint64(1); seed <= uint64(*seeds); seed++ {
				static.Seed, adaptive.Seed = seed, seed
				r := runOnce(pr, res.P, static, *eps, *maxPasses)
				a := runOnce(pr, res.P, adaptive, *eps, *maxPasses)
				stat += r.passes
				ada += a.passes
				thetaRatio += a.meanTheta / r.meanTheta
				complexity += 1 / (r.meanTheta * float64(st.ds.N))
			}
			// Time per epoch: the fastest of -reps alternating repetitions
			// of -epochs-timed epochs each, so that other work on the
			// machine inflates it as little as possible.
			tStat, tAda = leastEpochTimes(pr, static, adaptive, *reps, *epochs)
			k := float64(*seeds)
			fmt.Fprintf(out, "| %s | %d | %.3g : %.3g | %.2f : %.3g | %.2f× | %.3g ms | %.3g ms | %.2f | %.2f× |\n",
				st.name, tau, complexity/k, stat/k, thetaRatio/k, ada/k, stat/ada, 1e3*tStat, 1e3*tAda, tAda/tStat,
				stat*tStat/(ada*tAda))
		}
	}
	if *doc != "" {
		if err := splice(*doc, table.String()); err != nil {
			log.Fatal(err)
		}
	}
}

// set is a data set of the benchmark with its name in the table.
type set struct {
	name string
	ds   *dataset.Dataset
}

// leastEpochTimes returns the CPU seconds per epoch of static and adaptive
// over the given number of epochs from a fresh start, refreshes included.
// Each repetition runs a fresh solver of each, alternating epoch by epoch;
// each epoch's time is the least over the repetitions, and the result their
// sum over the epochs. Short timings, each the least of many, are what other
// work on a shared machine inflates least: a co-tenant's burst spoils an
// epoch or two of one repetition, not the whole of it.
func leastEpochTimes(pr *problem.Problem, static, adaptive theory.Spec, reps, epochs int) (tStat, tAda float64) {
	least := [2][]time.Duration{make([]time.Duration, epochs), make([]time.Duration, epochs)}
	for k := range least {
		for e := range least[k] {
			least[k][e] = time.Duration(math.MaxInt64)
		}
	}
	specs := [2]theory.Spec{static, adaptive}
	// end is the iteration at which epoch e ends, for both samplings:
	// ⌈(e+1)·P/E⌉ with P the adaptive period, ⌈E·n/τ⌉ iterations, so that
	// the window ends on a refresh when epochs is a multiple of E. (Epochs
	// of ⌈(e+1)·n/τ⌉ iterations would end one iteration short of the
	// second refresh where E·n/τ is not an integer, leaving it out.)
	_, probe := newSolver(pr, adaptive)
	period, perEpochs := float64(probe.Period()), adaptive.Adaptive.Epochs
	end := func(e int) int {
		return int(math.Ceil(float64(e+1) * period / perEpochs))
	}
	for range reps {
		var solvers [2]*dfsdca.Solver
		for k, spec := range specs {
			_, solvers[k] = newSolver(pr, spec)
		}
		runtime.GC()
		for e := range epochs {
			for k, s := range solvers {
				start := cputime.Process()
				if err := s.Step(end(e) - s.Iter()); err != nil {
					log.Fatal(err)
				}
				least[k][e] = min(least[k][e], cputime.Process()-start)
			}
		}
	}
	perEpoch := func(k int) float64 {
		var sum time.Duration
		for _, d := range least[k] {
			sum += d
		}
		updated := float64(end(epochs-1)) * float64(specs[k].Tau) / float64(pr.Data.N) // epochs' worth of examples
		return sum.Seconds() / updated
	}
	return perEpoch(0), perEpoch(1)
}

// timeTable prints the time per epoch of static and adaptive τ-importance
// on each set and τ (seed 1), and their ratio.
func timeTable(sets []set, taus []int, cfg sampling.AdaptiveConfig, reps, epochs int) {
	fmt.Printf("Time per epoch (n examples updated): the process's CPU time in Step, refreshes included, "+
		"for each epoch the least of %d fresh runs alternating epoch by epoch, summed over %d epochs; adaptive refreshes every %g epochs.\n\n", reps, epochs, cfg.Epochs)
	fmt.Println("One read is a sweep of sparse.Dot over every row, the refresh's margins (the least of as many sweeps); " +
		"floor is the ratio a refresh would give if it cost only its reads of the data: one where v is fixed (τ = 1), " +
		"else two (the margins, then δ and v of the new sampling over every non-zero).")
	fmt.Println()
	fmt.Println("| data | τ | static | adaptive | ratio | one read | floor |")
	fmt.Println("|---|---|---|---|---|---|---|")
	for _, st := range sets {
		pr, err := problem.New(st.ds, loss.Logistic{}, problem.DefaultLambda(st.ds))
		if err != nil {
			log.Fatal(err)
		}
		read := leastRead(st.ds, reps)
		for _, tau := range taus {
			static := theory.Spec{Sampling: sampling.Imp, Tau: tau, Seed: 1}
			adaptive := theory.Spec{Sampling: sampling.AdaptiveImp, Tau: tau, Adaptive: cfg, Seed: 1}
			tStat, tAda := leastEpochTimes(pr, static, adaptive, reps, epochs)
			floor := 1 + refreshReads(pr, adaptive)*read/(cfg.Epochs*tStat)
			fmt.Printf("| %s | %d | %.3g ms | %.3g ms | %.2f | %.3g ms | %.2f |\n",
				st.name, tau, 1e3*tStat, 1e3*tAda, tAda/tStat, 1e3*read, floor)
		}
	}
}

// refreshReads is how many reads of the data a refresh of the adaptive
// sampling needs at the least: the margins', and when v changes with p
// (theory.Follower.FixedV is false) one more for δ and v.
func refreshReads(pr *problem.Problem, adaptive theory.Spec) float64 {
	if _, probe := newSolver(pr, adaptive); probe.Follower().FixedV() {
		return 1
	}
	return 2
}

// leastRead returns the least CPU time, in seconds, of reps sweeps of
// sparse.Dot over every row of ds: what a refresh pays to read the data
// once, as its margins do (theory.Follower.Refresh).
func leastRead(ds *dataset.Dataset, reps int) float64 {
	w := make([]float64, ds.D)
	for j := range w {
		w[j] = 1
	}
	z := make([]float64, ds.N)
	least := time.Duration(math.MaxInt64)
	for range reps {
		start := cputime.Process()
		for i := range z {
			lo, hi := ds.RowPtr[i], ds.RowPtr[i+1]
			z[i] = sparse.Dot(ds.Col[lo:hi], ds.Val[lo:hi], w)
		}
		least = min(least, cputime.Process()-start)
	}
	return least.Seconds()
}

// splice replaces what follows the marker line in the markdown file doc
// with table.
func splice(doc, table string) error {
	b, err := os.ReadFile(doc)
	if err != nil {
		return err
	}
	k := strings.Index(string(b), marker)
	if k < 0 {
		return fmt.Errorf("%s has no line %q", doc, marker)
	}
	return os.WriteFile(doc, []byte(string(b[:k+len(marker)])+"\n\n"+table), 0o644)
}

// marker is the line of docs/adaptive.md after which the table goes.
const marker = "<!-- bench/adaptive writes the table below -->"

type outcome struct {
	passes    float64 // iterations/n at the first evaluation with gap ≤ ε (NaN: not reached)
	meanTheta float64 // θ averaged over the iterations run
}

// newSolver is a fresh dfSDCA solver on spec's sampling and its safe step.
func newSolver(pr *problem.Problem, spec theory.Spec) (*theory.Plan, *dfsdca.Solver) {
	plan, err := theory.NewPlan(pr, spec)
	if err != nil {
		log.Fatal(err)
	}
	s, err := dfsdca.New(pr, dfsdca.Options{Sampler: plan.Sampler, Theta: plan.Theta, Seed: spec.Seed})
	if err != nil {
		log.Fatal(err)
	}
	return plan, s
}

func runOnce(pr *problem.Problem, pstar float64, spec theory.Spec, eps, maxPasses float64) outcome {
	plan, s := newSolver(pr, spec)
	run := method.NewRun(s, method.Stop{Gap: eps, PStar: pstar, Axis: method.Iterations, MaxPasses: maxPasses, EvalEvery: 0.02, PerDoubling: 16})
	if err := run.Until(context.Background(), nil); err != nil {
		log.Fatalf("%s τ=%d seed %d: %v", spec.Sampling, spec.Tau, spec.Seed, err)
	}
	o := outcome{passes: math.NaN(), meanTheta: plan.Theta}
	if st := run.Status(); st.Reason == method.Reached {
		o.passes = st.At
	}
	if th := s.Thetas(); th != nil {
		sum, left, per := 0.0, s.Iter(), s.Period()
		for _, t := range th {
			k := min(left, per)
			if per == 0 {
				k = left
			}
			sum += t * float64(k)
			left -= k
		}
		if left > 0 {
			sum += th[len(th)-1] * float64(left)
		}
		o.meanTheta = sum / float64(s.Iter())
	}
	return o
}

func split(s string) []string {
	var out []string
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}
