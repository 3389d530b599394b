package chart

import (
	"fmt"
	"math/rand"
	"testing"
)

// BenchmarkSamplingPlotDraw records the sampling view in a Batch, as the
// page does while a run advances: 16 buckets and 8 recent minibatches, for
// n = 1,000, the default data's 10,000 and the paper's 50,000 examples.
func BenchmarkSamplingPlotDraw(b *testing.B) {
	for _, n := range []int{1000, 10000, 50000} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			sp := benchSamplingPlot(n)
			var bt Batch
			for b.Loop() {
				bt.Reset()
				sp.Draw(&bt, 700, 525)
			}
			b.ReportMetric(float64(len(bt.Ops)), "ops")
		})
	}
}

// benchSamplingPlot is a sampling view of n examples with exponential
// norms, importance probabilities, 16 buckets and 8 recent minibatches.
func benchSamplingPlot(n int) *SamplingPlot {
	r := rand.New(rand.NewSource(1))
	norms := make([]float64, n)
	p := make([]float64, n)
	other := make([]float64, n)
	visits := make([]int, n)
	for i := range norms {
		norms[i] = r.ExpFloat64()*10 + 0.1
		p[i] = 16 * norms[i] / float64(n) / 10
		other[i] = 16.0 / float64(n)
		visits[i] = r.Intn(5)
	}
	var buckets [][]int
	for k := 0; k < 16; k++ {
		var m []int
		for i := k; i < n; i += 16 {
			m = append(m, i)
		}
		buckets = append(buckets, m)
	}
	recent := [][]int{}
	for k := 0; k < 8; k++ {
		var m []int
		for j := 0; j < 16; j++ {
			m = append(m, r.Intn(n))
		}
		recent = append(recent, m)
	}
	sp := &SamplingPlot{Title: "t", Norms: norms, P: p, Other: other, Buckets: buckets, Recent: recent, Visits: visits, Iters: 1000}
	sp.Order = SamplingOrder(norms)
	return sp
}
