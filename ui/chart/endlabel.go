package chart

import (
	"math"
	"slices"
)

// endLabel is a series' direct label as placed: its box and text.
type endLabel struct {
	box   Rect
	text  string
	color string
}

// drawEndLabels writes each series' EndLabel beside its last point inside
// the plot area, in the series' colour: right of the point where it fits,
// else left of it, and moved up off the labels already placed, so that
// labels of curves ending close together stay readable.
func drawEndLabels(p Painter, series []Series, f *frame) {
	size := 0.85 * f.font
	a := f.Area
	var labels []endLabel
	for _, s := range series {
		if s.EndLabel == "" {
			continue
		}
		end, ok := lastPoint(s, f)
		if !ok {
			continue
		}
		w, h := TextWidth(s.EndLabel, size)+2, 1.2*size
		x := end.X + 4
		if x+w > a.X+a.W {
			x = end.X - 4 - w
		}
		x = math.Max(x, a.X+1)
		y := math.Min(math.Max(end.Y-h/2, a.Y+1), a.Y+a.H-h-1)
		color, _, _ := Style(s.Style)
		labels = append(labels, endLabel{Rect{x, y, w, h}, s.EndLabel, color})
	}
	// Bottom first, each moved up off those placed: convergence curves
	// end together at the bottom, at the target, and their labels stack
	// upward from there into the plot's emptier part.
	slices.SortStableFunc(labels, func(u, v endLabel) int {
		switch {
		case u.box.Y > v.box.Y:
			return -1
		case u.box.Y < v.box.Y:
			return 1
		}
		return 0
	})
	for i := range labels {
		b := &labels[i].box
		for moved := true; moved; {
			moved = false
			for _, o := range labels[:i] {
				if overlaps(*b, o.box) {
					b.Y = o.box.Y - b.H
					moved = true
				}
			}
		}
		b.Y = math.Max(b.Y, a.Y+1) // pushed off the top: the corner it can have
	}
	style := TextStyle{Size: size, Baseline: BaselineMiddle, Bold: true}
	for _, l := range labels {
		style.Color = l.color
		p.Text(l.box.X+1, l.box.Y+l.box.H/2, l.text, style)
	}
}

// lastPoint is the pixel position of the last point of s that its scales
// can place inside the plot area.
func lastPoint(s Series, f *frame) (Point, bool) {
	for i := min(len(s.X), len(s.Y)) - 1; i >= 0; i-- {
		if !f.X.Valid(s.X[i]) || !f.Y.Valid(s.Y[i]) {
			continue
		}
		pt := Point{f.X.Pixel(s.X[i]), f.Y.Pixel(s.Y[i])}
		if f.Area.Contains(pt) {
			return pt, true
		}
	}
	return Point{}, false
}

// overlaps reports whether two boxes share more than an edge.
func overlaps(u, v Rect) bool {
	return u.X < v.X+v.W && v.X < u.X+u.W && u.Y < v.Y+v.H && v.Y < u.Y+u.H
}
