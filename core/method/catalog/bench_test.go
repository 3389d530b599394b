package catalog

import (
	"fmt"
	"io"
	"testing"

	"imlab/core/loss"
	"imlab/core/method/internal/mtest"
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
