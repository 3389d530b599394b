//go:build js && wasm

package browser

import (
	"syscall/js"

	"honnef.co/go/js/dom/v2"
)

// Observer watches elements with a ResizeObserver (their laid-out size) and
// an IntersectionObserver (whether they are on screen or near it), so that
// an animation frame can draw a canvas at its size without reading
// clientWidth, which after a DOM change forces the whole page's layout in
// the middle of the frame.
//
// On syscall/js: honnef.co/go/js/dom/v2 has neither observer.
type Observer struct {
	resize, intersect js.Value
	funcs             [2]js.Func
}

// NewObserver returns an observer that calls size with an element's id, its
// size in CSS pixels (clientWidth × clientHeight, read in the observer's
// callback, when the layout is fresh and reading it costs nothing) and
// window.devicePixelRatio, each time it changes and once when the element
// is first observed; and visible with whether the element comes within
// margin (CSS, "200px") of the viewport, each time that changes and once at
// first. It returns nil where the browser has no ResizeObserver; without an
// IntersectionObserver, visible is never called. The callbacks run inside a
// JS callback, so they must not block.
func NewObserver(size func(id string, width, height, ratio float64), visible func(id string, on bool), margin string) *Observer {
	ro := js.Global().Get("ResizeObserver")
	if ro.Type() != js.TypeFunction {
		return nil
	}
	o := &Observer{}
	o.funcs[0] = js.FuncOf(func(_ js.Value, args []js.Value) any {
		entries := arg0(args)
		ratio := DevicePixelRatio()
		for i, n := 0, entries.Length(); i < n; i++ {
			el := entries.Index(i).Get("target")
			size(el.Get("id").String(), el.Get("clientWidth").Float(), el.Get("clientHeight").Float(), ratio)
		}
		return nil
	})
	o.resize = ro.New(o.funcs[0])
	if io := js.Global().Get("IntersectionObserver"); io.Type() == js.TypeFunction {
		o.funcs[1] = js.FuncOf(func(_ js.Value, args []js.Value) any {
			entries := arg0(args)
			for i, n := 0, entries.Length(); i < n; i++ {
				e := entries.Index(i)
				visible(e.Get("target").Get("id").String(), e.Get("isIntersecting").Truthy())
			}
			return nil
		})
		o.intersect = io.New(o.funcs[1], map[string]any{"rootMargin": margin})
	}
	return o
}

// Observe starts watching el; its first size and visibility arrive in the
// observers' callbacks, after the browser's next layout.
func (o *Observer) Observe(el *dom.BasicHTMLElement) {
	o.resize.Call("observe", el.Underlying())
	if o.intersect.Truthy() {
		o.intersect.Call("observe", el.Underlying())
	}
}

// Unobserve stops watching el (an element the page replaced).
func (o *Observer) Unobserve(el *dom.BasicHTMLElement) {
	o.resize.Call("unobserve", el.Underlying())
	if o.intersect.Truthy() {
		o.intersect.Call("unobserve", el.Underlying())
	}
}
