package chart

import (
	"math/rand"
	"testing"
)

// BenchmarkSamplingPlotDraw records the sampling view of the default data
// (n = 10,000, 16 buckets, 8 recent minibatches) in a Batch, as the page does.
func BenchmarkSamplingPlotDraw(b *testing.B) {
	n := 10000
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
	var bt Batch
	for b.Loop() {
		bt.Reset()
		sp.Draw(&bt, 700, 525)
	}
	b.ReportMetric(float64(len(bt.Ops)), "ops")
}
