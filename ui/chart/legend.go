package chart

import "math"

// legendSample is the length in pixels of the line sample of a legend entry.
const legendSample = 30

// drawLegend draws a boxed legend of the labelled series inside area, in
// as many columns as its height requires: in the top-right corner, unless
// another corner hides less of the curves (pixel polylines in curves).
func drawLegend(p Painter, series []Series, curves [][]Point, area Rect, font float64) {
	var entries []Series
	for _, s := range series {
		if s.Label != "" {
			entries = append(entries, s)
		}
	}
	if len(entries) == 0 {
		return
	}
	size := 0.95 * font
	row := 1.45 * size
	pad, inset := 0.5*size, 6.0
	textW := 0.0
	for _, s := range entries {
		textW = math.Max(textW, TextWidth(s.Label, size))
	}
	colW := legendSample + 0.5*size + textW
	// At most ~60% of the plot height, so that a corner stays free.
	rows := max(1, int((0.6*area.H-2*pad)/row))
	cols := (len(entries) + rows - 1) / rows
	rows = (len(entries) + cols - 1) / cols
	w := 2*pad + float64(cols)*colW + float64(cols-1)*size
	h := 2*pad + float64(rows)*row
	box := legendCorner(curves, area, w, h, inset)
	x0, y0 := box.X, box.Y
	p.Rect(x0, y0, w, h, background)
	l, t, r, b := crisp(x0), crisp(y0), crisp(x0+w), crisp(y0+h)
	p.Polyline([]Point{{l, t}, {r, t}, {r, b}, {l, b}, {l, t - 0.5}}, Stroke{Color: legendBorder, Width: 1})

	text := TextStyle{Size: size, Color: textColor, Baseline: BaselineMiddle}
	for k, s := range entries {
		col, rw := k/rows, k%rows
		x := x0 + pad + float64(col)*(colW+size)
		y := y0 + pad + (float64(rw)+0.5)*row
		color, dash, marker := Style(s.Style)
		p.Polyline([]Point{{x, y}, {x + legendSample, y}}, Stroke{Color: color, Width: seriesWidth, Dash: dash})
		p.Marker(x+legendSample/2, y, marker, markerSize, color)
		p.Text(x+legendSample+0.5*size, y, s.Label, text)
	}
}

// legendCorner returns the legend box of size w × h in the corner of area
// that covers the least length of curves, preferring top-right, then
// bottom-left (the empty corners of a decreasing convergence plot).
func legendCorner(curves [][]Point, area Rect, w, h, inset float64) Rect {
	left, right := area.X+inset, area.X+area.W-inset-w
	top, bottom := area.Y+inset, area.Y+area.H-inset-h
	best, bestCover := Rect{}, math.Inf(1)
	for _, c := range [...]Point{{right, top}, {left, bottom}, {left, top}, {right, bottom}} {
		box := Rect{c.X, c.Y, w, h}
		if cover := coveredLength(curves, box); cover < bestCover {
			best, bestCover = box, cover
		}
		if bestCover == 0 {
			break
		}
	}
	return best
}

// coveredLength is the length of the polylines inside box.
func coveredLength(curves [][]Point, box Rect) float64 {
	total := 0.0
	for _, run := range curves {
		for i := 1; i < len(run); i++ {
			a, b := run[i-1], run[i]
			if math.Max(a.X, b.X) < box.X || math.Min(a.X, b.X) > box.X+box.W ||
				math.Max(a.Y, b.Y) < box.Y || math.Min(a.Y, b.Y) > box.Y+box.H {
				continue // most segments are far from the box
			}
			if t0, t1, ok := clipSegment(a, b, box); ok {
				total += (t1 - t0) * math.Hypot(b.X-a.X, b.Y-a.Y)
			}
		}
	}
	return total
}
