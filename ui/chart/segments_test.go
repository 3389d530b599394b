package chart

import (
	"math"
	"reflect"
	"testing"
)

// unit maps [0, 10] × [0, 10] onto the pixel square (0, 0)–(100, 100), y up.
var (
	unitX    = Scale{Min: 0, Max: 10, Lo: 0, Hi: 100}
	unitY    = Scale{Min: 0, Max: 10, Lo: 100, Hi: 0}
	unitArea = Rect{0, 0, 100, 100}
)

func TestSegmentsBreakOnInvalidValues(t *testing.T) {
	nan, inf := math.NaN(), math.Inf(1)
	xs := []float64{0, 1, 2, 3, 4, 5, 6, 7, 8}
	ys := []float64{1, 2, nan, 3, 4, inf, 5, 6, 7}
	runs := Segments(xs, ys, unitX, unitY, unitArea, 0)
	if len(runs) != 3 {
		t.Fatalf("got %d runs, want 3 (broken at NaN and Inf, lone points dropped): %v", len(runs), runs)
	}
	want := [][]Point{{{0, 90}, {10, 80}}, {{30, 70}, {40, 60}}, {{60, 50}, {70, 40}, {80, 30}}}
	for i, run := range runs {
		if !pointsEqual(run, want[i]) {
			t.Errorf("run %d = %v, want %v", i, run, want[i])
		}
	}

	logY := Scale{Min: 1e-10, Max: 1, Log: true, Lo: 100, Hi: 0}
	runs = Segments([]float64{0, 1, 2, 3, 4, 5}, []float64{1e-2, 1e-4, 0, -1e-3, 1e-6, 1e-8}, unitX, logY, unitArea, 0)
	if len(runs) != 2 || len(runs[0]) != 2 || len(runs[1]) != 2 {
		t.Fatalf("log y with 0 and a negative gap: runs %v, want two of two points", runs)
	}
	if got := runs[1][0]; math.Abs(got.X-40) > 1e-9 || math.Abs(got.Y-60) > 1e-9 {
		t.Errorf("1e-6 at x=4 maps to %v, want (40, 60)", got)
	}

	for name, ys := range map[string][]float64{
		"all NaN":          {nan, nan, nan},
		"all non-positive": {0, -1, -2},
		"alternating":      {1, nan, 1, nan, 1},
	} {
		if runs := Segments([]float64{0, 1, 2, 3, 4}, ys, unitX, logY, unitArea, 0); len(runs) != 0 {
			t.Errorf("%s: got runs %v, want none", name, runs)
		}
	}
	if runs := Segments([]float64{0, 1, 2}, []float64{1}, unitX, unitY, unitArea, 0); len(runs) != 0 {
		t.Errorf("one usable point (Y shorter than X): got %v, want none", runs)
	}
}

func TestSegmentsClipToArea(t *testing.T) {
	// Up from inside, out through the top, back in, and out through the right.
	xs := []float64{1, 3, 5, 7, 12}
	ys := []float64{5, 15, 15, 5, 5}
	runs := Segments(xs, ys, unitX, unitY, unitArea, 0)
	want := [][]Point{
		{{10, 50}, {20, 0}},            // leaves through the top at x = 2
		{{60, 0}, {70, 50}, {100, 50}}, // re-enters at x = 6, leaves at the right edge
	}
	if len(runs) != len(want) {
		t.Fatalf("got %d runs %v, want %d", len(runs), runs, len(want))
	}
	for i := range runs {
		if !pointsEqual(runs[i], want[i]) {
			t.Errorf("run %d = %v, want %v", i, runs[i], want[i])
		}
	}
	// Entirely outside, and a segment crossing the whole area.
	if runs := Segments([]float64{-5, -1}, []float64{1, 2}, unitX, unitY, unitArea, 0); len(runs) != 0 {
		t.Errorf("outside: got %v", runs)
	}
	runs = Segments([]float64{-5, 15}, []float64{5, 5}, unitX, unitY, unitArea, 0)
	if len(runs) != 1 || !pointsEqual(runs[0], []Point{{0, 50}, {100, 50}}) {
		t.Errorf("crossing: got %v, want [(0,50) (100,50)]", runs)
	}
	// Huge values (pixels beyond float range break the curve, never NaN output).
	runs = Segments([]float64{1, 2, 3}, []float64{5, 1e308, 5}, unitX, unitY, unitArea, 0)
	for _, run := range runs {
		for _, p := range run {
			if !finite(p.X) || !finite(p.Y) || !unitArea.Contains(p) {
				t.Errorf("huge value produced point %v", p)
			}
		}
	}
}

