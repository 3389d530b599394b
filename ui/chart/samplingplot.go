package chart

import (
	"math"
	"slices"
	"sort"
)

// SamplingPlot shows a minibatch sampling at work. The upper panel plots
// every example's n·p_i (the expected visits per n minibatches) against its
// ‖x_i‖², both on log scales; after some minibatches, crosses show the
// measured n·visits_i/t. The lower strip has one row per bucket (a single
// row for τ-nice), the examples ordered by ‖x_i‖² from left to right, each
// a bar as tall as its share of its bucket's probability. The examples of
// the latest minibatch light up in both panels, older recent ones fainter.
type SamplingPlot struct {
	Title    string
	Norms    []float64 // ‖x_i‖²
	P        []float64 // p_i
	Other    []float64 // p_i of another sampling, drawn faintly for comparison (nil = none)
	Buckets  [][]int   // nil: one group of every example (τ-nice)
	Recent   [][]int   // the last minibatches, oldest first
	Visits   []int     // visits per example in the first Iters minibatches
	Iters    int
	FontSize float64 // pixels; 0 means 12
	// Order is SamplingOrder(Norms), for a live view to compute once per
	// data set rather than once per frame; nil means computed by Draw.
	Order []int
	// Residues, for an adaptive run, are its |κ_i| at the last refresh,
	// drawn as a band under the buckets (residuestrip.go) that fades as
	// they shrink against ResidueScale; nil draws no band.
	Residues     []float64
	ResidueScale float64
}

// SamplingOrder returns the examples ordered by ‖x_i‖², lightest first
// (ties in index order): the columns of a SamplingPlot's strip.
func SamplingOrder(norms []float64) []int {
	order := make([]int, len(norms))
	for i := range order {
		order[i] = i
	}
	// Ties broken by index: the order of a stable sort, from an unstable one
	// (a stable sort makes n·log²n comparisons, and in the browser's
	// WebAssembly it took 250–340 ms for n = 10,000). sort.Sort, not a
	// generic sort: its code is in main.wasm already, where a new
	// instantiation of slices.SortFunc cost 13 kB.
	sort.Sort(byWeight{order, norms})
	return order
}

// byWeight sorts example indices by ‖x_i‖² ascending, then by index.
type byWeight struct {
	order []int
	norms []float64
}

func (b byWeight) Len() int      { return len(b.order) }
func (b byWeight) Swap(i, j int) { b.order[i], b.order[j] = b.order[j], b.order[i] }
func (b byWeight) Less(i, j int) bool {
	x, y := b.order[i], b.order[j]
	if c := -cmpDesc(b.norms[x], b.norms[y]); c != 0 {
		return c < 0
	}
	return x < y
}

// order returns sp.Order if it fits the examples, else SamplingOrder.
func (sp *SamplingPlot) order() []int {
	if len(sp.Order) == len(sp.Norms) {
		return sp.Order
	}
	return SamplingOrder(sp.Norms)
}

// Colours of the sampling plot.
const (
	samplingDot   = "#0072B2"
	samplingLit   = "#D55E00"
	samplingCross = "#111111"
	samplingStrip = "#9aa5b1"
	samplingOther = "#c7cdd6"
)

// maxDots bounds the examples drawn as dots; the rest are represented by a
// stride through them (the heaviest examples and the lit ones always show).
// A live view redraws often, and each dot is a call into the canvas.
const maxDots = 1500

func (sp *SamplingPlot) font() float64 {
	if sp.FontSize > 0 {
		return sp.FontSize
	}
	return defaultFont
}

