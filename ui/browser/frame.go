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

func (f *Frames) frame(time.Duration) {
	f.pending = false
	f.draw()
}
