package chart

import (
	"fmt"
	"math"
	"testing"
)

// benchPlot is a log-scale plot of 12 noisy convergence curves of n points.
func benchPlot(n int) *LinePlot {
	lp := NewLinePlot("bench", "passes / τ", "P(w) − P*", true)
	for s := range 12 {
		ser := Series{Label: fmt.Sprintf("τ = %d", s), Style: s}
		for i := range n {
			x := 30 * float64(i) / float64(n)
			ser.X = append(ser.X, x)
			ser.Y = append(ser.Y, math.Exp(-float64(s+2)*x/3)*(1+0.2*math.Sin(float64(i))))
		}
		lp.Series = append(lp.Series, ser)
	}
	return lp
}

func BenchmarkLinePlotDraw(b *testing.B) {
	for _, n := range []int{200, 2000, 20000} {
		lp := benchPlot(n)
		b.Run(fmt.Sprintf("12x%d", n), func(b *testing.B) {
			rec := &recorder{}
			for b.Loop() {
				rec.calls = rec.calls[:0]
				lp.Draw(rec, 640, 360)
			}
		})
	}
}

func BenchmarkLinePlotSVG(b *testing.B) {
	for _, n := range []int{200, 2000} {
		lp := benchPlot(n)
		b.Run(fmt.Sprintf("12x%d", n), func(b *testing.B) {
			for b.Loop() {
				SVG(640, 360, func(p Painter) { lp.Draw(p, 640, 360) })
			}
		})
	}
}

// BenchmarkLinePlotBatch records a convergence plot in a Batch, as the
// page does: 12 curves of n points (the default run's are 5–87 points).
func BenchmarkLinePlotBatch(b *testing.B) {
	for _, n := range []int{50, 2000} {
		lp := benchPlot(n)
		b.Run(fmt.Sprintf("12x%d", n), func(b *testing.B) {
			var bt Batch
			for b.Loop() {
				bt.Reset()
				lp.Draw(&bt, 640, 360)
			}
			b.ReportMetric(float64(len(bt.Ops)), "ops")
		})
	}
}
