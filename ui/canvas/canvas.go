//go:build js && wasm

package canvas

import (
	"math"
	"strconv"
	"syscall/js"

	"honnef.co/go/js/dom/v2"

	"imlab/ui/chart"
)

// Canvas draws on a <canvas> element in CSS pixels with y down. It
// implements chart.Painter.
type Canvas struct {
	el            js.Value // the <canvas>
	ctx           js.Value // its CanvasRenderingContext2D
	width, height float64  // drawing size in CSS pixels
	clips         int      // open Clips, each holding one ctx.save()
	buf           []byte   // path data, reused
}

var (
	_      chart.Painter = (*Canvas)(nil)
	path2D               = js.Global().Get("Path2D")
	aligns               = [...]string{chart.AlignLeft: "left", chart.AlignCenter: "center", chart.AlignRight: "right"}
)

// New wraps a <canvas> element and its 2-D context. Until Resize or Fit the
// drawing size is the element's backing-store size.
func New(el *dom.HTMLCanvasElement) *Canvas { return FromValue(el.Underlying()) }

// FromValue is New for a <canvas> held as a js.Value (dom.WrapElement's
// switch over every element type costs ~130 kB of main.wasm).
func FromValue(el js.Value) *Canvas {
	c := &Canvas{el: el, ctx: el.Call("getContext", "2d")}
	c.width, c.height = el.Get("width").Float(), el.Get("height").Float()
	return c
}

// Offscreen returns a canvas that is not in the page, cssWidth × cssHeight
// CSS pixels drawn at ratio pixels each.
func Offscreen(cssWidth, cssHeight, ratio float64) *Canvas {
	c := FromValue(js.Global().Get("document").Call("createElement", "canvas"))
	c.ResizeScaled(cssWidth, cssHeight, ratio)
	return c
}

// Element returns the wrapped <canvas>.
func (c *Canvas) Element() *dom.HTMLCanvasElement {
	return &dom.HTMLCanvasElement{BasicHTMLElement: &dom.BasicHTMLElement{
		BasicElement: &dom.BasicElement{BasicNode: &dom.BasicNode{Value: c.el}}}}
}

// Size returns the drawing size in CSS pixels.
func (c *Canvas) Size() (width, height float64) { return c.width, c.height }

// Resize makes the drawing size cssWidth × cssHeight: the backing store
// becomes that times window.devicePixelRatio and the context is scaled to
// match, so drawing in CSS pixels is crisp on high-DPI screens. The
// element's displayed (CSS) size is left to the page's style sheet. The
// store is reallocated (which clears it) only when its size changes. Open
// clips end.
func (c *Canvas) Resize(cssWidth, cssHeight float64) {
	c.ResizeScaled(cssWidth, cssHeight, js.Global().Get("devicePixelRatio").Float())
}

// ResizeScaled is Resize with ratio backing-store pixels per CSS pixel
// (an export at twice the screen's resolution, say).
func (c *Canvas) ResizeScaled(cssWidth, cssHeight, ratio float64) {
	c.endClips()
	if !(ratio > 0) || math.IsInf(ratio, 0) {
		ratio = 1
	}
	c.width, c.height = cssWidth, cssHeight
	w, h := int(math.Round(cssWidth*ratio)), int(math.Round(cssHeight*ratio))
	if c.el.Get("width").Int() != w || c.el.Get("height").Int() != h {
		c.el.Set("width", w)
		c.el.Set("height", h)
	}
	c.ctx.Call("setTransform", ratio, 0, 0, ratio, 0, 0)
}

// Fit resizes the canvas to the size the page lays it out at (its
// clientWidth × clientHeight) and returns that size.
func (c *Canvas) Fit() (width, height float64) {
	w, h := c.el.Get("clientWidth").Float(), c.el.Get("clientHeight").Float()
	c.Resize(w, h)
	return w, h
}

