package sdca

import (
	"fmt"
	"sync"
	"testing"

	"imlab/core/libsvm"
	"imlab/core/loss"
	"imlab/core/problem"
	"imlab/core/theory"
	"imlab/internal/shareddata"
)

var realProblems sync.Map // file name → *problem.Problem

// realProblem is the peer race's problem on a LIBSVM file from the shared
// data: logistic loss, a bias feature, λ = max_i ‖x_i‖/n.
func realProblem(b *testing.B, file string) *problem.Problem {
	b.Helper()
	if pr, ok := realProblems.Load(file); ok {
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
	realProblems.Store(file, pr)
	return pr
}

// BenchmarkRealData times epochs (n coordinate steps) of serial SDCA with
// importance sampling on the peer race's data, continuing one run from
// α = 0 (the first epochs take more Newton steps than the later ones), and
// reports ns per coordinate step.
func BenchmarkRealData(b *testing.B) {
	for _, file := range []string{"w8a.gz", "ijcnn1.tr.gz"} {
		for _, order := range []Order{IID, Shuffled} {
			for _, exact := range []bool{false, true} {
				b.Run(fmt.Sprintf("%s/%v/exact=%v", file, order, exact), func(b *testing.B) {
					pr := realProblem(b, file)
					pl, err := theory.NewPlan(pr, theory.Spec{Sampling: "importance", Tau: 1, Seed: 1})
					if err != nil {
						b.Fatal(err)
					}
					s, err := New(pr, Options{Sampler: pl.Sampler, V: pl.V, Order: order, Exact: exact, Seed: 1})
					if err != nil {
						b.Fatal(err)
					}
					b.ResetTimer()
					for range b.N {
						if err := s.Step(pr.Data.N); err != nil {
							b.Fatal(err)
						}
					}
					b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*pr.Data.N), "ns/example")
				})
			}
		}
	}
}

func newRaceSolver(b *testing.B, pr *problem.Problem) *Solver {
	pl, err := theory.NewPlan(pr, theory.Spec{Sampling: "importance", Tau: 1, Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	s, err := New(pr, Options{Sampler: pl.Sampler, V: pl.V, Order: Shuffled, Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	return s
}