// scatterRanges returns the log ranges of ‖x_i‖² and n·p_i (and measured
// frequencies).
func (sp *SamplingPlot) scatterRanges() (xlo, xhi, ylo, yhi float64) {
	// The built-in min and max: the language defines them as math.Min and
	// math.Max (NaN, ±0), and they cost less — instructions on amd64, and in
	// wasm a runtime function with fewer tests than math's Go fallback. This
	// runs over every example each time a live view redraws.
	xlo, xhi, ylo, yhi = math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
	n := float64(len(sp.P))
	for i, v := range sp.Norms {
		if v > 0 {
			xlo, xhi = min(xlo, v), max(xhi, v)
		}
		if q := n * sp.P[i]; q > 0 {
			ylo, yhi = min(ylo, q), max(yhi, q)
		}
		if len(sp.Other) == len(sp.P) {
			if q := n * sp.Other[i]; q > 0 {
				ylo, yhi = min(ylo, q), max(yhi, q)
			}
		}
	}
	if sp.Iters > 0 {
		for _, c := range sp.Visits {
			if q := n * float64(c) / float64(sp.Iters); q > 0 {
				ylo, yhi = min(ylo, q), max(yhi, q)
			}
		}
	}
	if !(xlo <= xhi) {
		xlo, xhi = 1, 10
	}
	if !(ylo <= yhi) {
		ylo, yhi = 1, 10
	}
	xlo, xhi = DecadeRange(xlo, xhi)
	ylo, yhi = DecadeRange(ylo, yhi)
	return xlo, xhi, ylo, yhi
}

// Draw draws the plot into the rectangle (0, 0, width, height) of p.
func (sp *SamplingPlot) Draw(p Painter, width, height float64) {
	font := sp.font()
	p.Rect(0, 0, width, height, background)
	n := len(sp.P)
	if n == 0 || len(sp.Norms) != n {
		return
	}
	stripH := math.Max(0.32*height, 3*font)
	residueH := 0.0
	if len(sp.Residues) == n {
		residueH = math.Max(0.12*height, 3*font)
	}
	xlo, xhi, ylo, yhi := sp.scatterRanges()
	f := layout(width, height-stripH-residueH, axesSpec{font: font, title: sp.Title, xlabel: "‖xᵢ‖²", ylabel: "n·pᵢ",
		xkind: logAxis, xlo: xlo, xhi: xhi, ykind: logAxis, ylo: ylo, yhi: yhi})
	f.drawGrid(p)
	a := f.Area
	px, py := f.X.affine(), f.Y.affine() // the scales' logarithms taken once, not per dot
	at := func(i int, y float64) (float64, float64, bool) {
		v := sp.Norms[i]
		if !(v > 0) || !(y > 0) {
			return 0, 0, false
		}
		return px.pixel(v), py.pixel(y), true
	}
	p.Clip(a.X, a.Y, a.W, a.H)
	stride := max(1, n/maxDots)
	order := sp.order()
	shown := shownDots(n, stride, order[n-min(16, n):])
	dot := math.Max(3, 0.3*font)
	if len(sp.Other) == n {
		for i := 0; i < n; i += stride {
			if x, y, ok := at(i, float64(n)*sp.Other[i]); ok {
				p.Rect(x-dot/2, y-dot/2, dot, dot, samplingOther)
			}
		}
	}
	// The dots, then the crosses over them: one colour after the other, so
	// that a canvas sets its fill style twice, not twice per example.
	for _, i := range shown {
		if x, y, ok := at(i, float64(n)*sp.P[i]); ok {
			p.Rect(x-dot/2, y-dot/2, dot, dot, samplingDot)
		}
	}
	for _, i := range shown {
		if sp.Iters == 0 {
			break // no minibatch yet: no crosses
		}
		if sp.Visits[i] == 0 {
			continue
		}
		if x, y, ok := at(i, float64(n)*float64(sp.Visits[i])/float64(sp.Iters)); ok {
			// A small plus of two bars: cheaper than a marker path.
			arm := 0.3 * font
			p.Rect(x-arm, y-0.5, 2*arm, 1.2, samplingCross)
			p.Rect(x-0.5, y-arm, 1.2, 2*arm, samplingCross)
		}
	}
	for k, b := range sp.Recent {
		newest := k == len(sp.Recent)-1
		size := 0.55 * font
		if newest {
			size = 1.1 * font
		}
		for _, i := range b {
			if x, y, ok := at(i, float64(n)*sp.P[i]); ok {
				p.Marker(x, y, MarkerCircle, size, samplingLit)
			}
		}
	}
	p.Unclip()
	f.drawAxes(p)
	sp.drawStrip(p, Rect{X: a.X, Y: height - stripH - residueH + 1.6*font, W: a.W, H: stripH - 3.2*font}, font, order)
	if residueH > 0 {
		sp.drawResidues(p, Rect{X: a.X, Y: height - residueH + 1.4*font, W: a.W, H: residueH - 1.6*font}, font, order)
	}
}

