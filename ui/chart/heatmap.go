package chart

import (
	"fmt"
	"math"
)

// HeatMap draws a grid of values as coloured cells on a logarithmic colour
// scale, with column labels below, row labels on the left, optional notes on
// the right of each row, and a colour-scale legend. Rows are drawn top to
// bottom in order; a NaN value is a cell not computed yet (drawn light grey).
type HeatMap struct {
	Title, XLabel, YLabel string
	Cols                  []string    // column labels
	Rows                  []string    // row labels
	Notes                 []string    // right-hand note per row ("" or nil = none)
	Values                [][]float64 // Values[row][col], positive
	// Breaks lists row indices before which a gap separates groups of rows
	// (two families of laws, say).
	Breaks   []int
	Min, Max float64 // colour range; 0 = from the values
	Legend   string  // colour-scale title
	Selected [2]int  // row, col of an outlined cell; {-1, -1} = none
	FontSize float64 // pixels; 0 means 12
}

// heatLayout is where a HeatMap's parts go at one size.
type heatLayout struct {
	font                     float64
	grid                     Rect // the cells, gaps included
	cellW, cellH, gap        float64
	rowY                     []float64 // top of each row
	legend                   Rect      // the colour bar
	lo, hi                   float64   // colour range
	notesX                   float64
	titleY, xlabelY, ylabelX float64
}

func (hm *HeatMap) font() float64 {
	if hm.FontSize > 0 {
		return hm.FontSize
	}
	return defaultFont
}

// Range returns the colour range: Min and Max, or the extent of the values.
func (hm *HeatMap) Range() (lo, hi float64) {
	lo, hi = hm.Min, hm.Max
	if lo > 0 && hi > lo {
		return lo, hi
	}
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, row := range hm.Values {
		for _, v := range row {
			if v > 0 && !math.IsInf(v, 0) {
				lo, hi = math.Min(lo, v), math.Max(hi, v)
			}
		}
	}
	if !(lo <= hi) {
		return 1, 10
	}
	if hi <= lo*1.01 {
		hi = lo * 1.01
	}
	return lo, hi
}

func (hm *HeatMap) layout(width, height float64) heatLayout {
	f := hm.font()
	l := heatLayout{font: f, gap: 0.6 * f}
	l.lo, l.hi = hm.Range()
	top := 0.5 * f
	if hm.Title != "" {
		l.titleY = top + f
		top += 1.6 * f
	}
	widest := 0.0
	for _, r := range hm.Rows {
		widest = math.Max(widest, TextWidth(r, f))
	}
	left := 0.4*f + widest + 4
	if hm.YLabel != "" {
		l.ylabelX = 0.2*f + 0.8*f
		left += 1.5 * f
	}
	notes := 0.0
	for _, n := range hm.Notes {
		notes = math.Max(notes, TextWidth(n, 0.85*f))
	}
	legendW := 1.2 * f
	legendLabels := TextWidth("1000×", f)
	right := 0.6*f + legendW + 4 + legendLabels + 0.5*f
	if notes > 0 {
		right += notes + 0.6*f
	}
	bottom := 0.4*f + f + 0.4*f
	if hm.XLabel != "" {
		bottom += 1.5 * f
	}
	gaps := float64(len(hm.Breaks)) * l.gap
	l.grid = Rect{X: left, Y: top, W: math.Max(width-left-right, 1), H: math.Max(height-top-bottom, 1)}
	l.cellW = l.grid.W / float64(max(1, len(hm.Cols)))
	l.cellH = math.Max(l.grid.H-gaps, 1) / float64(max(1, len(hm.Rows)))
	y := l.grid.Y
	for r := range hm.Rows {
		for _, b := range hm.Breaks {
			if b == r {
				y += l.gap
			}
		}
		l.rowY = append(l.rowY, y)
		y += l.cellH
	}
	l.notesX = l.grid.X + l.grid.W + 0.4*f
	lx := l.grid.X + l.grid.W + 0.6*f
	if notes > 0 {
		lx += notes + 0.6*f
	}
	l.legend = Rect{X: lx, Y: l.grid.Y + f, W: legendW, H: math.Max(l.grid.H-2*f, 10)}
	l.xlabelY = l.grid.Y + l.grid.H + 0.4*f + f + 0.4*f + 1.1*f
	return l
}

