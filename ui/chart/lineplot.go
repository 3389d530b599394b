package chart

import "math"

// Series is one curve of a LinePlot. Points whose X or Y is not finite (or
// whose Y is ≤ 0 on a log axis) break the curve. Style indexes the series
// styles (see Style); an empty Label keeps the series out of the legend.
type Series struct {
	Label string
	X, Y  []float64
	Style int
	// EndLabel, if set, is written beside the curve's last point, in its
	// colour: a direct label, for curves that share a style (a method's
	// several τ) and so cannot be told apart by the legend.
	EndLabel string
}

// LinePlot is a plot of curves against a linear x axis and a linear or
// logarithmic y axis. A NaN limit is chosen from the data: x limits widen to
// nice tick steps, log y limits to whole decades. A limit that cannot apply
// (a log limit ≤ 0, or one on the wrong side of the other limit) is ignored.
//
// A LinePlot is a cheap description; a live view builds one per frame.
type LinePlot struct {
	Title, XLabel, YLabel  string
	LogY                   bool
	XMin, XMax, YMin, YMax float64
	Series                 []Series

	FontSize float64 // pixels; 0 means 12
	NoLegend bool    // leave out the legend (e.g. when the page shows its own)
	// LegendAbove puts the legend in rows above the plot area, under the
	// title, instead of in a corner of it: for many curves, whose legend
	// would hide them.
	LegendAbove bool
}

// NewLinePlot returns a LinePlot with automatic limits.
func NewLinePlot(title, xlabel, ylabel string, logY bool) *LinePlot {
	nan := math.NaN()
	return &LinePlot{Title: title, XLabel: xlabel, YLabel: ylabel, LogY: logY, XMin: nan, XMax: nan, YMin: nan, YMax: nan}
}

// autoTicks is the number of ticks automatic x and linear y limits are
// rounded to.
const autoTicks = 6

// Ranges returns the axis limits Draw will use.
func (lp *LinePlot) Ranges() (xmin, xmax, ymin, ymax float64) {
	ys := Scale{Log: lp.LogY}
	xlo, xhi := math.Inf(1), math.Inf(-1)
	ylo, yhi := math.Inf(1), math.Inf(-1)
	for _, s := range lp.Series {
		for i := range min(len(s.X), len(s.Y)) {
			x, y := s.X[i], s.Y[i]
			if !finite(x) || !ys.Valid(y) {
				continue
			}
			xlo, xhi = math.Min(xlo, x), math.Max(xhi, x)
			ylo, yhi = math.Min(ylo, y), math.Max(yhi, y)
		}
	}
	xmin, xmax = limits(lp.XMin, lp.XMax, xlo, xhi, false)
	ymin, ymax = limits(lp.YMin, lp.YMax, ylo, yhi, lp.LogY)
	return xmin, xmax, ymin, ymax
}

// limits combines the explicit limits lo, hi (NaN = auto) with the data
// extent [dlo, dhi] (empty if dlo > dhi).
func limits(lo, hi, dlo, dhi float64, log bool) (float64, float64) {
	usable := func(v float64) bool { return finite(v) && (!log || v > 0) }
	if usable(lo) && usable(hi) && lo < hi {
		return lo, hi
	}
	crossed := usable(lo) && usable(hi) // and so hi ≤ lo
	if !usable(lo) || crossed {
		lo = math.NaN()
	}
	if !usable(hi) || crossed {
		hi = math.NaN()
	}
	switch {
	case dlo > dhi: // no data: a default range
		dlo, dhi = 0, 1
		if log {
			dlo, dhi = 1, 10
		}
	case dlo == dhi && !log && dlo >= 0:
		// One value, as a run's first point at x = 0: from 0 up, not an
		// axis around it reaching below 0, where no such data can be.
		dlo, dhi = 0, max(2*dhi, 1)
	}
	// Keep data that lies beyond the one given limit out of the auto side.
	if !math.IsNaN(lo) {
		dlo, dhi = lo, math.Max(dhi, lo)
	}
	if !math.IsNaN(hi) {
		dlo, dhi = math.Min(dlo, hi), hi
	}
	var alo, ahi float64
	if log {
		alo, ahi = DecadeRange(dlo, dhi)
	} else {
		alo, ahi = NiceRange(dlo, dhi, autoTicks)
	}
	if !math.IsNaN(lo) {
		alo = lo
	}
	if !math.IsNaN(hi) {
		ahi = hi
	}
	if ahi <= alo { // a given limit at the data's far edge
		if log {
			ahi = alo * 10
		} else {
			ahi = alo + 1
		}
	}
	return alo, ahi
}

// SharedRanges gives every plot the same limits, the union of their
// Ranges, so that side-by-side plots can be compared; it returns them.
// It fixes the limits: for growing data, call it on fresh plots each time.
func SharedRanges(plots ...*LinePlot) (xmin, xmax, ymin, ymax float64) {
	xmin, ymin = math.Inf(1), math.Inf(1)
	xmax, ymax = math.Inf(-1), math.Inf(-1)
	for _, lp := range plots {
		a, b, c, d := lp.Ranges()
		xmin, xmax = math.Min(xmin, a), math.Max(xmax, b)
		ymin, ymax = math.Min(ymin, c), math.Max(ymax, d)
	}
	for _, lp := range plots {
		lp.XMin, lp.XMax, lp.YMin, lp.YMax = xmin, xmax, ymin, ymax
	}
	return xmin, xmax, ymin, ymax
}

