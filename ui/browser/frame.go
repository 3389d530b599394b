//go:build js && wasm

package browser

import (
	"time"

	"honnef.co/go/js/dom/v2"
)

// Frames coalesces redraw requests: however often Request is called, draw
// runs at most once per animation frame, inside requestAnimationFrame.
type Frames struct {
	draw    func()
	pending bool
	later   bool // RequestAfter's timer is running

	// Began is when the animation frame that last ran draw began (its
	// requestAnimationFrame time stamp, on Now's clock): the callbacks
	// that ran in it before draw took their time from there.
	Began time.Duration
}

// NewFrames returns a scheduler for draw. draw runs inside a JS callback, so
// it must not block.
func NewFrames(draw func()) *Frames { return &Frames{draw: draw} }

// Request schedules draw for the next animation frame unless one is pending.
func (f *Frames) Request() {
	if f.pending {
		return
	}
	f.pending = true
	dom.GetWindow().RequestAnimationFrame(f.frame)
}

// RequestAfter schedules draw for the first animation frame after d, unless
// a frame is pending or a timer runs already; until then, Notify does
// nothing (Request still asks for the next frame).
func (f *Frames) RequestAfter(d time.Duration) {
	if f.pending || f.later {
		return
	}
	f.later = true
	time.AfterFunc(d, func() {
		f.later = false
		f.Request()
	})
}

// Notify is Request, unless RequestAfter's frame is still to come: a
// change then waits for it.
func (f *Frames) Notify() {
	if !f.later {
		f.Request()
	}
}

func (f *Frames) frame(began time.Duration) {
	f.pending, f.Began = false, began
	f.draw()
}
