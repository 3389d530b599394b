package chart

import (
	"fmt"
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"
)

var nan = math.NaN()

func TestRanges(t *testing.T) {
	data := []Series{
		{X: []float64{0, 1, 2, 3.7}, Y: []float64{0.4, 3e-3, 0, 2.5e-11}},
		{X: []float64{0, 1, math.NaN()}, Y: []float64{0.2, -1, 1e-30}},
	}
	for _, c := range []struct {
		name string
		lp   LinePlot
		want [4]float64
	}{
		{"log auto", LinePlot{LogY: true, XMin: nan, XMax: nan, YMin: nan, YMax: nan, Series: data},
			// x: 0..3.7 widened to the 1-step; y: positive finite values 2.5e-11..0.4 widened to decades.
			[4]float64{0, 4, 1e-11, 1}},
		{"log explicit floor", LinePlot{LogY: true, XMin: nan, XMax: nan, YMin: 1e-10, YMax: nan, Series: data},
			[4]float64{0, 4, 1e-10, 1}},
		{"explicit all", LinePlot{LogY: true, XMin: 0, XMax: 50, YMin: 1e-12, YMax: 10, Series: data},
			[4]float64{0, 50, 1e-12, 10}},
		{"log limit ≤ 0 ignored", LinePlot{LogY: true, XMin: nan, XMax: nan, YMin: 0, YMax: nan, Series: data},
			[4]float64{0, 4, 1e-11, 1}},
		{"crossed limits ignored", LinePlot{XMin: 5, XMax: 1, YMin: nan, YMax: nan, Series: data},
			[4]float64{0, 4, -1, 0.5}},
		// y: -1..0.4 on ≤ 6 ticks is step 0.5: -1, -0.5, 0, then 0.5 to cover 0.4.
		{"linear auto", LinePlot{XMin: nan, XMax: nan, YMin: nan, YMax: nan, Series: data},
			[4]float64{0, 4, -1, 0.5}},
		{"no data", LinePlot{LogY: true, XMin: nan, XMax: nan, YMin: nan, YMax: nan},
			[4]float64{0, 1, 1, 10}},
		{"given max below all data", LinePlot{XMin: nan, XMax: -2, YMin: nan, YMax: nan, Series: data},
			[4]float64{-3, -2, -1, 0.5}},
		// A run's first point: x from 0 up, not −1..1.
		{"one point at 0", LinePlot{LogY: true, XMin: nan, XMax: nan, YMin: nan, YMax: nan,
			Series: []Series{{X: []float64{0}, Y: []float64{0.3}}}}, [4]float64{0, 1, 0.1, 1}},
		{"one point at 3", LinePlot{LogY: true, XMin: nan, XMax: nan, YMin: nan, YMax: nan,
			Series: []Series{{X: []float64{3}, Y: []float64{0.3}}}}, [4]float64{0, 6, 0.1, 1}},
	} {
		a, b, y0, y1 := c.lp.Ranges()
		if got := [4]float64{a, b, y0, y1}; got != c.want {
			t.Errorf("%s: Ranges() = %v, want %v", c.name, got, c.want)
		}
	}
}

func TestSharedRanges(t *testing.T) {
	left := NewLinePlot("nice", "passes / τ", "gap", true)
	left.Series = []Series{{X: []float64{0, 10, 22}, Y: []float64{0.5, 1e-5, 5e-11}}}
	right := NewLinePlot("imp", "passes / τ", "gap", true)
	right.Series = []Series{{X: []float64{0, 7}, Y: []float64{2, 3e-11}}}
	a, b, c, d := SharedRanges(left, right)
	// x: 0..22 on ≤ 6 ticks is step 5, so 0..25; y: 3e-11..2 in decades.
	if want := [4]float64{0, 25, 1e-11, 10}; [4]float64{a, b, c, d} != want {
		t.Fatalf("SharedRanges = %v, want %v", [4]float64{a, b, c, d}, want)
	}
	for _, lp := range []*LinePlot{left, right} {
		if x0, x1, y0, y1 := lp.Ranges(); [4]float64{x0, x1, y0, y1} != [4]float64{a, b, c, d} {
			t.Errorf("%s: Ranges() = %v after SharedRanges, want %v", lp.Title, [4]float64{x0, x1, y0, y1}, [4]float64{a, b, c, d})
		}
	}
	fl, fr := left.Frame(400, 300), right.Frame(400, 300)
	if fl != fr {
		t.Errorf("equal plots at equal sizes should lay out identically: %+v vs %+v", fl, fr)
	}
}