func TestSegmentsDecimate(t *testing.T) {
	n := 10001
	xs, ys := make([]float64, n), make([]float64, n)
	for i := range xs {
		xs[i] = 10 * float64(i) / float64(n-1)
		ys[i] = 5 + 4*math.Sin(xs[i])
	}
	runs := Segments(xs, ys, unitX, unitY, unitArea, 0.5)
	if len(runs) != 1 {
		t.Fatalf("got %d runs, want 1", len(runs))
	}
	run := runs[0]
	arc := 0.0
	for i := 1; i < n; i++ {
		arc += math.Hypot(unitX.Pixel(xs[i])-unitX.Pixel(xs[i-1]), unitY.Pixel(ys[i])-unitY.Pixel(ys[i-1]))
	}
	if max := int(arc/0.5) + 2; len(run) > max {
		t.Errorf("10,001 points along %.0f px of curve kept %d, want at most %d", arc, len(run), max)
	}
	last := Point{unitX.Pixel(xs[n-1]), unitY.Pixel(ys[n-1])}
	if run[0] != (Point{0, unitY.Pixel(5)}) || run[len(run)-1] != last {
		t.Errorf("ends %v…%v, want the data's first and last points", run[0], run[len(run)-1])
	}
	for i := 1; i+1 < len(run); i++ {
		if d := math.Hypot(run[i].X-run[i-1].X, run[i].Y-run[i-1].Y); d < 0.5 {
			t.Fatalf("kept points %v and %v only %g px apart", run[i-1], run[i], d)
		}
	}
	// Every dropped point lies within tolerance of the drawn polyline.
	for i := range xs {
		p := Point{unitX.Pixel(xs[i]), unitY.Pixel(ys[i])}
		if d := distanceToPolyline(p, run); d > 0.5 {
			t.Fatalf("point %v is %g px from the drawn curve", p, d)
		}
	}
}

func TestMarkerPositions(t *testing.T) {
	runs := [][]Point{{{0, 0}, {100, 0}}, {{0, 50}, {0, 150}}} // 200 px of curve
	got := MarkerPositions(runs, 40, 10)
	want := []Point{{10, 0}, {50, 0}, {90, 0}, {0, 80}, {0, 120}}
	if !pointsEqual(got, want) {
		t.Errorf("MarkerPositions = %v, want %v", got, want)
	}
	if got := MarkerPositions(runs, 0, 0); got != nil {
		t.Errorf("zero spacing: %v, want none", got)
	}
	if got := MarkerPositions(nil, 40, 0); len(got) != 0 {
		t.Errorf("no curve: %v, want none", got)
	}
}

func pointsEqual(a, b []Point) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if math.Abs(a[i].X-b[i].X) > 1e-9 || math.Abs(a[i].Y-b[i].Y) > 1e-9 {
			return false
		}
	}
	return true
}

func distanceToPolyline(p Point, run []Point) float64 {
	best := math.Inf(1)
	for i := 1; i < len(run); i++ {
		a, b := run[i-1], run[i]
		dx, dy := b.X-a.X, b.Y-a.Y
		t := 0.0
		if l := dx*dx + dy*dy; l > 0 {
			t = math.Max(0, math.Min(1, ((p.X-a.X)*dx+(p.Y-a.Y)*dy)/l))
		}
		best = math.Min(best, math.Hypot(p.X-a.X-t*dx, p.Y-a.Y-t*dy))
	}
	return best
}

// TestDrawnPointsBoundedByWidth checks that a curve's drawn points are
// bounded by the plot's pixel width however long its trace, and that the
// thinned curve spans the same pixels: the same first and last point and
// the same vertical extent in every column.
func TestDrawnPointsBoundedByWidth(t *testing.T) {
	const n = 200000
	lp := NewLinePlot("", "", "", false)
	ser := Series{X: make([]float64, n), Y: make([]float64, n)}
	for i := range n {
		ser.X[i] = float64(i) / n
		ser.Y[i] = float64(i%7) + float64(i)/n // a saw tooth over a slope
	}
	lp.Series = []Series{ser}
	lp.NoLegend = true
	for _, width := range []float64{200, 640, 1500} {
		rec := &recorder{}
		lp.Draw(rec, width, 300)
		curves := rec.clipped("polyline")
		if len(curves) != 1 {
			t.Fatalf("width %g: %d curves drawn, want 1", width, len(curves))
		}
		pts := curves[0].pts
		area := lp.Frame(width, 300).Area
		if limit := maxPerColumn * int(area.W+2); len(pts) > limit {
			t.Errorf("width %g: %d points drawn, want at most %d (%d per pixel column)", width, len(pts), limit, maxPerColumn)
		}
		full := Segments(ser.X, ser.Y, lp.Frame(width, 300).X, lp.Frame(width, 300).Y, area, decimateTol)[0]
		if pts[0] != full[0] || pts[len(pts)-1] != full[len(full)-1] {
			t.Errorf("width %g: ends %v…%v, want %v…%v", width, pts[0], pts[len(pts)-1], full[0], full[len(full)-1])
		}
		if a, b := columnExtents(pts), columnExtents(full); !reflect.DeepEqual(a, b) {
			t.Errorf("width %g: the thinned curve covers other pixels than the full one", width)
		}
	}
}

// columnExtents is the vertical extent of a polyline's points per pixel column.
func columnExtents(pts []Point) map[float64][2]float64 {
	out := map[float64][2]float64{}
	for _, p := range pts {
		c := math.Floor(p.X)
		e, ok := out[c]
		if !ok {
			e = [2]float64{p.Y, p.Y}
		}
		out[c] = [2]float64{math.Min(e[0], p.Y), math.Max(e[1], p.Y)}
	}
	return out
}

// TestColumnBoundKeepsShortCurves checks that curves with few points per
// column are drawn exactly as Segments returns them.
func TestColumnBoundKeepsShortCurves(t *testing.T) {
	run := []Point{{0, 0}, {0.2, 5}, {0.4, 1}, {0.6, 3}, {10, 0}, {20, 1}, {30, 2}, {40, 3}, {50, 4}, {60, 5}}
	if got := columnBound(run); !reflect.DeepEqual(got, run) {
		t.Errorf("columnBound changed a short curve: %v", got)
	}
}
