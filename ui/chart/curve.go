package chart

import "math"

// decimateTol is the distance in pixels below which consecutive curve points
// are merged: invisible, and it keeps a 2,000-point trace on a 600-pixel
// plot from costing 2,000 canvas calls.
const decimateTol = 0.5

// drawSeries strokes one series in its style, puts markers along it and
// returns its pixel polylines and where its markers stand (see seriesInk).
func drawSeries(p Painter, s Series, f *frame) ([][]Point, seriesInk) {
	spacing := markerSpacing(f)
	return drawSeriesFrom(p, s, f, seriesInk{next: markerPhase(s.Style) * spacing})
}

// seriesInk is how much of a series is drawn: points is how many of its
// data points, walked the arc length of its polylines in pixels, and next
// the arc length at which its next marker goes.
type seriesInk struct {
	points       int
	walked, next float64
}

// markerSpacing is the arc length in pixels between the markers of a curve.
func markerSpacing(f *frame) float64 { return math.Max(40, (f.Area.W+f.Area.H)/7) }

// drawSeriesFrom draws series s from its point ink.points − 1 on (the
// whole series if ink.points is 0), continuing the markers from ink, and
// returns the polylines it drew and the ink after them.
func drawSeriesFrom(p Painter, s Series, f *frame, ink seriesInk) ([][]Point, seriesInk) {
	color, dash, marker := Style(s.Style)
	n := min(len(s.X), len(s.Y))
	from := max(0, ink.points-1)
	runs := Segments(s.X[from:n], s.Y[from:n], f.X, f.Y, f.Area, decimateTol)
	for k, run := range runs {
		runs[k] = columnBound(run)
	}
	st := Stroke{Color: color, Width: seriesWidth, Dash: dash}
	for _, run := range runs {
		p.Polyline(run, st)
	}
	marks, walked, next := markerWalk(runs, markerSpacing(f), ink.walked, ink.next)
	for _, m := range marks {
		p.Marker(m.X, m.Y, marker, markerSize, color)
	}
	return runs, seriesInk{points: n, walked: walked, next: next}
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
	out, _, _ := markerWalk(runs, spacing, 0, math.Max(offset, 0))
	return out
}

// markerWalk is MarkerPositions continuing a walk: the runs start at arc
// length walked and the next marker is due at arc length next. It returns
// the markers and the walk's arc length and next marker at the runs' end.
func markerWalk(runs [][]Point, spacing, walked, next float64) (out []Point, walkedOut, nextOut float64) {
	if !(spacing > 0) {
		return nil, walked, next
	}
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
	return out, walked, next
}
