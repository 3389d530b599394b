// Command race times one imlab solver for bench/peers.sh the way
// bench/peers.py times the peers, so that every solver in docs/peers.md is
// measured alike:
//
//  1. Untimed search: from a fresh start, P(w) − P* is evaluated after every
//     whole epoch (n example evaluations; scikit-learn's fits and LIBLINEAR's
//     stopping test also resolve whole epochs) until each target is reached.
//  2. Timed: for each target, a fresh solve of exactly that many epochs, from
//     the data already in memory: the sampling plan, the solver's setup and
//     its iterations, with no evaluation of P inside the clock. The iterates
//     are those of the search (fixed seed), which is checked afterwards.
//
// It prints one line, "t1 t2 … e1 e2 …": seconds and epochs per target
// ("nan" if not reached within -max-epochs). With -clock cpu the time is the
// process's CPU time (user + system) rather than the wall clock's, as
// bench/peers.py's --clock cpu, which a loaded machine disturbs less.
// -repeat N times each solve N times and prints the least (for comparing
// two builds; the scripts time one solve, as bench/peers.py does), and
// -cpuprofile profiles the timed solves. From the repository root:
//
//	go run ./bench/race -data ../shared/data/w8a.gz -pstar 0.06994564301056878 -method sdca -sampling importance -order shuffled
package main

import (
	"flag"
	"fmt"
	"io"
	"log"
	"math"
	"os"
	"runtime"
	"runtime/pprof"
	"strconv"
	"strings"
	"time"

	"imlab/core/libsvm"
	"imlab/core/loss"
	"imlab/core/method"
	"imlab/core/method/catalog"
	"imlab/core/method/sdca"
	"imlab/core/problem"
	"imlab/core/sampling"
	"imlab/core/theory"
	"imlab/internal/cputime"
)

func main() {
	log.SetFlags(0)
	log.SetPrefix("race: ")
	data := flag.String("data", "", "LIBSVM file (a constant-1 bias feature is appended)")
	pstar := flag.Float64("pstar", math.NaN(), "P* (from imlab optimum -bias)")
	targets := flag.String("targets", "1e-6,1e-10", "gap targets, comma-separated")
	m := flag.String("method", "sdca", "method: dfsdca, sdca, …")
	var spec theory.Spec
	smp := flag.String("sampling", "importance", "sampling (as imlab run -sampling)")
	flag.IntVar(&spec.Tau, "tau", 1, "minibatch size τ")
	flag.Uint64Var(&spec.Seed, "seed", 1, "seed")
	order := flag.String("order", "iid", "sdca's order: iid or shuffled")
	workers := flag.Int("workers", 1, "dfsdca's workers")
	maxEpochs := flag.Int("max-epochs", 200, "give up after this many epochs")
	clock := flag.String("clock", "wall", "time solves by wall clock or by this process's CPU time (cpu: user + system)")
	refresh := flag.Float64("refresh-epochs", 0, "adaptive sampling's refresh period in epochs (0: sampling.DefaultAdaptive's)")
	eta := flag.Float64("eta", 0, "adaptive sampling's safeguard η (0: sampling.DefaultAdaptive's)")
	prof := flag.String("cpuprofile", "", "write a CPU profile of the timed solves to this file")
	repeat := flag.Int("repeat", 1, "time each target's solve this many times (the least is printed)")
	flag.Parse()
	if *repeat < 1 {
		log.Fatalf("-repeat %d: want at least 1", *repeat)
	}
	if *refresh != 0 || *eta != 0 {
		spec.Adaptive = sampling.DefaultAdaptive
		if *refresh != 0 {
			spec.Adaptive.Epochs = *refresh
		}
		if *eta != 0 {
			spec.Adaptive.Eta = *eta
		}
	}
	kind, err := sampling.ParseKind(*smp)
	if err != nil {
		log.Fatalf("-sampling: %v", err)
	}
	spec.Sampling, spec.Partition = kind, sampling.RandomRule

	var eps []float64
	for _, f := range strings.Split(*targets, ",") {
		v, err := strconv.ParseFloat(f, 64)
		if err != nil || !(v > 0) {
			log.Fatalf("-targets: %q is not a positive number", f)
		}
		eps = append(eps, v)
	}
	now := func() time.Duration { return time.Duration(time.Now().UnixNano()) }
	switch *clock {
	case "wall":
	case "cpu":
		if !cputime.Supported {
			log.Fatal("-clock cpu needs getrusage (a Unix system)")
		}
		now = cputime.Process
	default:
		log.Fatalf("-clock %q: want wall or cpu", *clock)
	}
	if math.IsNaN(*pstar) {
		log.Fatal("-pstar is required")
	}
	name, err := catalog.Parse(*m)
	if err != nil {
		log.Fatal(err)
	}
	ord, err := sdca.ParseOrder(*order)
	if err != nil {
		log.Fatal(err)
	}
	ds, err := libsvm.ReadFile(*data, libsvm.Options{Bias: true})
	if err != nil {
		log.Fatal(err)
	}
	pr, err := problem.New(ds, loss.Logistic{}, problem.DefaultLambda(ds))
	if err != nil {
		log.Fatal(err)
	}
	opt := catalog.Options{Order: ord, Workers: *workers, Seed: spec.Seed}
	solve := func() method.Solver {
		pl, err := theory.NewPlan(pr, spec)
		if err != nil {
			log.Fatal(err)
		}
		s, err := catalog.New(name, pr, pl, opt)
		if err != nil {
			log.Fatal(err)
		}
		return s
	}
	// epoch runs s to the end of epoch e: ⌈e·n/τ⌉ iterations in all.
	epoch := func(s method.Solver, e int) {
		tau := int64(s.BatchSize())
		want := (int64(e)*int64(ds.N) + tau - 1) / tau
		if err := s.Step(int(want - int64(s.Iter()))); err != nil {
			log.Fatal(err)
		}
	}
	done := func(s method.Solver) {
		if c, ok := s.(io.Closer); ok {
			c.Close()
		}
	}

	// 1. The search.
	reach := make([]int, len(eps))
	s := solve()
	for e, found := 1, 0; e <= *maxEpochs && found < len(eps); e++ {
		epoch(s, e)
		gap := pr.Primal(s.W()) - *pstar
		for k, v := range eps {
			if reach[k] == 0 && gap <= v {
				reach[k] = e
				found++
			}
		}
	}
	done(s)

	// 2. The timed solves.
	if *prof != "" {
		f, err := os.Create(*prof)
		if err != nil {
			log.Fatal(err)
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			log.Fatal(err)
		}
		defer pprof.StopCPUProfile()
	}
	secs := make([]string, len(eps))
	ks := make([]string, len(eps))
	for k, v := range eps {
		if reach[k] == 0 {
			secs[k], ks[k] = "nan", "nan"
			continue
		}
		least := time.Duration(math.MaxInt64)
		for range *repeat {
			runtime.GC()
			start := now()
			s := solve()
			epoch(s, reach[k])
			least = min(least, now()-start)
			if gap := pr.Primal(s.W()) - *pstar; !(gap <= v) {
				log.Fatalf("the timed run ended at gap %g, not ≤ %g as the search did", gap, v)
			}
			done(s)
		}
		secs[k], ks[k] = strconv.FormatFloat(least.Seconds(), 'g', 6, 64), strconv.Itoa(reach[k])
	}
	fmt.Println(strings.Join(secs, " "), strings.Join(ks, " "))
}
