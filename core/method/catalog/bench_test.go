package catalog

import (
	"fmt"
	"io"
	"testing"

	"imlab/core/loss"
	"imlab/core/method/internal/mtest"
	"imlab/core/sampling"
	"imlab/core/theory"
)

// BenchmarkEvaluation reports the time per example evaluation of every
// method with τ-importance sampling (τ = 8), logistic loss, at several
// sizes, from a warm start (each op continues the same run).
func BenchmarkEvaluation(b *testing.B) {
	for _, size := range [][2]int{{1000, 100}, {10000, 100}, {10000, 1000}} {
		ds := mtest.Data(b, size[0], size[1], 0.1, 1)
		pr := mtest.Problem(b, ds, loss.Logistic{}, 1)
		pl := mtest.Plan(b, pr, mtest.Sampling{Name: "imp", Tau: 8}, 1)
		for _, m := range Names {
			b.Run(fmt.Sprintf("n=%d/d=%d/%s", size[0], size[1], m), func(b *testing.B) {
				s, err := New(m, pr, pl, Options{Decreasing: true, Seed: 1})
				if err != nil {
					b.Fatal(err)
				}
				if c, ok := s.(io.Closer); ok {
					defer c.Close()
				}
				b.ResetTimer()
				if err := s.Step(b.N); err != nil {
					b.Fatal(err)
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(s.Evals()), "ns/eval")
			})
		}
	}
}

// BenchmarkSetup reports the time from a problem to a solver ready to
// step, NewPlan and New, as every run pays it (the race's timed solves
// too), for SDCA and dfSDCA with the adaptive and the static τ-importance
// sampling, serial and τ = 32, at two sizes of ijcnn1's shape (0.59 dense).
func BenchmarkSetup(b *testing.B) {
	for _, n := range []int{35000, 350000} {
		ds := mtest.Data(b, n, 23, 0.59, 1)
		pr := mtest.Problem(b, ds, loss.Logistic{}, 1)
		for _, m := range []Name{SDCA, DFSDCA} {
			for _, smp := range []sampling.Kind{sampling.Imp, sampling.AdaptiveImp} {
				for _, tau := range []int{1, 32} {
					if m == SDCA && tau > 1 {
						continue
					}
					b.Run(fmt.Sprintf("n=%d/%s/%s/tau=%d", n, m, smp, tau), func(b *testing.B) {
						spec := theory.Spec{Sampling: smp, Tau: tau, Partition: sampling.RandomRule, Seed: 1}
						for b.Loop() {
							pl, err := theory.NewPlan(pr, spec)
							if err != nil {
								b.Fatal(err)
							}
							s, err := New(m, pr, pl, Options{Seed: 1})
							if err != nil {
								b.Fatal(err)
							}
							if c, ok := s.(io.Closer); ok {
								c.Close()
							}
						}
					})
				}
			}
		}
	}
}
