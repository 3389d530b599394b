package chart

import "math"

// legendSample is the length in pixels of the line sample of a legend entry.
const legendSample = 30

// drawLegend draws a boxed legend of the labelled series inside area, in
// as many columns as its height requires: in the top-right corner, unless
// another corner hides less of the curves (pixel polylines in curves). It
// returns the legend and where it put it (nil if no series is labelled).
func drawLegend(p Painter, series []Series, curves [][]Point, area Rect, font float64) *placedLegend {
	l := newLegend(series, area, font)
	if len(l.entries) == 0 {
		return nil
	}
	box := legendCorner(curves, area, l.w, l.h, 6)
	l.draw(p, box.X, box.Y)
	return &placedLegend{l, Point{box.X, box.Y}}
}

// placedLegend is a legend and its top-left corner.
type placedLegend struct {
	legend
	at Point
}

// legend is the layout of a legend box.
type legend struct {
	entries        []Series
	size, row, pad float64
	colW, w, h     float64
	rows           int
}

func newLegend(series []Series, area Rect, font float64) legend {
	var l legend
	for _, s := range series {
		if s.Label != "" {
			l.entries = append(l.entries, s)
		}
	}
	if len(l.entries) == 0 {
		return l
	}
	l.size = 0.95 * font
	l.row = 1.45 * l.size
	l.pad = 0.5 * l.size
	textW := 0.0
	for _, s := range l.entries {
		textW = math.Max(textW, TextWidth(s.Label, l.size))
	}
	l.colW = legendSample + 0.5*l.size + textW
	// At most ~60% of the plot height, so that a corner stays free.
	rows := max(1, int((0.6*area.H-2*l.pad)/l.row))
	cols := (len(l.entries) + rows - 1) / rows
	l.rows = (len(l.entries) + cols - 1) / cols
	l.w = 2*l.pad + float64(cols)*l.colW + float64(cols-1)*l.size
	l.h = 2*l.pad + float64(l.rows)*l.row
	return l
}

// draw draws the legend with its top-left corner at (x0, y0).
func (l legend) draw(p Painter, x0, y0 float64) {
	p.Rect(x0, y0, l.w, l.h, background)
	lft, t, r, b := crisp(x0), crisp(y0), crisp(x0+l.w), crisp(y0+l.h)
	p.Polyline([]Point{{lft, t}, {r, t}, {r, b}, {lft, b}, {lft, t - 0.5}}, Stroke{Color: legendBorder, Width: 1})
	text := TextStyle{Size: l.size, Color: textColor, Baseline: BaselineMiddle}
	for k, s := range l.entries {
		col, rw := k/l.rows, k%l.rows
		x := x0 + l.pad + float64(col)*(l.colW+l.size)
		y := y0 + l.pad + (float64(rw)+0.5)*l.row
		color, dash, marker := Style(s.Style)
		p.Polyline([]Point{{x, y}, {x + legendSample, y}}, Stroke{Color: color, Width: seriesWidth, Dash: dash})
		p.Marker(x+legendSample/2, y, marker, markerSize, color)
		p.Text(x+legendSample+0.5*l.size, y, s.Label, text)
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

// band is a legend laid out in rows across the plot's width, for the
// band above its plot area (LinePlot.LegendAbove): entries left to right,
// wrapping to a new row when the next would not fit.
type band struct {
	entries   []Series
	at        []Point // each entry's top-left, from the band's
	size, row float64
	h         float64
}

// newBand lays out the labelled series in rows of at most width pixels.
func newBand(series []Series, width, font float64) band {
	b := band{size: 0.95 * font}
	b.row = 1.45 * b.size
	gap := 1.5 * b.size
	x, y := 0.0, 0.0
	for _, s := range series {
		if s.Label == "" {
			continue
		}
		w := legendSample + 0.5*b.size + TextWidth(s.Label, b.size)
		if x > 0 && x+w > width {
			x, y = 0, y+b.row
		}
		b.entries = append(b.entries, s)
		b.at = append(b.at, Point{x, y})
		x += w + gap
	}
	if b.entries != nil {
		b.h = y + b.row
	}
	return b
}

// draw draws the band with its top-left corner at (x0, y0).
func (b band) draw(p Painter, x0, y0 float64) {
	text := TextStyle{Size: b.size, Color: textColor, Baseline: BaselineMiddle}
	for k, s := range b.entries {
		x, y := x0+b.at[k].X, y0+b.at[k].Y+0.5*b.row
		color, dash, marker := Style(s.Style)
		p.Polyline([]Point{{x, y}, {x + legendSample, y}}, Stroke{Color: color, Width: seriesWidth, Dash: dash})
		p.Marker(x+legendSample/2, y, marker, markerSize, color)
		p.Text(x+legendSample+0.5*b.size, y, s.Label, text)
	}
}