// shownDots lists, in increasing order, the examples drawn as dots: every
// stride-th, and those in heavy.
func shownDots(n, stride int, heavy []int) []int {
	shown := make([]int, 0, n/stride+len(heavy)+1)
	for i := 0; i < n; i += stride {
		shown = append(shown, i)
	}
	for _, i := range heavy {
		if i%stride != 0 {
			shown = append(shown, i)
		}
	}
	slices.Sort(shown)
	return shown
}

func cmpDesc(a, b float64) int {
	switch {
	case a > b:
		return -1
	case a < b:
		return 1
	}
	return 0
}

// drawStrip draws the buckets as rows of probability bars, one pixel
// column per group of neighbouring examples (the tallest bar shows).
func (sp *SamplingPlot) drawStrip(p Painter, r Rect, font float64, order []int) {
	n := len(sp.P)
	groups := sp.Buckets
	label := "one group: any τ of the n examples, each with pᵢ = τ/n"
	if len(groups) == 0 {
		all := make([]int, n)
		for i := range all {
			all[i] = i
		}
		groups = [][]int{all}
	} else {
		label = "one row per bucket: exactly one example of each is drawn, with pᵢ ∝ nλγ + vᵢ within its bucket"
		if len(sp.Residues) == n { // adaptive: the weights follow the residues
			label = "one row per bucket: exactly one example of each is drawn, with pᵢ ∝ |κᵢ|√(vᵢ + nλγ), mixed with the static pᵢ"
		}
	}
	p.Text(r.X, r.Y-0.5*font, label, TextStyle{Size: 0.9 * font, Color: textColor})
	// Column of each example: its rank by ‖x_i‖².
	rank := make([]int, n)
	for k, i := range order {
		rank[i] = k
	}
	rowH := r.H / float64(len(groups))
	colW := r.W / float64(n)
	lit := make([]bool, n) // looked up for every example: a slice, not a map
	if len(sp.Recent) > 0 {
		for _, i := range sp.Recent[len(sp.Recent)-1] {
			lit[i] = true
		}
	}
	cols := max(1, int(r.W))
	tallest := make([]float64, cols) // per pixel column: the tallest bar
	// One comb per row (below), in one buffer: painters copy what they are
	// given, and a buffer grown row by row was a fifth of a drawing's time.
	comb := make([]Point, 0, 3*cols)
	for g, members := range groups {
		top := r.Y + float64(g)*rowH
		if g%2 == 1 {
			p.Rect(r.X, top, r.W, rowH, "#f3f4f6")
		}
		most := 0.0 // the built-in max, as in scatterRanges
		for _, i := range members {
			most = max(most, sp.P[i])
		}
		clear(tallest)
		for _, i := range members {
			c := min(cols-1, int(float64(rank[i])*colW))
			tallest[c] = max(tallest[c], 1, (rowH-1)*sp.P[i]/most)
		}
		// One comb per row: a vertical stroke per pixel column that holds
		// an example, drawn as a single path.
		bottom := top + rowH
		comb = comb[:0]
		for c, h := range tallest {
			if h == 0 {
				continue
			}
			x := r.X + float64(c) + 0.5
			comb = append(comb, Point{x, bottom}, Point{x, bottom - h}, Point{x, bottom})
		}
		if len(comb) == 3 { // a lone column: still a path of two points
			comb = comb[:2]
		}
		p.Polyline(comb, Stroke{Color: samplingStrip, Width: 1})
	}
	// Lit examples on top, wide enough to see.
	for g, members := range groups {
		top := r.Y + float64(g)*rowH
		for _, i := range members {
			if lit[i] {
				x := r.X + float64(rank[i])*colW
				p.Rect(x-1, top, math.Max(3, colW), rowH, samplingLit)
			}
		}
	}
	p.Text(r.X, r.Y+r.H+0.8*font, "← small ‖xᵢ‖²", TextStyle{Size: 0.85 * font, Color: textColor, Baseline: BaselineMiddle})
	p.Text(r.X+r.W, r.Y+r.H+0.8*font, "large ‖xᵢ‖² →", TextStyle{Size: 0.85 * font, Color: textColor, Align: AlignRight, Baseline: BaselineMiddle})
}
