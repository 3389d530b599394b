package chart

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"testing"

	"imlab/core/dataset"
	"imlab/core/sampling"
)

// demoConvergence returns paper-like traces: the gap falls linearly on a
// log scale at a τ-dependent rate until it passes 1e-10, with a little
// noise, sampled every 0.25 passes.
func demoConvergence(rateScale float64) []Series {
	r := sampling.NewRand(7)
	var out []Series
	for k, tau := range []int{1, 2, 4, 8, 16, 32} {
		rate := rateScale * (1.2 - 0.08*float64(k))
		s := Series{Label: fmt.Sprintf("τ = %d", tau), Style: k}
		for x := 0.0; ; x += 0.25 {
			gap := 0.3 * math.Exp(-rate*x) * (1 + 0.3*r.Float64())
			s.X = append(s.X, x)
			s.Y = append(s.Y, gap)
			if gap < 1e-10 {
				break
			}
		}
		out = append(out, s)
	}
	return out
}

// demoFigure is the paper's side-by-side convergence figure.
func demoFigure(width, height float64) []byte {
	nice := &LinePlot{Title: "w8a, τ-nice", XLabel: "passes / τ", YLabel: "P(w) − P*", LogY: true,
		XMin: math.NaN(), XMax: math.NaN(), YMin: math.NaN(), YMax: math.NaN(), Series: demoConvergence(1.0)}
	imp := &LinePlot{Title: "w8a, τ-importance", XLabel: "passes / τ", YLabel: "P(w) − P*", LogY: true,
		XMin: math.NaN(), XMax: math.NaN(), YMin: math.NaN(), YMax: math.NaN(), Series: demoConvergence(1.9)}
	SharedRanges(nice, imp)
	return SVG(width, height, func(p Painter) {
		nice.Draw(p, width/2, height)
		p.Clip(width/2, 0, width/2, height)
		imp.Draw(translated{p, width / 2, 0}, width/2, height)
		p.Unclip()
	})
}

// translated shifts a Painter, to put two plots side by side in one SVG.
type translated struct {
	Painter
	dx, dy float64
}

func (t translated) Polyline(pts []Point, s Stroke) {
	moved := make([]Point, len(pts))
	for i, q := range pts {
		moved[i] = Point{q.X + t.dx, q.Y + t.dy}
	}
	t.Painter.Polyline(moved, s)
}
func (t translated) Rect(x, y, w, h float64, fill string) { t.Painter.Rect(x+t.dx, y+t.dy, w, h, fill) }
func (t translated) Marker(x, y float64, m Marker, size float64, c string) {
	t.Painter.Marker(x+t.dx, y+t.dy, m, size, c)
}
func (t translated) Text(x, y float64, s string, st TextStyle) { t.Painter.Text(x+t.dx, y+t.dy, s, st) }
func (t translated) Clip(x, y, w, h float64)                   { t.Painter.Clip(x+t.dx, y+t.dy, w, h) }

func demoHistograms() map[string]dataset.Histogram {
	r := sampling.NewRand(3)
	extreme := make([]float64, 1000)
	chisq := make([]float64, 1000)
	for i := range extreme {
		extreme[i] = 1
		z := r.NormFloat64()
		chisq[i] = z * z
	}
	extreme[0] = 1000
	return map[string]dataset.Histogram{
		"extreme": dataset.NewHistogram(extreme, 40),
		"chisq1":  dataset.NewHistogram(chisq, 40),
	}
}

// TestDemoFigures writes the demo figures as SVG and checks they parse. Set
// IMLAB_CHART_DIR to keep them for viewing.
func TestDemoFigures(t *testing.T) {
	dir := os.Getenv("IMLAB_CHART_DIR")
	if dir == "" {
		dir = t.TempDir()
	}
	files := map[string][]byte{
		"convergence.svg":       demoFigure(900, 340),
		"convergence_short.svg": demoFigure(640, 200),
	}
	for name, h := range demoHistograms() {
		for _, logCount := range []bool{false, true} {
			hp := &HistPlot{Title: "‖x_i‖², " + name, XLabel: "‖x_i‖²", Hist: h, LogCount: logCount}
			files[fmt.Sprintf("hist_%s_log%v.svg", name, logCount)] = SVG(450, 300, func(p Painter) { hp.Draw(p, 450, 300) })
		}
	}
	for name, svg := range files {
		if _, err := parseSVG(svg); err != nil {
			t.Errorf("%s: %v", name, err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), svg, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
