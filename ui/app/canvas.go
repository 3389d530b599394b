//go:build js && wasm

package app

import (
	"syscall/js"

	"imlab/ui/browser"
	"imlab/ui/canvas"
	"imlab/ui/chart"
)

// canvases draws the page's canvases at the sizes its observer reports
// (browser.Observer): a frame never reads a canvas's clientWidth, which
// after vecty's changes to the DOM would force the page's layout in the
// middle of the frame. It also keeps what each canvas's drawing costs, for
// the per-frame budget (drawNow).
type canvases struct {
	sizes sizeCache
	costs drawCosts
	obs   *browser.Observer
	els   map[string]js.Value // the element observed under each id
}

// init starts the observers; changed runs when a canvas's size changes or
// it comes on screen.
func (cv *canvases) init(changed func(id string)) {
	cv.costs, cv.els = drawCosts{}, map[string]js.Value{}
	cv.obs = browser.NewObserver(func(id string, w, h, ratio float64) {
		if cv.sizes.setSize(id, box{w, h, ratio}) {
			changed(id)
		}
	}, func(id string, on bool) {
		if cv.sizes.setVisible(id, on) {
			changed(id)
		}
	}, "200px")
	browser.OnResize(func() { cv.sizes.setRatio(browser.DevicePixelRatio()) })
}

// observe makes sure the canvas under id is the one observed (vecty may
// replace an element); it reports false if there is none, or if it has
// only just started observing it (its size comes after the next layout).
func (cv *canvases) observe(id string) bool {
	el := browser.Element(id)
	if el == nil {
		return false
	}
	if cv.obs == nil {
		// No ResizeObserver: read the layout, as the page did before.
		w, h := browser.ClientSize(el)
		cv.sizes.setSize(id, box{w, h, browser.DevicePixelRatio()})
		return true
	}
	prev, ok := cv.els[id]
	if ok && prev.Equal(el.Underlying()) {
		return true
	}
	if ok {
		cv.obs.Unobserve(browser.HTMLElement(prev))
	}
	cv.els[id] = el.Underlying()
	cv.sizes.forget(id)
	cv.obs.Observe(el)
	return false
}

// size is canvas id's size as last reported (zero if not known yet).
func (cv *canvases) size(id string) box {
	cv.observe(id)
	b, _ := cv.sizes.size(id)
	return b
}

// ready is canvas id's size if it can be drawn now (see sizeCache.ready).
func (cv *canvases) ready(id string, running bool) (box, bool) {
	if !cv.observe(id) {
		return box{}, false
	}
	return cv.sizes.ready(id, running)
}

// paint draws on canvas id at size b, crisp on high-DPI screens; draw
// works in CSS pixels. update, if not nil, draws over what the canvas
// shows and reports whether it could (at this size); otherwise the canvas
// is cleared and drawn whole with draw. A canvas that is missing or not
// laid out is left alone.
//
// The drawing is recorded in a chart.Batch and replayed in JavaScript in
// one call: drawing call by call from Go costs a few microseconds per call,
// and a plot is thousands of calls (tens of milliseconds per frame).
func (cv *canvases) paint(id string, b box, update func(p chart.Painter, w, h float64) bool, draw func(p chart.Painter, w, h float64)) {
	el := browser.Canvas(id)
	if el == nil || !b.drawable() {
		return
	}
	t0 := browser.Now()
	defer func() { cv.costs.add(id, browser.Now()-t0) }()
	c := canvas.New(el)
	c.ResizeScaled(b.W, b.H, b.Ratio)
	w, h := b.W, b.H
	batch.Reset()
	if update == nil || !update(&batch, w, h) {
		c.Clear()
		batch.Reset()
		draw(&batch, w, h)
	}
	c.Replay(&batch)
}

// paintNow draws on canvas id at its size now (see paint), if it is known.
func (cv *canvases) paintNow(id string, draw func(p chart.Painter, w, h float64)) {
	if b, ok := cv.ready(id, false); ok {
		cv.paint(id, b, nil, draw)
	}
}

// batch is the page's one command buffer: the page draws one canvas at a
// time, on one thread.
var batch chart.Batch