// CellAt returns the cell under the point (x, y) of a map drawn at
// width × height, or ok = false.
func (hm *HeatMap) CellAt(width, height, x, y float64) (row, col int, ok bool) {
	l := hm.layout(width, height)
	if x < l.grid.X || x >= l.grid.X+l.grid.W {
		return 0, 0, false
	}
	col = int((x - l.grid.X) / l.cellW)
	for r, top := range l.rowY {
		if y >= top && y < top+l.cellH && col < len(hm.Cols) {
			return r, col, true
		}
	}
	return 0, 0, false
}

// CellRect is the rectangle of cell (row, col) when the map is drawn at
// width × height; false if there is no such cell.
func (hm *HeatMap) CellRect(width, height float64, row, col int) (Rect, bool) {
	l := hm.layout(width, height)
	if row < 0 || row >= len(l.rowY) || col < 0 || col >= len(hm.Cols) {
		return Rect{}, false
	}
	return Rect{X: l.grid.X + float64(col)*l.cellW, Y: l.rowY[row], W: l.cellW, H: l.cellH}, true
}

// OutlineCell draws over a map drawn at width × height the outline of the
// cell under the pointer (row, col): dark, with a white line inside it, so
// that it shows on every colour of the scale and differs from the selected
// cell's. It draws nothing for a cell that is not there.
func (hm *HeatMap) OutlineCell(p Painter, width, height float64, row, col int) {
	r, ok := hm.CellRect(width, height, row, col)
	if !ok {
		return
	}
	box := func(in float64) []Point {
		x0, y0, x1, y1 := r.X+in, r.Y+in, r.X+r.W-in, r.Y+r.H-in
		return []Point{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}, {x0, y0}}
	}
	p.Polyline(box(0.75), Stroke{Color: textColor, Width: 1.5})
	p.Polyline(box(2), Stroke{Color: background, Width: 1})
}

// Draw draws the map into the rectangle (0, 0, width, height) of p.
func (hm *HeatMap) Draw(p Painter, width, height float64) {
	l := hm.layout(width, height)
	f := l.font
	p.Rect(0, 0, width, height, background)
	if hm.Title != "" {
		p.Text(l.grid.X, l.titleY, hm.Title, TextStyle{Size: f, Color: textColor, Bold: true})
	}
	small := TextStyle{Size: 0.85 * f, Color: textColor, Baseline: BaselineMiddle}
	for r, label := range hm.Rows {
		y := l.rowY[r]
		p.Text(l.grid.X-4, y+l.cellH/2, label, TextStyle{Size: math.Min(f, l.cellH*1.1), Color: textColor,
			Align: AlignRight, Baseline: BaselineMiddle})
		for c := range hm.Cols {
			v := math.NaN()
			if r < len(hm.Values) && c < len(hm.Values[r]) {
				v = hm.Values[r][c]
			}
			fill := "#eeeeee"
			if v > 0 {
				fill = HeatColor(v, l.lo, l.hi)
			}
			p.Rect(l.grid.X+float64(c)*l.cellW, y, l.cellW+0.5, l.cellH+0.5, fill)
		}
		if r < len(hm.Notes) && hm.Notes[r] != "" {
			p.Text(l.notesX, y+l.cellH/2, hm.Notes[r], small)
		}
	}
	if r, c := hm.Selected[0], hm.Selected[1]; r >= 0 && r < len(l.rowY) && c >= 0 && c < len(hm.Cols) {
		x0, y0 := l.grid.X+float64(c)*l.cellW, l.rowY[r]
		box := []Point{{x0, y0}, {x0 + l.cellW, y0}, {x0 + l.cellW, y0 + l.cellH}, {x0, y0 + l.cellH}, {x0, y0}}
		p.Polyline(box, Stroke{Color: "#ff2d55", Width: 2.5})
	}
	// Column labels, thinned so they do not overlap.
	every := 1
	for every < len(hm.Cols) && TextWidth("000", f)*1.2 > l.cellW*float64(every) {
		every++
	}
	ly := l.grid.Y + l.grid.H + 0.4*f + BaselineShift(BaselineTop, f)
	for c, label := range hm.Cols {
		if c%every == 0 {
			p.Text(l.grid.X+(float64(c)+0.5)*l.cellW, ly, label, TextStyle{Size: f, Color: textColor, Align: AlignCenter})
		}
	}
	if hm.XLabel != "" {
		p.Text(l.grid.X+l.grid.W/2, l.xlabelY, hm.XLabel, TextStyle{Size: f, Color: textColor, Align: AlignCenter})
	}
	if hm.YLabel != "" {
		p.Text(l.ylabelX, l.grid.Y+l.grid.H/2, hm.YLabel, TextStyle{Size: f, Color: textColor, Align: AlignCenter, Rotate: true})
	}
	hm.drawLegend(p, l)
}

