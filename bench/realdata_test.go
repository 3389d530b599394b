package bench

import (
	"fmt"
	"sync"
	"testing"

	"imlab/core/dfsdca"
	"imlab/core/libsvm"
	"imlab/core/loss"
	"imlab/core/problem"
	"imlab/core/sampling"
	"imlab/core/theory"
	"imlab/internal/shareddata"
)

var problems sync.Map // file name → *problem.Problem

// realProblem is the peer race's problem on one LIBSVM file: logistic loss,
// a bias feature, λ = max_i ‖x_i‖/n.
func realProblem(b *testing.B, file string) *problem.Problem {
	b.Helper()
	if pr, ok := problems.Load(file); ok {
		return pr.(*problem.Problem)
	}
	ds, err := libsvm.ReadFile(shareddata.Path(b, file), libsvm.Options{Bias: true})
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
		for _, smp := range []sampling.Kind{sampling.Imp, sampling.AdaptiveImp, sampling.Nice} {
			for _, tau := range []int{1, 8, 32} {
				for _, workers := range []int{1, 2} {
					if workers > 1 && tau < 32 {
						continue
					}
					name := fmt.Sprintf("%s/%s/tau=%d/workers=%d", file, smp, tau, workers)
					b.Run(name, func(b *testing.B) {
						pr := realProblem(b, file)
						plan, err := theory.NewPlan(pr, theory.Spec{Sampling: smp, Tau: tau, Seed: 1})
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
// nothing else, over n examples: in storage order ("sequential"), in the
// order the τ-importance sampler (τ = 1) draws them, drawn beforehand
// ("sampled"), or drawn one at a time inside the loop as the solver does
// ("drawn"). sequential → sampled is the cost of fetching rows at random;
// sampled → drawn the cost of each row's address depending on a draw just
// made (the processor cannot fetch ahead); drawn → BenchmarkRealData/imp/tau=1
// is dfSDCA's own work (loss derivative, α and step bookkeeping).
func BenchmarkRealDataFloor(b *testing.B) {
	for _, file := range []string{"w8a.gz", "ijcnn1.tr.gz"} {
		for _, order := range []string{"sequential", "sampled", "drawn"} {
			b.Run(file+"/"+order, func(b *testing.B) {
				pr := realProblem(b, file)
				ds := pr.Data
				plan, err := theory.NewPlan(pr, theory.Spec{Sampling: "imp", Tau: 1, Seed: 1})
				if err != nil {
					b.Fatal(err)
				}
				r := sampling.NewRand(1)
				var batch []int
				rows := make([]int, ds.N)
				for k := range rows {
					rows[k] = k
					if order == "sampled" {
						batch = plan.Sampler.Sample(r, batch[:0])
						rows[k] = batch[0]
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
						if order == "drawn" {
							batch = plan.Sampler.Sample(r, batch[:0])
							i = batch[0]
						}
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
