package chart

import "math"

// legendSample is the length in pixels of the line sample of a legend entry.
const legendSample = 30

// drawLegend draws a boxed legend of the labelled series in the top-right
// corner of area, in as many columns as its height requires.
func drawLegend(p Painter, series []Series, area Rect, font float64) {
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
	rows := max(1, int((area.H-2*inset-2*pad)/row))
	cols := (len(entries) + rows - 1) / rows
	rows = (len(entries) + cols - 1) / cols
	w := 2*pad + float64(cols)*colW + float64(cols-1)*size
	h := 2*pad + float64(rows)*row
	x0, y0 := area.X+area.W-inset-w, area.Y+inset
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
