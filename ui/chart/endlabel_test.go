package chart

import (
	"fmt"
	"testing"
)

// manyCurves is a plot of the curves a comparison of methods draws: three
// styles (methods), three curves each (τ), one legend entry per style and
// a direct label at each curve's end.
func manyCurves(above bool) *LinePlot {
	lp := NewLinePlot("methods compared", "passes", "gap", true)
	lp.LegendAbove = above
	for m := range 3 {
		for k, tau := range []int{1, 8, 32} {
			s := Series{Style: m, EndLabel: fmt.Sprintf("τ=%d", tau)}
			if k == 0 {
				s.Label = fmt.Sprintf("method %d", m)
			}
			for i := range 20 {
				s.X = append(s.X, float64(i*(k+1)+m))
				s.Y = append(s.Y, 1/float64(1+i*(m+1)*(k+1)))
			}
			lp.Series = append(lp.Series, s)
		}
	}
	return lp
}

func TestLegendAboveLeavesThePlotAreaFree(t *testing.T) {
	const w, h = 500, 400
	inside, above := manyCurves(false), manyCurves(true)
	if a, b := inside.Frame(w, h).Area, above.Frame(w, h).Area; !(b.Y > a.Y) || b.H >= a.H {
		t.Errorf("plot area with the legend above %+v, without %+v: want it lower and shorter", b, a)
	}
	r := &recorder{}
	above.Draw(r, w, h)
	area := above.Frame(w, h).Area
	entries := r.find("text", func(c call) bool { return len(c.text) > 7 && c.text[:7] == "method " })
	if len(entries) != 3 {
		t.Fatalf("legend entries %d, want one per style (3)", len(entries))
	}
	for _, c := range entries {
		if c.pts[0].Y >= area.Y {
			t.Errorf("legend entry %q at y = %.1f, inside the plot area (top %.1f)", c.text, c.pts[0].Y, area.Y)
		}
	}
	if boxes := r.find("rect", func(c call) bool { return c.rect.W < w }); len(boxes) != 0 {
		t.Errorf("a legend box was drawn over the plot: %+v", boxes)
	}
}

func TestEndLabelsBesideTheirCurvesApart(t *testing.T) {
	const w, h = 500, 400
	lp := manyCurves(true)
	r := &recorder{}
	lp.Draw(r, w, h)
	f := lp.layout(w, h)
	labels := r.find("text", func(c call) bool { return len(c.text) > 2 && c.text[:3] == "τ=" })
	if len(labels) != len(lp.Series) {
		t.Fatalf("%d end labels, want one per curve (%d)", len(labels), len(lp.Series))
	}
	size := 0.85 * f.font
	for i, a := range labels {
		if !f.Area.Contains(a.pts[0]) {
			t.Errorf("label %q at %v, outside the plot area %+v", a.text, a.pts[0], f.Area)
		}
		near := false // a curve of its colour ends beside it
		for _, s := range lp.Series {
			end, _ := lastPoint(s, f)
			if color, _, _ := Style(s.Style); color == a.style.Color && abs(end.Y-a.pts[0].Y) < 4*size && abs(end.X-a.pts[0].X) < 60 {
				near = true
			}
		}
		if !near {
			t.Errorf("label %q at %v in %s: no curve of its colour ends beside it", a.text, a.pts[0], a.style.Color)
		}
		for _, b := range labels[:i] {
			if abs(a.pts[0].Y-b.pts[0].Y) < 1.2*size-0.01 && abs(a.pts[0].X-b.pts[0].X) < TextWidth(a.text, size) {
				t.Errorf("labels %q at %v and %q at %v overlap", a.text, a.pts[0], b.text, b.pts[0])
			}
		}
	}
}

func TestDrawNewRedrawsMovedEndLabels(t *testing.T) {
	lp := manyCurves(true)
	d := lp.DrawTracked(&recorder{}, 500, 400)
	if !lp.DrawNew(&recorder{}, d) {
		t.Error("DrawNew refused a plot that did not change")
	}
	lp.Series[0].X = append(lp.Series[0].X, 19.5)
	lp.Series[0].Y = append(lp.Series[0].Y, 0.06)
	if lp.DrawNew(&recorder{}, d) {
		t.Error("DrawNew drew over a curve whose end label moved")
	}
}

func abs(x float64) float64 { return max(x, -x) }
