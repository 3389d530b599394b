//go:build js && wasm

package app

import (
	"math"
	"strconv"
	"syscall/js"

	"honnef.co/go/js/dom/v2"

	"imlab/ui/browser"
	"imlab/ui/chart"
)

// canvasPainter is a chart.Painter on a <canvas> 2-D context, in CSS pixels
// (the context is scaled by the device pixel ratio). Paths go to the canvas
// as SVG path strings through Path2D, so a curve of a thousand points costs
// three calls into JavaScript rather than a thousand: calls across the
// wasm boundary, not drawing, dominate the cost of a frame.
//
// (ui/canvas was meant to provide this; until it does, the lab uses this.)
type canvasPainter struct {
	ctx *dom.CanvasRenderingContext2D
	buf []byte
}

var path2D = js.Global().Get("Path2D")

// path returns a Path2D through the sub-paths.
func (p *canvasPainter) path(subs [][]chart.Point, closed bool) js.Value {
	b := p.buf[:0]
	for _, pts := range subs {
		for k, q := range pts {
			if k == 0 {
				b = append(b, 'M')
			} else {
				b = append(b, 'L')
			}
			b = strconv.AppendFloat(b, math.Round(q.X*100)/100, 'f', -1, 64)
			b = append(b, ' ')
			b = strconv.AppendFloat(b, math.Round(q.Y*100)/100, 'f', -1, 64)
		}
		if closed {
			b = append(b, 'Z')
		}
	}
	p.buf = b
	return path2D.New(string(b))
}

func (p *canvasPainter) stroke(path js.Value, s chart.Stroke) {
	c := p.ctx
	c.SetStrokeStyle(s.Color)
	c.Set("lineWidth", s.Width) // dom's SetLineWidth takes an int
	dash := make([]any, len(s.Dash))
	for i, d := range s.Dash {
		dash[i] = d
	}
	c.Call("setLineDash", dash)
	c.Call("stroke", path)
}

// Polyline implements chart.Painter.
func (p *canvasPainter) Polyline(pts []chart.Point, s chart.Stroke) {
	if len(pts) < 2 {
		return
	}
	p.stroke(p.path([][]chart.Point{pts}, false), s)
}

// Rect implements chart.Painter.
func (p *canvasPainter) Rect(x, y, w, h float64, fill string) {
	p.ctx.SetFillStyle(fill)
	p.ctx.FillRect(x, y, w, h)
}

// Marker implements chart.Painter with the shapes of chart.MarkerGeometry.
func (p *canvasPainter) Marker(x, y float64, m chart.Marker, size float64, color string) {
	g := chart.MarkerGeometry(m, x, y, size, color)
	if len(g.Paths) == 0 {
		return
	}
	path := p.path(g.Paths, g.Closed)
	if g.Fill != "" {
		p.ctx.SetFillStyle(g.Fill)
		p.ctx.Call("fill", path)
	}
	p.stroke(path, chart.MarkerStroke(color))
}

var aligns = [...]string{chart.AlignLeft: "left", chart.AlignCenter: "center", chart.AlignRight: "right"}

// Text implements chart.Painter.
func (p *canvasPainter) Text(x, y float64, s string, st chart.TextStyle) {
	c := p.ctx
	weight := ""
	if st.Bold {
		weight = "bold "
	}
	c.SetFont(weight + strconv.FormatFloat(st.Size, 'f', 2, 64) + "px " + chart.FontFamily)
	c.SetFillStyle(st.Color)
	c.SetTextAlign(aligns[st.Align])
	c.SetTextBaseline("alphabetic")
	if !st.Rotate {
		c.FillText(s, x, y+chart.BaselineShift(st.Baseline, st.Size), -1)
		return
	}
	c.Save()
	c.Translate(x, y)
	c.Rotate(-math.Pi / 2)
	c.FillText(s, 0, chart.BaselineShift(st.Baseline, st.Size), -1)
	c.Restore()
}

// Clip implements chart.Painter.
func (p *canvasPainter) Clip(x, y, w, h float64) {
	c := p.ctx
	c.Save()
	c.BeginPath()
	c.Rect(x, y, w, h)
	c.Clip()
}

// Unclip implements chart.Painter.
func (p *canvasPainter) Unclip() { p.ctx.Restore() }

// paintCanvas draws on the canvas with the given id at its laid-out size:
// the backing store is sized to CSS size × devicePixelRatio (crisp on
// high-DPI screens) and draw works in CSS pixels.
func paintCanvas(id string, draw func(p chart.Painter, w, h float64)) {
	// The element is looked up with syscall/js: dom.WrapElement's type
	// switch over every element type would add ~130 kB (gzip) to main.wasm.
	el := browser.Element(id)
	if !el.Truthy() {
		return
	}
	w, h := el.Get("clientWidth").Float(), el.Get("clientHeight").Float()
	if w <= 0 || h <= 0 {
		return
	}
	dpr := browser.DevicePixelRatio()
	// Setting the size clears the canvas and reallocates its store: only
	// when it changes.
	if bw, bh := int(math.Round(w*dpr)), int(math.Round(h*dpr)); el.Get("width").Int() != bw || el.Get("height").Int() != bh {
		el.Set("width", bw)
		el.Set("height", bh)
	}
	ctx := &dom.CanvasRenderingContext2D{Value: el.Call("getContext", "2d")}
	ctx.SetTransform(dpr, 0, 0, dpr, 0, 0)
	draw(&canvasPainter{ctx: ctx}, w, h)
}