// Clear erases the canvas and ends open clips.
func (c *Canvas) Clear() {
	c.endClips()
	c.ctx.Call("clearRect", 0, 0, c.width, c.height)
}

func (c *Canvas) endClips() {
	for ; c.clips > 0; c.clips-- {
		c.ctx.Call("restore")
	}
}

// PNG returns the canvas as a "data:image/png;base64,…" URL, at the
// backing store's resolution.
func (c *Canvas) PNG() string { return c.el.Call("toDataURL", "image/png").String() }

// path returns a Path2D through the sub-paths.
func (c *Canvas) path(subpaths [][]chart.Point, closed bool) js.Value {
	c.buf = chart.AppendPath(c.buf[:0], subpaths, closed)
	return path2D.New(string(c.buf))
}

func (c *Canvas) stroke(path js.Value, s chart.Stroke) {
	dash := make([]any, len(s.Dash)) // js.ValueOf takes []any, not []float64
	for i, d := range s.Dash {
		dash[i] = d
	}
	c.ctx.Call("setLineDash", dash)
	c.ctx.Set("strokeStyle", s.Color)
	c.ctx.Set("lineWidth", s.Width) // dom's SetLineWidth takes an int
	c.ctx.Set("lineJoin", "round")
	c.ctx.Call("stroke", path)
}

// Polyline implements chart.Painter.
func (c *Canvas) Polyline(pts []chart.Point, s chart.Stroke) {
	if len(pts) < 2 {
		return
	}
	c.stroke(c.path([][]chart.Point{pts}, false), s)
}

// Rect implements chart.Painter.
func (c *Canvas) Rect(x, y, w, h float64, fill string) {
	c.ctx.Set("fillStyle", fill)
	c.ctx.Call("fillRect", x, y, w, h)
}

// Marker implements chart.Painter with the shapes of chart.MarkerGeometry.
func (c *Canvas) Marker(x, y float64, m chart.Marker, size float64, color string) {
	g := chart.MarkerGeometry(m, x, y, size, color)
	if len(g.Paths) == 0 {
		return
	}
	path := c.path(g.Paths, g.Closed)
	if g.Fill != "" {
		c.ctx.Set("fillStyle", g.Fill)
		c.ctx.Call("fill", path)
	}
	c.stroke(path, chart.MarkerStroke(color))
}

// Text implements chart.Painter. The vertical anchor is applied as
// chart.BaselineShift from the alphabetic baseline, exactly as in SVG.
func (c *Canvas) Text(x, y float64, s string, st chart.TextStyle) {
	font := strconv.FormatFloat(st.Size, 'f', 2, 64) + "px " + chart.FontFamily
	if st.Bold {
		font = "bold " + font
	}
	c.ctx.Set("font", font)
	c.ctx.Set("fillStyle", st.Color)
	c.ctx.Set("textAlign", aligns[st.Align])
	c.ctx.Set("textBaseline", "alphabetic")
	dy := chart.BaselineShift(st.Baseline, st.Size)
	if !st.Rotate {
		c.ctx.Call("fillText", s, x, y+dy)
		return
	}
	c.ctx.Call("save")
	c.ctx.Call("translate", x, y)
	c.ctx.Call("rotate", -math.Pi/2)
	c.ctx.Call("fillText", s, 0, dy)
	c.ctx.Call("restore")
}

// Clip implements chart.Painter.
func (c *Canvas) Clip(x, y, w, h float64) {
	c.ctx.Call("save")
	c.clips++
	c.ctx.Call("beginPath")
	c.ctx.Call("rect", x, y, w, h)
	c.ctx.Call("clip")
}

// Unclip implements chart.Painter. An Unclip without a Clip is ignored
// (a browser page should not die of it; chart.SVG's painter panics, and
// chart's tests check that plots balance their clips).
func (c *Canvas) Unclip() {
	if c.clips == 0 {
		return
	}
	c.clips--
	c.ctx.Call("restore")
}
