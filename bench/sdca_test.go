package bench

import (
	"fmt"
	"testing"

	"imlab/core/method/sdca"
	"imlab/core/theory"
)

// BenchmarkRealDataSDCA times epochs (n coordinate steps) of serial SDCA
// with importance sampling on the peer race's data, in both orders, with
// StepAccuracy's and with exact logistic steps. Each op continues one run
// from α = 0 (its first epoch takes more Newton steps than the later ones).
// It reports ns per coordinate step.
func BenchmarkRealDataSDCA(b *testing.B) {
	for _, file := range []string{"w8a.gz", "ijcnn1.tr.gz"} {
		for _, order := range []sdca.Order{sdca.IID, sdca.Shuffled} {
			for _, exact := range []bool{false, true} {
				b.Run(fmt.Sprintf("%s/%v/exact=%v", file, order, exact), func(b *testing.B) {
					pr := realProblem(b, file)
					pl, err := theory.NewPlan(pr, theory.Spec{Sampling: "importance", Tau: 1, Seed: 1})
					if err != nil {
						b.Fatal(err)
					}
					s, err := sdca.New(pr, sdca.Options{Sampler: pl.Sampler, V: pl.V, Order: order, Exact: exact, Seed: 1})
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
