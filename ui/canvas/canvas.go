//go:build js && wasm

package canvas

import (
	"math"
	"strconv"
	"syscall/js"

	"honnef.co/go/js/dom/v2"

	"imlab/ui/browser"
	"imlab/ui/chart"
)

// Canvas draws on a <canvas> element in CSS pixels with y down. It
// implements chart.Painter.
type Canvas struct {
	el, ctx2d     js.Value // the <canvas> and its 2-D context: see ctx
	width, height float64  // drawing size in CSS pixels
	clips         int      // open Clips, each holding one ctx.save()
	buf           []byte   // path data, reused
}

var (
	_      chart.Painter = (*Canvas)(nil)
	aligns               = [...]string{chart.AlignLeft: "left", chart.AlignCenter: "center", chart.AlignRight: "right"}
)

// New wraps a <canvas> element and its 2-D context. Until Resize or Fit the
// drawing size is the element's backing-store size.
func New(el *dom.HTMLCanvasElement) *Canvas {
	c := &Canvas{el: el.Underlying(), ctx2d: el.GetContext2d().Value}
	c.width, c.height = float64(el.Width()), float64(el.Height())
	return c
}

// Offscreen returns a canvas that is not in the page, cssWidth × cssHeight
// CSS pixels drawn at ratio pixels each.
func Offscreen(cssWidth, cssHeight, ratio float64) *Canvas {
	c := New(browser.NewCanvas())
	c.ResizeScaled(cssWidth, cssHeight, ratio)
	return c
}

// Element returns the wrapped <canvas>.
func (c *Canvas) Element() *dom.HTMLCanvasElement {
	return &dom.HTMLCanvasElement{BasicHTMLElement: browser.HTMLElement(c.el)}
}

// ctx is the 2-D context. A Canvas holds the bare js.Values and makes
// dom/v2's types as it uses them: it travels as a chart.Painter, and the
// linker keeps, for the type of every field of a type in an interface,
// all its methods an interface could call, here the promoted js.Value
// methods of each dom/v2 type (+16 kB gzip of main.wasm, measured).
func (c *Canvas) ctx() *dom.CanvasRenderingContext2D {
	return &dom.CanvasRenderingContext2D{Value: c.ctx2d}
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
	c.ResizeScaled(cssWidth, cssHeight, browser.DevicePixelRatio())
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
	if el := c.Element(); el.Width() != w || el.Height() != h {
		el.SetWidth(w)
		el.SetHeight(h)
	}
	c.ctx().SetTransform(ratio, 0, 0, ratio, 0, 0)
}

// Fit resizes the canvas to the size the page lays it out at (its
// clientWidth × clientHeight) and returns that size.
func (c *Canvas) Fit() (width, height float64) {
	w, h := browser.ClientSize(browser.HTMLElement(c.el))
	c.Resize(w, h)
	return w, h
}

// Clear erases the canvas and ends open clips.
func (c *Canvas) Clear() {
	c.endClips()
	c.ctx().ClearRect(0, 0, c.width, c.height)
}

func (c *Canvas) endClips() {
	for ; c.clips > 0; c.clips-- {
		c.ctx().Restore()
	}
}

func (c *Canvas) stroke(path js.Value, s chart.Stroke) {
	c.setLineDash(s.Dash)
	c.ctx().SetStrokeStyle(s.Color)
	c.setLineWidth(s.Width)
	c.ctx().SetLineJoin("round")
	c.strokePath(path)
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
	c.ctx().SetFillStyle(fill)
	c.ctx().FillRect(x, y, w, h)
}

// Marker implements chart.Painter with the shapes of chart.MarkerGeometry.
func (c *Canvas) Marker(x, y float64, m chart.Marker, size float64, color string) {
	g := chart.MarkerGeometry(m, x, y, size, color)
	if len(g.Paths) == 0 {
		return
	}
	path := c.path(g.Paths, g.Closed)
	if g.Fill != "" {
		c.ctx().SetFillStyle(g.Fill)
		c.fillPath(path)
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
	c.ctx().SetFont(font)
	c.ctx().SetFillStyle(st.Color)
	c.ctx().SetTextAlign(aligns[st.Align])
	c.ctx().SetTextBaseline("alphabetic")
	dy := chart.BaselineShift(st.Baseline, st.Size)
	if !st.Rotate {
		c.ctx().FillText(s, x, y+dy, noMaxWidth)
		return
	}
	c.ctx().Save()
	c.ctx().Translate(x, y)
	c.ctx().Rotate(-math.Pi / 2)
	c.ctx().FillText(s, 0, dy, noMaxWidth)
	c.ctx().Restore()
}

// Clip implements chart.Painter.
func (c *Canvas) Clip(x, y, w, h float64) {
	c.ctx().Save()
	c.clips++
	c.ctx().BeginPath()
	c.ctx().Rect(x, y, w, h)
	c.ctx().Clip()
}

// Unclip implements chart.Painter. An Unclip without a Clip is ignored
// (a browser page should not die of it; chart.SVG's painter panics, and
// chart's tests check that plots balance their clips).
func (c *Canvas) Unclip() {
	if c.clips == 0 {
		return
	}
	c.clips--
	c.ctx().Restore()
}

// noMaxWidth is dom/v2's FillText argument for "no maximum width".
const noMaxWidth = -1

// What dom/v2's CanvasRenderingContext2D and HTMLCanvasElement lack, on
// syscall/js: Path2D (its Stroke and Fill take no path; a Path2D built from
// SVG path data costs one call where MoveTo/LineTo cost one a point),
// setLineDash (its SetLineDash passes a []float64, which js.ValueOf
// refuses), a fractional lineWidth (its SetLineWidth takes an int) and
// toDataURL.

var path2D = js.Global().Get("Path2D")

// path returns a Path2D through the sub-paths.
func (c *Canvas) path(subpaths [][]chart.Point, closed bool) js.Value {
	c.buf = chart.AppendPath(c.buf[:0], subpaths, closed)
	return path2D.New(string(c.buf))
}

func (c *Canvas) strokePath(path js.Value) { c.ctx().Call("stroke", path) }

func (c *Canvas) fillPath(path js.Value) { c.ctx().Call("fill", path) }

func (c *Canvas) setLineDash(dash []float64) {
	d := make([]any, len(dash))
	for i, x := range dash {
		d[i] = x
	}
	c.ctx().Call("setLineDash", d)
}

func (c *Canvas) setLineWidth(w float64) { c.ctx().Set("lineWidth", w) }

// PNG returns the canvas as a "data:image/png;base64,…" URL, at the
// backing store's resolution.
func (c *Canvas) PNG() string { return c.el.Call("toDataURL", "image/png").String() }
