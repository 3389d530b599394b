// Command cores measures how one dfSDCA run scales with its workers, and
// the bare sparse loop that bounds it (docs/cores.md). It generates dense
// data of the paper's shape in memory (χ²₁ norms, ω' = 0.8), solves P*
// once, and then, for each τ and worker count, runs τ-importance from
// scratch to the target gap, evaluating P every EvalEvery·n iterations
// outside the clock, as `imlab run -sampling imp -workers N` does. Every
// worker count must give the same bits (final w and α, iterations): the
// command fails otherwise.
//
// It prints one line per run: τ, workers, solver seconds, iterations,
// speed-up over the first worker count, passes per second per worker, and a
// hash of the final iterate. Then, for 1, 2, 4, … up to the largest worker
// count, the bare loop: one CSR dot and one axpy per row, over the rows in
// their stored order (so that the hardware streams them), each goroutine
// over all rows with its own w, sharing nothing but the data. Its passes
// per second per core is what memory bandwidth allows a run, which visits
// the same rows in random order. With -layout it times only the layout
// model (layout.go). From the repository root:
//
//	go run ./bench/cores -n 20000 -taus 64 -workers 1,2 -reps 5
//	go run ./bench/cores -n 50000 -taus 64 -workers 16 -layout -reps 3
package main

import (
	"flag"
	"fmt"
	"hash/fnv"
	"log"
	"math"
	"os"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"imlab/core/dataset"
	"imlab/core/dfsdca"
	"imlab/core/loss"
	"imlab/core/method"
	"imlab/core/optimum"
	"imlab/core/pipeline"
	"imlab/core/problem"
	"imlab/core/sampling"
	"imlab/core/sparse"
	"imlab/core/synth"
	"imlab/core/theory"
)

func main() {
	log.SetFlags(0)
	log.SetPrefix("cores: ")
	n := flag.Int("n", 20000, "examples")
	d := flag.Int("d", 1000, "features")
	density := flag.Float64("density", 0.8, "mean feature density ω'")
	law := synth.Norms{Paper: synth.ChiSq1Law}
	flag.TextVar(&law, "dist", law, "law of the squared norms")
	tausFlag := flag.String("taus", "64", "minibatch sizes τ, comma-separated")
	workersFlag := flag.String("workers", "1,2", "worker counts, comma-separated")
	eps := flag.Float64("eps", 1e-6, "target gap P(w) − P*")
	reps := flag.Int("reps", 1, "runs of each τ × workers, interleaved; the median is reported")
	bare := flag.Bool("bare", true, "also time the bare sparse loop")
	layoutOnly := flag.Bool("layout", false, "time only the layout model (layout.go) for 1, 2, 4, … up to the largest worker count, at the first τ")
	blocks := flag.Int("blocks", 16, "the layout model's feature blocks (at least the largest worker count)")
	flag.Parse()
	taus, err := ints(*tausFlag)
	if err != nil {
		log.Fatalf("-taus: %v", err)
	}
	workers, err := ints(*workersFlag)
	if err != nil {
		log.Fatalf("-workers: %v", err)
	}
	fmt.Printf("# %d CPUs, GOMAXPROCS %d, %s/%s, %s\n", runtime.NumCPU(), runtime.GOMAXPROCS(0), runtime.GOOS, runtime.GOARCH, runtime.Version())
	start := time.Now()
	ds, err := synth.Generate(synth.Config{N: *n, D: *d, Density: *density, Norms: law, Seed: 1})
	if err != nil {
		log.Fatal(err)
	}
	pr, err := pipeline.Pose(ds, loss.Logistic{}, 0)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("# data: n = %d, d = %d, %d non-zeros, generated in %.2f s\n", ds.N, ds.D, ds.NNZ(), time.Since(start).Seconds())
	if *layoutOnly {
		if *blocks < slices.Max(workers) {
			log.Fatalf("-blocks %d: want at least the largest worker count, %d", *blocks, slices.Max(workers))
		}
		printLayouts(ds, taus[0], *blocks, 2000, slices.Max(workers), max(*reps, 3))
		return
	}
	start = time.Now()
	opt, err := optimum.Solve(pr, optimum.Options{})
	if err != nil {
		log.Fatalf("P*: %v", err)
	}
	fmt.Printf("# P* = %.17g in %.2f s\n", opt.P, time.Since(start).Seconds())
	fmt.Println("tau workers seconds iterations speedup passes/s/worker hash")
	for _, tau := range taus {
		pl, err := theory.NewPlan(pr, theory.Spec{Sampling: sampling.Imp, Tau: tau, Seed: 1})
		if err != nil {
			log.Fatal(err)
		}
		secs := make([][]float64, len(workers))
		var want result
		for rep := 0; rep < *reps; rep++ {
			for k, w := range workers {
				got, err := run(pr, pl, w, opt.P, *eps)
				if err != nil {
					log.Fatalf("τ = %d, %d workers: %v", tau, w, err)
				}
				if rep == 0 && k == 0 {
					want = got
				} else if got.hash != want.hash || got.iters != want.iters {
					log.Fatalf("τ = %d, %d workers: iterate %016x after %d iterations, want %016x after %d (the bits of %d workers)",
						tau, w, got.hash, got.iters, want.hash, want.iters, workers[0])
				}
				secs[k] = append(secs[k], got.seconds)
			}
		}
		base := median(secs[0])
		for k, w := range workers {
			s := median(secs[k])
			passes := float64(want.iters) * float64(tau) / float64(ds.N)
			fmt.Printf("%d %d %.3f %d %.2f %.2f %016x\n", tau, w, s, want.iters, base/s, passes/s/float64(w), want.hash)
		}
	}
	if !*bare {
		return
	}
	fmt.Println("bare goroutines seconds/pass passes/s/core ns/nnz")
	for g := 1; g <= slices.Max(workers); g *= 2 {
		var best time.Duration = math.MaxInt64
		for rep := 0; rep < max(*reps, 3); rep++ {
			best = min(best, bareLoop(ds, g))
		}
		perPass := best.Seconds() // each goroutine does one pass
		fmt.Printf("bare %d %.4f %.2f %.3f\n", g, perPass, 1/perPass, perPass*1e9/float64(ds.NNZ()))
	}
	fmt.Fprintln(os.Stderr, "cores: done")
}