// legendSteps is the number of bands the colour bar is drawn in.
const legendSteps = 64

func (hm *HeatMap) drawLegend(p Painter, l heatLayout) {
	f, b := l.font, l.legend
	if hm.Legend != "" {
		p.Text(b.X, b.Y-0.5*f, hm.Legend, TextStyle{Size: 0.85 * f, Color: textColor})
	}
	for k := range legendSteps {
		// Band k, counted from the bottom, at the colour of its centre.
		t := (float64(k) + 0.5) / legendSteps
		v := l.lo * math.Pow(l.hi/l.lo, t)
		y := b.Y + b.H*(1-float64(k+1)/legendSteps)
		p.Rect(b.X, y, b.W, b.H/legendSteps+0.5, HeatColor(v, l.lo, l.hi))
	}
	for _, v := range legendTicks(l.lo, l.hi) {
		y := b.Y + b.H*(1-math.Log(v/l.lo)/math.Log(l.hi/l.lo))
		p.Polyline([]Point{{b.X + b.W, y}, {b.X + b.W + 3, y}}, Stroke{Color: axisColor, Width: 1})
		p.Text(b.X+b.W+5, y, heatTick(v), TextStyle{Size: f, Color: textColor, Baseline: BaselineMiddle})
	}
}

// legendTicks are the values 1, 2, 5, 10, 20, … inside [lo, hi], thinned
// to at most six, always including the ends' decades when in range.
func legendTicks(lo, hi float64) []float64 {
	var out []float64
	for e := math.Floor(math.Log10(lo)); e <= math.Ceil(math.Log10(hi)); e++ {
		for _, m := range []float64{1, 2, 5} {
			v := m * math.Pow(10, e)
			if v >= lo*(1-1e-9) && v <= hi*(1+1e-9) {
				out = append(out, v)
			}
		}
	}
	for len(out) > 6 { // keep the decades first
		var dec []float64
		for _, v := range out {
			if isDecade(v) {
				dec = append(dec, v)
			}
		}
		if len(dec) >= 2 {
			out = dec
		} else {
			out = []float64{out[0], out[len(out)-1]}
		}
		if len(out) > 6 {
			out = []float64{out[0], out[len(out)-1]}
		}
	}
	return out
}

// viridis are eleven stops of the viridis colour map (perceptually uniform,
// readable by the colour-blind and in greyscale), dark to light.
var viridis = [...][3]float64{
	{68, 1, 84}, {72, 36, 117}, {65, 68, 135}, {53, 95, 141}, {42, 120, 142}, {33, 145, 140},
	{34, 168, 132}, {68, 191, 112}, {122, 209, 81}, {189, 223, 38}, {253, 231, 37},
}

// HeatColor is the colour of v on the logarithmic scale lo … hi (viridis,
// clamped at the ends).
func HeatColor(v, lo, hi float64) string {
	t := math.Log(v/lo) / math.Log(hi/lo)
	if !(t > 0) {
		t = 0
	}
	t = math.Min(t, 1)
	x := t * float64(len(viridis)-1)
	k := min(int(x), len(viridis)-2)
	u := x - float64(k)
	var c [3]int
	for i := range c {
		c[i] = int(math.Round(viridis[k][i]*(1-u) + viridis[k+1][i]*u))
	}
	return fmt.Sprintf("#%02x%02x%02x", c[0], c[1], c[2])
}

// heatTick labels a colour-scale tick: whole numbers in full ("100×").
func heatTick(v float64) string {
	if v >= 1 && v == math.Round(v) {
		return fmt.Sprintf("%.0f×", v)
	}
	return FormatNumber(v, 2) + "×"
}
