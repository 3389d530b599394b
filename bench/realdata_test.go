package bench

import (
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"imlab/core/dfsdca"
	"imlab/core/libsvm"
	"imlab/core/loss"
	"imlab/core/problem"
	"imlab/core/sampling"
	"imlab/core/theory"
)

// dataDir returns <repo root>/../shared/data, the root being the nearest
// directory above the working directory that holds go.mod.
func dataDir(b *testing.B) string {
	dir, err := os.Getwd()
	if err != nil {
		b.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return filepath.Join(dir, "..", "shared", "data")
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			b.Skip("no go.mod above the working directory")
		}
		dir = parent
	}
}

var problems sync.Map // file name → *problem.Problem

// realProblem is the peer race's problem on one LIBSVM file: logistic loss,
// a bias feature, λ = max_i ‖x_i‖/n.
func realProblem(b *testing.B, file string) *problem.Problem {
	b.Helper()
	if pr, ok := problems.Load(file); ok {
		return pr.(*problem.Problem)
	}
	path := filepath.Join(dataDir(b), file)
	if _, err := os.Stat(path); err != nil {
		b.Skipf("skipping: %s not found (LIBSVM data lives in shared/data beside the repository)", path)
	}
	ds, err := libsvm.ReadFile(path, libsvm.Options{Bias: true})
	if err != nil {
		b.Fatal(err)
	}
	pr, err := problem.New(ds, loss.Logistic{}, problem.DefaultLambda(ds))
	if err != nil {
		b.Fatal(err)
	}
	problems.Store(file, pr)
	return pr
}

// BenchmarkRealData times one epoch (n example updates, n/τ iterations) of
// dfSDCA on w8a and ijcnn1.tr, as `imlab run` does it, from a warm start
// (each op continues the same run). It reports ns per example update.
func BenchmarkRealData(b *testing.B) {
	for _, file := range []string{"w8a.gz", "ijcnn1.tr.gz"} {
		for _, sampling := range []string{"imp", "nice"} {
			for _, tau := range []int{1, 8, 32} {
				for _, workers := range []int{1, 2} {
					if workers > 1 && tau < 32 {
						continue
					}
					name := fmt.Sprintf("%s/%s/tau=%d/workers=%d", file, sampling, tau, workers)
					b.Run(name, func(b *testing.B) {
						pr := realProblem(b, file)
						plan, err := theory.NewPlan(pr, theory.Spec{Sampling: sampling, Tau: tau, Seed: 1})
						if err != nil {
							b.Fatal(err)
						}
						s, err := dfsdca.New(pr, dfsdca.Options{Sampler: plan.Sampler, Theta: plan.Theta, Workers: workers, Seed: 1})
						if err != nil {
							b.Fatal(err)
						}
						defer s.Close()
						iters := pr.Data.N / tau
						b.ResetTimer()
						for range b.N {
							if err := s.Step(iters); err != nil {
								b.Fatal(err)
							}
						}
						b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*iters*tau), "ns/example")
					})
				}
			}
		}
	}
}

// BenchmarkRealDataSetup times what `imlab run` does before its solver clock
// starts: the sampling plan (probabilities, partition, safe θ) and the
// solver's per-example step arrays. The peers' reported times include their
// own setup, imlab's solver seconds do not; this is the difference.
func BenchmarkRealDataSetup(b *testing.B) {
	for _, file := range []string{"w8a.gz", "ijcnn1.tr.gz"} {
		for _, tau := range []int{1, 32} {
			b.Run(fmt.Sprintf("%s/imp/tau=%d", file, tau), func(b *testing.B) {
				pr := realProblem(b, file)
				b.ResetTimer()
				for range b.N {
					plan, err := theory.NewPlan(pr, theory.Spec{Sampling: "imp", Tau: tau, Seed: 1})
					if err != nil {
						b.Fatal(err)
					}
					s, err := dfsdca.New(pr, dfsdca.Options{Sampler: plan.Sampler, Theta: plan.Theta, Seed: 1})
					if err != nil {
						b.Fatal(err)
					}
					s.Close()
				}
			})
		}
	}
}

// BenchmarkRealDataFloor is the floor under BenchmarkRealData: one sparse
// dot and one axpy per example (a Kaczmarz projection, to stay bounded) and
// nothing else, over the same number of examples, either in the order the
// τ-importance sampler (τ = 1) draws them or in storage order. The gap
// between the two is the cost of fetching rows at random; the gap between
// "sampled" and BenchmarkRealData/imp/tau=1 is dfSDCA's own overhead
// (drawing, loss derivative, α and step bookkeeping).
func BenchmarkRealDataFloor(b *testing.B) {
	for _, file := range []string{"w8a.gz", "ijcnn1.tr.gz"} {
		for _, order := range []string{"sampled", "sequential"} {
			b.Run(file+"/"+order, func(b *testing.B) {
				pr := realProblem(b, file)
				ds := pr.Data
				rows := make([]int, ds.N)
				if order == "sampled" {
					plan, err := theory.NewPlan(pr, theory.Spec{Sampling: "imp", Tau: 1, Seed: 1})
					if err != nil {
						b.Fatal(err)
					}
					r := sampling.NewRand(1)
					var batch []int
					for k := range rows {
						batch = plan.Sampler.Sample(r, batch[:0])
						rows[k] = batch[0]
					}
				} else {
					for k := range rows {
						rows[k] = k
					}
				}
				inv := ds.SquaredNorms()
				for i, v := range inv {
					inv[i] = 1 / v // every row holds the bias feature: v ≥ 1
				}
				w := make([]float64, ds.D)
				b.ResetTimer()
				for range b.N {
					for _, i := range rows {
						lo, hi := ds.RowPtr[i], ds.RowPtr[i+1]
						idx, val := ds.Col[lo:hi], ds.Val[lo:hi]
						s := 0.0
						for k, j := range idx {
							s += val[k] * w[j]
						}
						c := (ds.Y[i] - s) * inv[i]
						for k, j := range idx {
							w[j] += c * val[k]
						}
					}
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(rows)), "ns/example")
			})
		}
	}
}