func TestFrameMapsRangesToAreaEdges(t *testing.T) {
	lp := NewLinePlot("t", "x", "y", true)
	lp.Series = []Series{{X: []float64{0, 20}, Y: []float64{1, 1e-10}}}
	f := lp.Frame(640, 360)
	x0, x1, y0, y1 := lp.Ranges()
	a := f.Area
	if a.X <= 0 || a.Y <= 0 || a.X+a.W >= 640 || a.Y+a.H >= 360 || a.W < 400 || a.H < 250 {
		t.Errorf("plot area %+v should sit inside 640×360 with modest margins", a)
	}
	check := func(name string, got, want float64) {
		if math.Abs(got-want) > 1e-9 {
			t.Errorf("%s: %g, want %g", name, got, want)
		}
	}
	check("x min → left edge", f.X.Pixel(x0), a.X)
	check("x max → right edge", f.X.Pixel(x1), a.X+a.W)
	check("y min → bottom edge", f.Y.Pixel(y0), a.Y+a.H)
	check("y max → top edge", f.Y.Pixel(y1), a.Y)
}

// convergencePlot is a log-scale plot with the given series.
func convergencePlot(series ...Series) *LinePlot {
	lp := NewLinePlot("w8a", "passes / τ", "P(w) − P*", true)
	lp.Series = series
	return lp
}

func TestDrawOnePolylinePerSegment(t *testing.T) {
	broken := Series{Label: "τ = 1", Style: 0,
		X: []float64{0, 1, 2, 3, 4, 5, 6}, Y: []float64{1, 0.1, 0.01, 0, 1e-4, 1e-5, 1e-6}}
	whole := Series{Label: "τ = 2", Style: 1, X: []float64{0, 2, 4, 6}, Y: []float64{1, 1e-2, 1e-4, 1e-6}}
	invalid := Series{Label: "τ = 4", Style: 2, X: []float64{0, 1, 2}, Y: []float64{0, -1, math.NaN()}}
	unlabelled := Series{Style: 3, X: []float64{0, 6}, Y: []float64{1e-3, 1e-3}}
	lp := convergencePlot(broken, whole, invalid, unlabelled)
	rec := &recorder{}
	lp.Draw(rec, 640, 360)
	f := lp.Frame(640, 360)

	for _, c := range []struct {
		s    Series
		want int
	}{{broken, 2}, {whole, 1}, {invalid, 0}, {unlabelled, 1}} {
		color, dash, _ := Style(c.s.Style)
		var lines []call
		for _, k := range rec.clipped("polyline") {
			if k.stroke.Color == color {
				lines = append(lines, k)
			}
		}
		if len(lines) != c.want {
			t.Errorf("series %q: %d curve polylines, want %d", c.s.Label, len(lines), c.want)
		}
		for _, l := range lines {
			if !slices.Equal(l.stroke.Dash, dash) {
				t.Errorf("series %q drawn with dash %v, want %v", c.s.Label, l.stroke.Dash, dash)
			}
			for _, p := range l.pts {
				if !f.Area.Contains(p) {
					t.Errorf("series %q: point %v outside the plot area %+v", c.s.Label, p, f.Area)
				}
			}
		}
	}
	// Legend: labelled series only, in order (the all-invalid one is still listed).
	texts := strings.Join(rec.texts(), "|")
	for _, want := range []string{"τ = 1", "τ = 2", "τ = 4", "10⁻⁴", "10⁰", "passes / τ", "P(w) − P*", "w8a"} {
		if !strings.Contains(texts, want) {
			t.Errorf("texts %q lack %q", texts, want)
		}
	}
	if strings.Index(texts, "τ = 1") > strings.Index(texts, "τ = 2") {
		t.Error("legend entries out of series order")
	}
	if got := len(rec.find("text", func(k call) bool { return strings.HasPrefix(k.text, "τ") })); got != 3 {
		t.Errorf("%d legend entries, want 3 (unlabelled series skipped)", got)
	}
	// Clips balance, and curves are drawn while clipped to the plot area.
	depth, clipped := 0, 0
	for _, k := range rec.calls {
		switch k.op {
		case "clip":
			depth++
			if k.rect != f.Area {
				t.Errorf("clip %+v, want the plot area %+v", k.rect, f.Area)
			}
		case "unclip":
			depth--
		case "marker":
			if depth > 0 {
				clipped++
			}
		}
	}
	if depth != 0 {
		t.Errorf("clip depth %d at the end, want 0", depth)
	}
	if clipped == 0 {
		t.Error("no markers drawn on the curves")
	}
}

