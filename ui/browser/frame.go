//go:build js && wasm

package browser

import "syscall/js"

// Frames coalesces redraw requests: however often Request is called, draw
// runs at most once per animation frame, inside requestAnimationFrame.
type Frames struct {
	draw    func()
	pending bool
	fn      js.Func
}

// NewFrames returns a scheduler for draw. draw runs inside a JS callback, so
// it must not block.
func NewFrames(draw func()) *Frames {
	f := &Frames{draw: draw}
	f.fn = js.FuncOf(func(js.Value, []js.Value) any {
		f.pending = false
		f.draw()
		return nil
	})
	return f
}

// Request schedules draw for the next animation frame unless one is pending.
func (f *Frames) Request() {
	if f.pending {
		return
	}
	f.pending = true
	js.Global().Call("requestAnimationFrame", f.fn)
}
