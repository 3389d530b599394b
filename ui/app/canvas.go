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
//
// The drawing is recorded in a chart.Batch and replayed in JavaScript in
// one call: drawing call by call from Go costs a few microseconds per call,
// and a plot is thousands of calls (tens of milliseconds per frame).
func paintCanvas(id string, draw func(p chart.Painter, w, h float64)) {
	updateCanvas(id, nil, draw)
}

// updateCanvas is paintCanvas drawing over what the canvas shows with
// update, if update reports that it could (at this size); otherwise it
// clears the canvas and draws it whole with draw.
func updateCanvas(id string, update func(p chart.Painter, w, h float64) bool, draw func(p chart.Painter, w, h float64)) {
	el := browser.Canvas(id)
	if el == nil {
		return
	}
	c := canvas.New(el)
	w, h := c.Fit()
	if w <= 0 || h <= 0 {
		return
	}
	batch.Reset()
	if update == nil || !update(&batch, w, h) {
		c.Clear()
		batch.Reset()
		draw(&batch, w, h)
	}
	c.Replay(&batch)
}

// batch is the page's one command buffer: the page draws one canvas at a
// time, on one thread.
var batch chart.Batch
