package chart_test

import (
	"bytes"
	"fmt"
	"math"

	"imlab/ui/chart"
)

// A convergence plot as in the paper: optimality gap on a log scale against
// passes/τ, one curve per τ, written as an SVG file.
func ExampleLinePlot() {
	plot := chart.NewLinePlot("w8a, τ-nice", "passes / τ", "P(w) − P*", true)
	for k, tau := range []int{1, 2, 4} {
		s := chart.Series{Label: fmt.Sprintf("τ = %d", tau), Style: k}
		for x := 0.0; x <= 12; x += 0.25 {
			s.X = append(s.X, x)
			s.Y = append(s.Y, 0.5*math.Exp(-2.3*x/float64(k+1))) // 0.5 · 10^(−x/(k+1))
		}
		plot.Series = append(plot.Series, s)
	}
	svg := chart.SVG(640, 360, func(p chart.Painter) { plot.Draw(p, 640, 360) })

	fmt.Println(bytes.HasPrefix(svg, []byte("<?xml")), bytes.Contains(svg, []byte("τ = 4")))
	xmin, xmax, ymin, ymax := plot.Ranges()
	fmt.Println(xmin, xmax, ymin, ymax)
	// Output:
	// true true
	// 0 15 1e-13 1
}

// Two side-by-side plots get the same axis limits.
func ExampleSharedRanges() {
	nice := chart.NewLinePlot("τ-nice", "passes / τ", "gap", true)
	nice.Series = []chart.Series{{X: []float64{0, 18}, Y: []float64{0.3, 8e-11}}}
	imp := chart.NewLinePlot("τ-importance", "passes / τ", "gap", true)
	imp.Series = []chart.Series{{X: []float64{0, 9}, Y: []float64{0.3, 6e-11}}}
	fmt.Println(chart.SharedRanges(nice, imp))
	fmt.Println(imp.Ranges())
	// Output:
	// 0 20 1e-11 1
	// 0 20 1e-11 1
}

func ExampleNiceTicks() {
	fmt.Println(chart.NiceTicks(0, 0.35, 5))
	fmt.Println(chart.FormatTicks(chart.NiceTicks(0, 0.35, 5)))
	// Output:
	// [0 0.1 0.2 0.3]
	// [0.0 0.1 0.2 0.3]
}

func ExampleLogTicks() {
	ticks := chart.LogTicks(1e-10, 1, 6) // too short a plot for all 11 decades
	for _, v := range ticks {
		fmt.Print(chart.FormatLogTick(v), " ")
	}
	fmt.Println()
	// Output:
	// 10⁻¹⁰ 10⁻⁸ 10⁻⁶ 10⁻⁴ 10⁻² 10⁰
}
