package schedule

import (
	"time"

	"imlab/ui/chart"
)

// Recording records a drawing into a chart.Batch in parts, so that no
// animation frame spends more than its budget in the Go side of a drawing
// (recording a full plot takes tens of milliseconds in the browser, more on
// a loaded machine). The drawing runs in a goroutine of its own, which
// checks the clock every few painter calls and, past the deadline of the
// part, hands control back to the frame (step returns) and waits for the
// next frame's step. The frame and the drawing never run at once: each
// waits for the other on a channel, so the drawing sees the state it
// started with, and records exactly the commands it would in one go.
//
// js/wasm has no preemption, and the page's frames are calls from
// JavaScript: a goroutine that the frame waits for runs on the frame's
// time, and the frame returns to the browser once the goroutine stops.
type Recording struct {
	batch    *chart.Batch
	now      func() time.Duration
	deadline time.Duration
	calls    int
	wake     chan struct{}
	stopped  chan any // nil: at the deadline; recordingDone: the end; else a panic's value
	done     bool
	abandon  bool // stop: the drawing ends at the painter call it waits in
}

// recordingDone is what the drawing's goroutine sends when it has ended.
type recordingDone struct{}

// recordingAbandoned is the panic that ends an abandoned drawing (stop).
type recordingAbandoned struct{}

// checkEvery is how many painter calls go between looks at the clock: a
// call records in well under a microsecond (a marker, a few), the clock
// costs about one from wasm.
const checkEvery = 32

// StartRecording starts recording draw into b, in parts (step); nothing
// is recorded until the first step.
func StartRecording(b *chart.Batch, now func() time.Duration, draw func(p chart.Painter)) *Recording {
	r := &Recording{batch: b, now: now, wake: make(chan struct{}), stopped: make(chan any)}
	go func() {
		var v any = recordingDone{}
		defer func() {
			if p := recover(); p != nil {
				v = p
			}
			r.stopped <- v
		}()
		<-r.wake
		if !r.abandon {
			draw(r)
		}
	}()
	return r
}

// stop abandons the recording if it has not ended: its goroutine ends at
// once, having recorded part of the drawing (or none, if it had not
// started), and step reports the end from then on.
func (r *Recording) Stop() {
	if r.done {
		return
	}
	r.done, r.abandon = true, true
	r.wake <- struct{}{}
	<-r.stopped // recordingAbandoned, or recordingDone if it had not started
}

// step records until the deadline (at the first painter call that finds it
// passed, at most checkEvery calls late) or the end of the drawing, and
// reports whether the drawing has ended. A panic in the drawing panics
// here, in the caller's goroutine.
func (r *Recording) Step(deadline time.Duration) bool {
	if r.done {
		return true
	}
	r.deadline = deadline
	r.wake <- struct{}{}
	v := <-r.stopped
	if v == nil {
		return false
	}
	r.done = true
	if _, ok := v.(recordingDone); !ok {
		panic(v)
	}
	return true
}

// tick counts a painter call and stops the drawing here if the part's
// deadline has passed.
func (r *Recording) tick() {
	r.calls++
	if r.calls%checkEvery != 0 || r.now() < r.deadline {
		return
	}
	r.stopped <- nil
	<-r.wake
	if r.abandon {
		panic(recordingAbandoned{})
	}
}

// Polyline implements chart.Painter.
func (r *Recording) Polyline(pts []chart.Point, s chart.Stroke) {
	r.tick()
	r.batch.Polyline(pts, s)
}

// Rect implements chart.Painter.
func (r *Recording) Rect(x, y, w, h float64, fill string) {
	r.tick()
	r.batch.Rect(x, y, w, h, fill)
}

// Marker implements chart.Painter.
func (r *Recording) Marker(x, y float64, m chart.Marker, size float64, color string) {
	r.tick()
	r.batch.Marker(x, y, m, size, color)
}

// Text implements chart.Painter.
func (r *Recording) Text(x, y float64, s string, st chart.TextStyle) {
	r.tick()
	r.batch.Text(x, y, s, st)
}

// Clip implements chart.Painter.
func (r *Recording) Clip(x, y, w, h float64) {
	r.tick()
	r.batch.Clip(x, y, w, h)
}

// Unclip implements chart.Painter.
func (r *Recording) Unclip() {
	r.tick()
	r.batch.Unclip()
}