func TestDrawMarkersSparse(t *testing.T) {
	n := 2000
	s := Series{Label: "dense", X: make([]float64, n), Y: make([]float64, n)}
	for i := range n {
		s.X[i] = float64(i) / 100
		s.Y[i] = math.Exp(-float64(i) / 100)
	}
	rec := &recorder{}
	convergencePlot(s).Draw(rec, 640, 360)
	markers := rec.find("marker", nil)
	if len(markers) < 4 || len(markers) > 20 { // a few along the curve, one in the legend
		t.Errorf("%d markers for a 2,000-point curve, want a few", len(markers))
	}
	lines := rec.clipped("polyline")
	if len(lines) != 1 || len(lines[0].pts) >= n {
		t.Errorf("want one decimated curve polyline, got %d (first has %d points)", len(lines), len(lines[0].pts))
	}
}

func TestDrawShortPlotThinsLogLabels(t *testing.T) {
	s := Series{X: []float64{0, 30}, Y: []float64{1, 1e-12}}
	count := func(h float64) int {
		rec := &recorder{}
		convergencePlot(s).Draw(rec, 600, h)
		return len(rec.find("text", func(k call) bool { return strings.ContainsAny(k.text, "⁰¹²³⁴⁵⁶⁷⁸⁹") }))
	}
	tall, short := count(600), count(160)
	if tall != 13 {
		t.Errorf("tall plot: %d decade labels, want all 13 (10⁻¹²…10⁰)", tall)
	}
	if short >= tall/2 || short < 2 {
		t.Errorf("short plot: %d decade labels, want fewer than half of %d and at least 2", short, tall)
	}
}

func TestLegendAvoidsCurves(t *testing.T) {
	// A diagonal through the bottom-left and top-right corners and a line
	// along the top leave only the bottom-right corner free.
	s := Series{Label: "rising", X: []float64{0, 10}, Y: []float64{0, 10}}
	lp := NewLinePlot("", "", "", false)
	lp.Series = []Series{s, {Label: "flat", X: []float64{0, 10}, Y: []float64{9, 9}, Style: 1}}
	rec := &recorder{}
	lp.Draw(rec, 400, 300)
	f := lp.Frame(400, 300)
	boxes := rec.find("rect", func(k call) bool { return k.rect.W < f.Area.W/2 })
	if len(boxes) != 1 {
		t.Fatalf("want one legend box, got %v", boxes)
	}
	box := boxes[0].rect
	if box.X < f.Area.X+f.Area.W/2 || box.Y < f.Area.Y+f.Area.H/2 {
		t.Errorf("legend at %+v, want the free bottom-right corner", box)
	}
}

// growingPlot is a log-scale plot of two decreasing curves with n points
// each, spaced widely enough that no point is merged with another.
func growingPlot(n int) *LinePlot {
	lp := NewLinePlot("t", "x", "y", true)
	lp.XMin, lp.XMax, lp.YMin, lp.YMax = 0, 100, 1e-10, 1
	for s := range 2 {
		ser := Series{Label: fmt.Sprintf("τ = %d", s+1), Style: s}
		for i := range n {
			ser.X = append(ser.X, float64(i))
			ser.Y = append(ser.Y, math.Pow(10, -float64(i)/float64(10+s)))
		}
		lp.Series = append(lp.Series, ser)
	}
	return lp
}

