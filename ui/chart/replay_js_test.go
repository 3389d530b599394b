//go:build js && wasm

package chart_test

import (
	"fmt"
	"syscall/js"
	"testing"

	"imlab/ui/canvas"
	"imlab/ui/chart"
)

// BenchmarkSamplingPlotReplay replays the recorded sampling view on a
// canvas off screen, as the page shows it, and reads a pixel back so that
// the browser rasterises what was drawn. Run it in the page's browser:
//
//	GOOS=js GOARCH=wasm go test -c -o /tmp/chart.test ./ui/chart
//	go run ./bench/wasmrun /tmp/chart.test -test.run '^$' -test.bench SamplingPlotReplay
func BenchmarkSamplingPlotReplay(b *testing.B) {
	needDocument(b)
	for _, n := range []int{1000, 10000, 50000} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			var bt chart.Batch
			chart.BenchSamplingPlot(n).Draw(&bt, 700, 525)
			c := canvas.Offscreen(700, 525, 1)
			for b.Loop() {
				c.Clear()
				c.Replay(&bt)
				c.Element().Underlying().Call("getContext", "2d").Call("getImageData", 0, 0, 1, 1)
			}
			b.ReportMetric(float64(len(bt.Ops)), "ops")
		})
	}
}

// TestReplayDrawsAsCanvas checks the page's JavaScript replayer against
// drawing call by call: every kind of command, replayed from a batch on one
// canvas, must give exactly the pixels the same calls give on another. The
// coordinates are whole or halves: Canvas builds its paths from SVG path
// text with two decimals (chart.AppendPath) and the replayer passes them
// whole, so a few anti-aliased edge pixels of other paths (a circle's, a
// triangle's) may differ. It needs a browser (bench/wasmrun; build.sh test
// runs it in Chromium) and skips under node.
func TestReplayDrawsAsCanvas(t *testing.T) {
	needDocument(t)
	draw := func(p chart.Painter) {
		p.Clip(1, 2, 300, 300)
		p.Polyline([]chart.Point{{10, 20}, {30, 40}, {50, 25}}, chart.Stroke{Color: "red", Width: 3, Dash: []float64{4, 2}})
		p.Polyline([]chart.Point{{60, 90}, {60, 40}, {60, 90}, {70, 90}, {70, 60}}, chart.Stroke{Color: "grey", Width: 4})
		p.Polyline([]chart.Point{{80, 90}, {100, 40}, {120, 90}}, chart.Stroke{Color: "blue", Width: 6})
		p.Marker(150, 150, chart.MarkerSquare, 20, "green")
		p.Marker(200, 150, chart.MarkerDiamond, 20, "purple")
		p.Marker(250, 150, chart.MarkerPlus, 20, "black")
		p.Text(150, 60, "τ = 1", chart.TextStyle{Size: 14, Color: "#111", Align: chart.AlignRight, Bold: true, Rotate: true})
		p.Rect(200, 200, 30, 20, "orange")
		p.Unclip()
		p.Rect(290, 290, 30, 20, "teal") // half outside the clip, which no longer applies
	}
	pixels := func(c *canvas.Canvas) string {
		w, h := c.Size()
		data := c.Element().Underlying().Call("getContext", "2d").Call("getImageData", 0, 0, w, h).Get("data")
		b := make([]byte, data.Length())
		js.CopyBytesToGo(b, js.Global().Get("Uint8Array").New(data.Get("buffer")))
		return string(b)
	}
	direct, replayed, blank := canvas.Offscreen(400, 350, 1), canvas.Offscreen(400, 350, 1), canvas.Offscreen(400, 350, 1)
	draw(direct)
	var b chart.Batch
	draw(&b)
	replayed.Replay(&b)
	if pixels(direct) == pixels(blank) {
		t.Fatal("the calls drew nothing")
	}
	if pixels(direct) != pixels(replayed) {
		t.Error("the replayed batch's pixels differ from the calls'")
	}
}

// needDocument skips where there is no DOM (node).
func needDocument(tb testing.TB) {
	if js.Global().Get("document").IsUndefined() {
		tb.Skip("no document: run in a browser (bench/wasmrun)")
	}
}
