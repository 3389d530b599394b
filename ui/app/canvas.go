//go:build js && wasm

package app

import (
	"math"
	"syscall/js"
	"time"

	"imlab/ui/browser"
	"imlab/ui/canvas"
	"imlab/ui/chart"
	"imlab/ui/schedule"
)

// canvases draws the page's canvases at the sizes its observer reports
// (browser.Observer): a frame never reads a canvas's clientWidth, which
// after vecty's changes to the DOM would force the page's layout in the
// middle of the frame. It also keeps what each canvas's drawing costs, for
// the per-frame budget (schedule.DrawNow).
type canvases struct {
	plots plotState // the convergence plots (plots.go)
	sizes schedule.Sizes
	costs schedule.DrawCosts
	obs   *browser.Observer
	els   map[string]js.Value // the element observed under each id
	log   []string            // probe: the drawings of this frame

	backs      map[string]*canvas.Canvas // each canvas's back buffer, off screen
	backSize   map[string]schedule.Box
	pending    *pendingDraw  // a drawing not complete yet
	frameStart time.Duration // when the page's frame began
	bounded    bool          // drawings stop at the frame's budget
}

// init starts the observers; changed runs when a canvas's size changes or
// it comes on screen.
func (cv *canvases) init(changed func(id string)) {
	cv.costs, cv.els = schedule.DrawCosts{}, map[string]js.Value{}
	cv.backs, cv.backSize, cv.bounded = map[string]*canvas.Canvas{}, map[string]schedule.Box{}, true
	cv.obs = browser.NewObserver(func(id string, w, h, ratio float64) {
		if cv.sizes.SetSize(id, schedule.Box{W: w, H: h, Ratio: ratio}) {
			changed(id)
		}
	}, func(id string, on bool) {
		if cv.sizes.SetVisible(id, on) {
			changed(id)
		}
	}, "200px")
	browser.OnResize(func() { cv.sizes.SetRatio(browser.DevicePixelRatio()) })
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
		cv.sizes.SetSize(id, schedule.Box{W: w, H: h, Ratio: browser.DevicePixelRatio()})
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
	cv.sizes.Forget(id)
	cv.obs.Observe(el)
	return false
}

// size is canvas id's size as last reported (zero if not known yet).
func (cv *canvases) size(id string) schedule.Box {
	cv.observe(id)
	b, _ := cv.sizes.Size(id)
	return b
}

// ready is canvas id's size if it can be drawn now (see schedule.Sizes.ready).
func (cv *canvases) ready(id string, running bool) (schedule.Box, bool) {
	if !cv.observe(id) {
		return schedule.Box{}, false
	}
	return cv.sizes.Ready(id, running)
}

// paint draws on canvas id at size b, crisp on high-DPI screens; draw
// works in CSS pixels. update, if not nil, draws over what the canvas
// shows and reports whether it could (at this size); otherwise the canvas
// is cleared and drawn whole with draw. A canvas that is missing or not
// laid out is left alone.
//
// The drawing is recorded in a chart.Batch and replayed in JavaScript:
// drawing call by call from Go costs a few microseconds per call, and a
// plot is thousands of calls. Both halves stop at the frame's budget and go
// on in the next frames (resume): the recording in a goroutine of its own
// (schedule.Recording), the replay on a canvas off screen, the canvas's back
// buffer, which the canvas shows when the drawing is complete. paint
// reports whether it is.
func (cv *canvases) paint(id string, b schedule.Box, update func(p chart.Painter, w, h float64) bool, draw func(p chart.Painter, w, h float64)) (complete bool) {
	if cv.pending != nil {
		panic("canvases: a drawing started before the last one ended")
	}
	if el := browser.Canvas(id); el == nil || !b.Drawable() {
		return true
	}
	back := cv.backs[id]
	if back == nil || cv.backSize[id] != b {
		if back == nil {
			back = canvas.Offscreen(b.W, b.H, b.Ratio)
			// The same id, for tools that tell canvases by their context's
			// canvas.id (a detached element: getElementById does not find it).
			back.Element().SetID(id)
			cv.backs[id] = back
		} else {
			back.ResizeScaled(b.W, b.H, b.Ratio)
		}
		cv.backSize[id] = b
		update = nil // a new back buffer holds nothing to draw over
	}
	w, h := b.W, b.H
	d := &pendingDraw{id: id, b: b, back: back}
	batch.Reset()
	d.rec = schedule.StartRecording(&batch, browser.Now, func(p chart.Painter) {
		if update == nil || !update(p, w, h) {
			d.clear = true
			batch.Reset()
			draw(p, w, h)
		}
	})
	cv.pending = d
	return cv.resume()
}