// result is one run's outcome.
type result struct {
	seconds float64
	iters   int
	hash    uint64 // of the final w and α
}

// run solves pr with the plan's sampler and workers workers from scratch
// until P(w) − P* ≤ eps, evaluating P every n/4 iterations (outside the
// solver's clock).
func run(pr *problem.Problem, pl *theory.Plan, workers int, pstar, eps float64) (result, error) {
	s, err := dfsdca.New(pr, dfsdca.Options{Sampler: pl.Sampler, Theta: pl.Theta, Workers: workers, Seed: 1})
	if err != nil {
		return result{}, err
	}
	defer s.Close()
	chunk := int(math.Round(method.DefaultEvalEvery * float64(pr.Data.N)))
	for pass := 0; pr.Primal(s.W())-pstar > eps; pass++ {
		if pass > 4000 {
			return result{}, fmt.Errorf("gap %g not reached after %d iterations", eps, s.Iter())
		}
		if err := s.Step(chunk); err != nil {
			return result{}, err
		}
	}
	h := fnv.New64a()
	for _, v := range [][]float64{s.W(), s.Alpha()} {
		for _, x := range v {
			b := math.Float64bits(x)
			h.Write([]byte{byte(b), byte(b >> 8), byte(b >> 16), byte(b >> 24), byte(b >> 32), byte(b >> 40), byte(b >> 48), byte(b >> 56)})
		}
	}
	return result{seconds: s.Elapsed().Seconds(), iters: s.Iter(), hash: h.Sum64()}, nil
}

// bareLoop runs g goroutines, each over every row with its own w (a
// Kaczmarz projection per row, to stay bounded): g passes at once, sharing
// nothing but the data. It returns the wall time.
func bareLoop(ds *dataset.Dataset, g int) time.Duration {
	norms := ds.SquaredNorms()
	var wg sync.WaitGroup
	start := time.Now()
	for p := 0; p < g; p++ {
		wg.Add(1)
		go func(p int) {
			defer wg.Done()
			w := make([]float64, ds.D)
			// Each goroutine starts at its own place, so that they do not
			// read the same rows at the same time.
			off := p * ds.N / g
			for k := range ds.N {
				i := (k + off) % ds.N
				lo, hi := ds.RowPtr[i], ds.RowPtr[i+1]
				idx, val := ds.Col[lo:hi], ds.Val[lo:hi]
				if norms[i] > 0 {
					sparse.Axpy((ds.Y[i]-sparse.Dot(idx, val, w))/norms[i], idx, val, w)
				}
			}
		}(p)
	}
	wg.Wait()
	return time.Since(start)
}

func ints(s string) ([]int, error) {
	var out []int
	for _, f := range strings.Split(s, ",") {
		v, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || v < 1 {
			return nil, fmt.Errorf("%q: want positive integers", s)
		}
		out = append(out, v)
	}
	return out, nil
}

func median(x []float64) float64 {
	y := slices.Clone(x)
	sort.Float64s(y)
	if len(y)%2 == 1 {
		return y[len(y)/2]
	}
	return (y[len(y)/2-1] + y[len(y)/2]) / 2
}
