// Package canvas implements chart.Painter on an HTML <canvas> element, so
// the browser lab draws its live plots with the same code that writes the
// paper's SVG figures (package ui/chart).
//
// It is a thin adapter with no logic of its own: layout, marker shapes, text
// offsets and path data all come from ui/chart, which is tested natively and
// under node. Paths reach the canvas as SVG path strings through Path2D, so
// a curve of a thousand points costs a handful of calls across the
// wasm–JavaScript boundary rather than a thousand; those calls, not the
// drawing, dominate the cost of a frame.
//
// It is written on honnef.co/go/js/dom/v2's HTMLCanvasElement and
// CanvasRenderingContext2D; the few calls those lack (Path2D, line dashes,
// fractional line widths, toDataURL) are on syscall/js, together at the end
// of canvas.go.
//
// The implementation is built only for GOOS=js GOARCH=wasm; elsewhere the
// package is empty so that native builds of the repository still work.
//
// Typical use, once per frame:
//
//	c := canvas.New(browser.Canvas(id)) // a *dom.HTMLCanvasElement
//	w, h := c.Fit()                     // backing store = CSS size × devicePixelRatio
//	c.Clear()
//	plot.Draw(c, w, h)
//	url := c.PNG()                      // "data:image/png;base64,…" for export
package canvas
