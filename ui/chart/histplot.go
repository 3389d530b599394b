package chart

import (
	"math"

	"imlab/core/dataset"
)

// HistPlot draws a histogram as bars. With LogCount the count axis is
// logarithmic, so that a bin holding one example stays visible next to one
// holding thousands (the paper's "extreme" law puts all examples but one in
// the first bin); on a linear axis every non-empty bin is drawn at least
// minBarHeight pixels tall for the same reason.
type HistPlot struct {
	Title, XLabel string
	Hist          dataset.Histogram
	LogCount      bool

	YLabel   string  // count axis label; "" means "count"
	FontSize float64 // pixels; 0 means 12
	Style    int     // series style whose colour the bars take
}

// minBarHeight is the height in pixels of the shortest non-empty bar.
const minBarHeight = 2

func (hp *HistPlot) layout(width, height float64) *frame {
	font := hp.FontSize
	if font <= 0 {
		font = defaultFont
	}
	ylabel := hp.YLabel
	if ylabel == "" {
		ylabel = "count"
	}
	xlo, xhi := hp.Hist.Min, hp.Hist.Max
	if !finite(xlo) || !finite(xhi) || xhi < xlo {
		xlo, xhi = 0, 1
	}
	if xhi == xlo { // every value equal: one bin around it
		d := math.Max(math.Abs(xlo)/2, 0.5)
		xlo, xhi = xlo-d, xhi+d
	}
	xlo, xhi = NiceRange(xlo, xhi, autoTicks) // labelled ends read better

	top := 0
	for _, c := range hp.Hist.Counts {
		top = max(top, c)
	}
	spec := axesSpec{font: font, title: hp.Title, xlabel: hp.XLabel, ylabel: ylabel,
		xkind: linearAxis, xlo: xlo, xhi: xhi}
	if hp.LogCount {
		// The axis starts below 1 so that a count of one is a visible bar.
		_, hi := DecadeRange(1, math.Max(1.2*float64(top), 1))
		spec.ykind, spec.ylo, spec.yhi = logCountAxis, 0.5, hi
	} else {
		_, hi := NiceRange(0, math.Max(1.04*float64(top), 1), autoTicks) // headroom over the tallest bar
		spec.ykind, spec.ylo, spec.yhi = countAxis, 0, hi
	}
	return layout(width, height, spec)
}

// Frame returns the plot area and scales Draw uses at this size.
func (hp *HistPlot) Frame(width, height float64) Frame { return hp.layout(width, height).Frame }

// Draw draws the histogram into the rectangle (0, 0, width, height) of p.
func (hp *HistPlot) Draw(p Painter, width, height float64) {
	f := hp.layout(width, height)
	p.Rect(0, 0, width, height, background)
	f.drawGrid(p)
	a := f.Area
	color, _, _ := Style(hp.Style)
	p.Clip(a.X, a.Y, a.W, a.H)
	bottom := a.Y + a.H
	for _, b := range hp.bars(f.X) {
		x0, x1 := f.X.Pixel(b.lo), f.X.Pixel(b.hi)
		y := math.Min(f.Y.Pixel(float64(b.count)), bottom-minBarHeight)
		p.Rect(x0, y, x1-x0, bottom-y, color)
		// A thin white line keeps touching bars apart.
		if x1-x0 > 3 {
			p.Polyline([]Point{{x1, y}, {x1, bottom}}, Stroke{Color: background, Width: 0.75})
		}
	}
	p.Unclip()
	f.drawAxes(p)
}

// bar is one non-empty histogram bin.
type bar struct {
	lo, hi float64
	count  int
}

// bars lists the non-empty bins. When every value was equal (Min == Max)
// the bins have no width; their total is then one bar in the middle half
// of the widened x range.
func (hp *HistPlot) bars(x Scale) []bar {
	var out []bar
	if hp.Hist.Max == hp.Hist.Min {
		total := 0
		for _, c := range hp.Hist.Counts {
			total += c
		}
		if total > 0 {
			q := (x.Max - x.Min) / 4
			out = append(out, bar{x.Min + q, x.Max - q, total})
		}
		return out
	}
	edges := hp.Hist.BinEdges()
	for k, c := range hp.Hist.Counts {
		if c > 0 {
			out = append(out, bar{edges[k], edges[k+1], c})
		}
	}
	return out
}