// pendingDraw is a drawing recorded, then replayed, in parts on its
// canvas's back buffer.
type pendingDraw struct {
	id          string
	b           schedule.Box
	back        *canvas.Canvas
	rec         *schedule.Recording // the recording, until it has ended
	clear       bool                // the drawing is whole: clear the back buffer first
	next, clips int                 // where the replay goes on, and the clips it left open
	cost        time.Duration       // the frames' time spent on it so far
	then        func()              // runs when the drawing shows, if not nil
}

// drop abandons the drawing in progress, if any, and returns its canvas's
// id ("" if none). The canvas keeps what it shows; its back buffer, drawn
// in part, is drawn whole by the canvas's next drawing.
func (cv *canvases) drop() string {
	d := cv.pending
	if d == nil {
		return ""
	}
	cv.pending = nil
	if d.rec != nil {
		d.rec.Stop()
	} else {
		d.back.EndReplay(d.clips)
	}
	cv.backSize[d.id] = schedule.Box{} // not the canvas's size: its next paint starts afresh
	return d.id
}

// dropRun drops the drawing in progress if it shows a run's results (its
// curves or minibatches), for a new run, a reset or new data: what it
// draws is gone, and the snapshot that replaces it redraws the canvas
// whole (its key changed). The histogram, which a run does not change, is
// finished.
func (cv *canvases) dropRun() {
	if d := cv.pending; d != nil && d.id != "histogram" {
		cv.drop()
	}
}

// minChunk is the least time a frame gives a drawing in progress.
const minChunk = 4 * time.Millisecond

// resume records and replays the drawing in progress until the frame's
// budget (from cv.frameStart) is spent, or at least minChunk, and shows it
// on its canvas if it completed; it reports whether it did (true with none
// in progress).
func (cv *canvases) resume() bool {
	d := cv.pending
	if d == nil {
		return true
	}
	t0 := browser.Now()
	deadline := time.Duration(math.MaxInt64)
	if cv.bounded {
		deadline = t0 + max(minChunk, schedule.FrameBudget-(t0-cv.frameStart))
	}
	complete := cv.advance(d, deadline)
	took := browser.Now() - t0
	d.cost += took
	if probeFrames {
		cv.log = append(cv.log, "draw:"+d.id+"="+took.String())
		probeAdd(d.id, took)
		probeAdd(d.id+"#", 1)
	}
	if !complete {
		return false
	}
	cv.pending = nil
	cv.costs.Add(d.id, d.cost)
	if el := browser.Canvas(d.id); el != nil {
		var ts time.Duration
		if probeFrames {
			ts = browser.Now()
		}
		c := canvas.New(el)
		c.ResizeScaled(d.b.W, d.b.H, d.b.Ratio)
		c.Show(d.back)
		if probeFrames {
			cv.log = append(cv.log, "show:"+d.id+"="+(browser.Now()-ts).String())
			probeAdd("show:"+d.id, browser.Now()-ts)
		}
	}
	if d.then != nil {
		d.then()
	}
	return true
}

// advance records drawing d, then replays it on its back buffer, until the
// deadline; it reports whether the replay is complete.
func (cv *canvases) advance(d *pendingDraw, deadline time.Duration) bool {
	if d.rec != nil {
		if probeFrames {
			tr := browser.Now()
			defer func() { cv.log = append(cv.log, "rec="+(browser.Now()-tr).String()) }()
		}
		if !d.rec.Step(deadline) {
			return false
		}
		d.rec = nil
		if d.clear {
			d.back.Clear()
		}
	}
	until := math.Inf(1)
	if cv.bounded {
		until = float64(deadline) / float64(time.Millisecond)
	}
	d.next, d.clips = d.back.ReplayPart(&batch, d.next, d.clips, until)
	return d.next >= len(batch.Ops)
}

// paintNow draws on canvas id at its size now, if it is known, whole in
// one go and straight on the canvas, whatever it costs: the speedup map,
// drawn in its own animation frames, not the page's (see paint).
func (cv *canvases) paintNow(id string, draw func(p chart.Painter, w, h float64)) {
	b, ok := cv.ready(id, false)
	el := browser.Canvas(id)
	if !ok || el == nil || !b.Drawable() {
		return
	}
	c := canvas.New(el)
	c.ResizeScaled(b.W, b.H, b.Ratio)
	c.Clear()
	nowBatch.Reset()
	draw(&nowBatch, b.W, b.H)
	c.Replay(&nowBatch)
}

// batch is the command buffer of the page's frames, which draw one canvas
// at a time (paint); nowBatch that of paintNow.
var batch, nowBatch chart.Batch
