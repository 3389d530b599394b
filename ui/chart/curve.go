package chart

import "math"

// decimateTol is the distance in pixels below which consecutive curve points
// are merged: invisible, and it keeps a 2,000-point trace on a 600-pixel
// plot from costing 2,000 canvas calls.
const decimateTol = 0.5

// drawSeries strokes one series in its style, puts markers along it and
// returns its pixel polylines.
func drawSeries(p Painter, s Series, f *frame) [][]Point {
	color, dash, marker := Style(s.Style)
	runs := Segments(s.X, s.Y, f.X, f.Y, f.Area, decimateTol)
	st := Stroke{Color: color, Width: seriesWidth, Dash: dash}
	for _, run := range runs {
		p.Polyline(run, st)
	}
	spacing := math.Max(40, (f.Area.W+f.Area.H)/7)
	for _, m := range MarkerPositions(runs, spacing, markerPhase(s.Style)*spacing) {
		p.Marker(m.X, m.Y, marker, markerSize, color)
	}
	return runs
}

// markerPhase staggers the first marker of each style (by the golden
// ratio) so that markers of overlapping curves do not sit on each other.
func markerPhase(style int) float64 {
	_, frac := math.Modf(0.15 + float64(max(style, -style))*0.618034)
	return 0.1 + 0.8*frac
}

// MarkerPositions returns points along the polylines runs, measured by
// arc length as if the runs were joined: the first at offset, then every
// spacing pixels. Marking by arc length rather than by x keeps markers
// apart on the steep parts of a log-scale convergence curve.
func MarkerPositions(runs [][]Point, spacing, offset float64) []Point {
	if !(spacing > 0) {
		return nil
	}
	var out []Point
	next := math.Max(offset, 0)
	walked := 0.0
	for _, run := range runs {
		for i := 1; i < len(run); i++ {
			a, b := run[i-1], run[i]
			seg := math.Hypot(b.X-a.X, b.Y-a.Y)
			for next <= walked+seg {
				out = append(out, lerp(a, b, (next-walked)/seg))
				next += spacing
			}
			walked += seg
		}
	}
	return out
}