func (lp *LinePlot) font() float64 {
	if lp.FontSize > 0 {
		return lp.FontSize
	}
	return defaultFont
}

func (lp *LinePlot) layout(width, height float64) *frame {
	xmin, xmax, ymin, ymax := lp.Ranges()
	ykind := linearAxis
	if lp.LogY {
		ykind = logAxis
	}
	spec := axesSpec{
		font: lp.font(), title: lp.Title, xlabel: lp.XLabel, ylabel: lp.YLabel,
		xkind: linearAxis, xlo: xmin, xhi: xmax, ykind: ykind, ylo: ymin, yhi: ymax,
	}
	if lp.LegendAbove && !lp.NoLegend {
		spec.band = newBand(lp.Series, width-lp.font(), lp.font())
	}
	return layout(width, height, spec)
}

// Frame returns the plot area and scales Draw uses at this size.
func (lp *LinePlot) Frame(width, height float64) Frame { return lp.layout(width, height).Frame }

// Draw draws the plot into the rectangle (0, 0, width, height) of p: white
// background, grid, curves clipped to the plot area with markers at a few
// points along each, axes, labels and legend.
func (lp *LinePlot) Draw(p Painter, width, height float64) { lp.DrawTracked(p, width, height) }

// Drawn is what a LinePlot's DrawTracked drew, so that DrawNew can add
// what the series gained since without drawing the rest again.
type Drawn struct {
	width, height, font    float64
	xmin, xmax, ymin, ymax float64
	titles                 [3]string
	series                 []Series // labels and styles; X and Y not kept
	ink                    []seriesInk
	legend                 *placedLegend // nil if none
	frame                  *frame        // the layout, a function of the fields above
}

// Size is the size the plot was drawn at.
func (d *Drawn) Size() (width, height float64) { return d.width, d.height }

// DrawTracked is Draw, returning what it drew for DrawNew.
func (lp *LinePlot) DrawTracked(p Painter, width, height float64) *Drawn {
	f := lp.layout(width, height)
	d := lp.drawn(f)
	p.Rect(0, 0, width, height, background)
	f.drawGrid(p)
	a := f.Area
	p.Clip(a.X, a.Y, a.W, a.H)
	var curves [][]Point
	for k, s := range lp.Series {
		runs, ink := drawSeries(p, s, f)
		curves = append(curves, runs...)
		d.ink[k] = ink
	}
	p.Unclip()
	f.drawAxes(p)
	drawEndLabels(p, lp.Series, f)
	switch {
	case lp.NoLegend:
	case f.band.entries != nil:
		f.band.draw(p, 0.5*f.font, f.bandY)
	default:
		d.legend = drawLegend(p, lp.Series, curves, a, f.font)
	}
	return d
}

// drawn returns the description of the plot laid out as f, nothing drawn.
func (lp *LinePlot) drawn(f *frame) *Drawn {
	d := &Drawn{width: f.width, height: f.height, font: f.font, titles: [3]string{lp.Title, lp.XLabel, lp.YLabel},
		series: make([]Series, len(lp.Series)), ink: make([]seriesInk, len(lp.Series)), frame: f}
	d.xmin, d.xmax, d.ymin, d.ymax = f.X.Min, f.X.Max, f.Y.Min, f.Y.Max // lp.Ranges(), as laid out
	for k, s := range lp.Series {
		d.series[k] = Series{Label: s.Label, Style: s.Style}
	}
	return d
}

// DrawNew draws over a plot drawn as d (by DrawTracked or DrawNew at the
// same size) what its series gained since: their new stretches of curve
// and markers, then the legend and the frame of the plot area again on
// top. It updates d and reports true; if the plot changed in any other way
// (its size, axis limits, titles, series, a series that shrank, or one
// with an end label that grew) it
// draws nothing and reports false, and the plot needs a DrawTracked. A
// plot that gained nothing draws nothing.
func (lp *LinePlot) DrawNew(p Painter, d *Drawn) bool {
	if d == nil {
		return false
	}
	// The layout is a function of the size, font, titles and axis limits:
	// if they are d's, so is the layout, and it is not made again.
	xmin, xmax, ymin, ymax := lp.Ranges()
	if lp.font() != d.font || [3]string{lp.Title, lp.XLabel, lp.YLabel} != d.titles || len(lp.Series) != len(d.series) ||
		xmin != d.xmin || xmax != d.xmax || ymin != d.ymin || ymax != d.ymax {
		return false
	}
	f := d.frame
	grew := false
	for k, s := range lp.Series {
		n := min(len(s.X), len(s.Y))
		if s.Label != d.series[k].Label || s.Style != d.series[k].Style || n < d.ink[k].points ||
			(s.EndLabel != "" && n > d.ink[k].points) { // its label moves with its end
			return false
		}
		grew = grew || n > d.ink[k].points
	}
	if !grew {
		return true
	}
	a := f.Area
	p.Clip(a.X, a.Y, a.W, a.H)
	for k, s := range lp.Series {
		if min(len(s.X), len(s.Y)) > d.ink[k].points {
			_, d.ink[k] = drawSeriesFrom(p, s, f, d.ink[k])
		}
	}
	p.Unclip()
	f.drawFrame(p)
	if d.legend != nil {
		d.legend.draw(p, d.legend.at.X, d.legend.at.Y)
	}
	return true
}
