//go:build js && wasm

package app

import (
	"imlab/ui/browser"
	"imlab/ui/canvas"
	"imlab/ui/chart"
)

// paintCanvas draws on the canvas with the given id at its laid-out size,
// crisp on high-DPI screens (see canvas.Canvas.Fit); draw works in CSS
// pixels. A canvas that is missing or not laid out is left alone.
func paintCanvas(id string, draw func(p chart.Painter, w, h float64)) {
	el := browser.Canvas(id)
	if el == nil {
		return
	}
	c := canvas.New(el)
	w, h := c.Fit()
	if w <= 0 || h <= 0 {
		return
	}
	c.Clear()
	draw(c, w, h)
}