// TestDrawNewNothingNew checks that a frame with no new data draws nothing.
func TestDrawNewNothingNew(t *testing.T) {
	lp := growingPlot(30)
	d := lp.DrawTracked(&recorder{}, 640, 360)
	rec := &recorder{}
	if !lp.DrawNew(rec, d) || len(rec.calls) != 0 {
		t.Errorf("DrawNew with no new points made %d calls, want none", len(rec.calls))
	}
}

// TestDrawNewDrawsOnlyTheNewStretch checks that DrawNew draws the curves'
// new points only, joined to the last drawn one, and that the old and new
// stretches make up the curve a full Draw of the grown plot draws.
func TestDrawNewDrawsOnlyTheNewStretch(t *testing.T) {
	small, grown := growingPlot(30), growingPlot(50)
	d := small.DrawTracked(&recorder{}, 640, 360)
	before := &recorder{}
	small.Draw(before, 640, 360)
	rec := &recorder{}
	if !grown.DrawNew(rec, d) {
		t.Fatal("DrawNew refused a plot that only grew")
	}
	full := &recorder{}
	grown.Draw(full, 640, 360)
	curve := func(r *recorder, style int) []Point { // the curve of a style, joined
		color, _, _ := Style(style)
		var pts []Point
		for _, c := range r.clipped("polyline") {
			if c.stroke.Color == color && c.stroke.Width == seriesWidth {
				if len(pts) > 0 && pts[len(pts)-1] == c.pts[0] {
					c.pts = c.pts[1:]
				}
				pts = append(pts, c.pts...)
			}
		}
		return pts
	}
	for s := range 2 {
		old, added, want := curve(before, s), curve(rec, s), curve(full, s)
		if len(added) == 0 || len(old) == 0 || added[0] != old[len(old)-1] {
			t.Fatalf("series %d: the new stretch does not start at the last drawn point", s)
		}
		added = added[1:]
		if len(added) != 20 {
			t.Errorf("series %d: DrawNew drew %d new points, want 20", s, len(added))
		}
		if got := append(old, added...); !reflect.DeepEqual(got, want) {
			t.Errorf("series %d: old + new stretch = %d points, full draw %d", s, len(got), len(want))
		}
	}
	if n := len(rec.find("text", nil)); n != 2 {
		t.Errorf("DrawNew drew %d texts, want the legend's 2 only", n)
	}
	again := &recorder{}
	if !grown.DrawNew(again, d) || len(again.calls) != 0 {
		t.Errorf("a second DrawNew with nothing new made %d calls", len(again.calls))
	}
}

// TestDrawNewRefusesChangedPlots checks that DrawNew draws nothing when
// the plot needs a full redraw.
func TestDrawNewRefusesChangedPlots(t *testing.T) {
	changes := map[string]func(lp *LinePlot){
		"limits":  func(lp *LinePlot) { lp.YMin = 1e-12 },
		"title":   func(lp *LinePlot) { lp.Title = "other" },
		"series":  func(lp *LinePlot) { lp.Series = lp.Series[:1] },
		"label":   func(lp *LinePlot) { lp.Series[0].Label = "other" },
		"shrunk":  func(lp *LinePlot) { lp.Series[1].X = lp.Series[1].X[:10] },
		"font":    func(lp *LinePlot) { lp.FontSize = 20 },
		"no data": func(lp *LinePlot) { lp.Series = nil },
	}
	for name, change := range changes {
		lp := growingPlot(30)
		d := lp.DrawTracked(&recorder{}, 640, 360)
		change(lp)
		rec := &recorder{}
		if lp.DrawNew(rec, d) || len(rec.calls) != 0 {
			t.Errorf("%s: DrawNew accepted a changed plot (%d calls)", name, len(rec.calls))
		}
	}
	if growingPlot(30).DrawNew(&recorder{}, nil) {
		t.Error("DrawNew accepted a plot never drawn")
	}
}
