//go:build js && wasm

package browser

import (
	"errors"
	"syscall/js"

	"honnef.co/go/js/dom/v2"
)

// The host calls that are not written on honnef.co/go/js/dom/v2, in one
// place (the workers' messaging, in workers.go and yield.go, is the other:
// dom/v2 has no Worker, MessageChannel or postMessage). Each is here for
// one of two reasons:
//
//   - dom/v2 has no API for it: history.replaceState (its History() returns
//     nil), performance.now, navigator (its Navigator() panics), the
//     clipboard, Blob, URL.createObjectURL, File.arrayBuffer and promises,
//     a FileList outside an <input> (a drop's dataTransfer.files),
//     clientWidth/clientHeight, devicePixelRatio, requestFullscreen, and the
//     page's window.imlab hooks.
//   - dom/v2 has it only through a function that returns one of its
//     interfaces, and that costs main.wasm far more than the call: an itab
//     keeps every method of the interface for every type the function may
//     return. Document().GetElementByID, ActiveElement, CreateElement and
//     ParentElement go through wrapElement, a switch over 70 element types
//     (+134 kB gzip, measured in docs/size.md); any AddEventListener goes
//     through wrapEvent, a switch over 50 event types (+71 kB gzip). So
//     elements and events are wrapped here as dom/v2's concrete types
//     (HTMLElement, MouseEvent, KeyboardEvent), and listeners are added
//     here; everything done with them after that (Focus, SetTextContent,
//     OffsetX, PreventDefault, the canvas's context) is dom/v2's.
//
// Never pass a dom/v2 value where one of its interfaces (Node, Element,
// HTMLElement, Event, Window, Document) is expected, and never store
// dom.GetWindow() in a variable: either makes the linker keep the
// interface's itab, with the costs above.

// document is the page's document.
func document() js.Value { return js.Global().Get("document") }

// HTMLElement wraps an element (an event's target, say) as dom/v2's
// BasicHTMLElement, or returns nil for null or undefined.
func HTMLElement(v js.Value) *dom.BasicHTMLElement {
	if v.IsNull() || v.IsUndefined() {
		return nil
	}
	return &dom.BasicHTMLElement{BasicElement: &dom.BasicElement{BasicNode: &dom.BasicNode{Value: v}}}
}

// MouseEvent wraps a mouse or pointer event (a vecty.Event's Value) as
// dom/v2's MouseEvent.
func MouseEvent(v js.Value) *dom.MouseEvent {
	return &dom.MouseEvent{UIEvent: &dom.UIEvent{BasicEvent: &dom.BasicEvent{Value: v}}}
}

// KeyboardEvent wraps a key event (a vecty.Event's Value) as dom/v2's
// KeyboardEvent.
func KeyboardEvent(v js.Value) *dom.KeyboardEvent {
	return &dom.KeyboardEvent{BasicEvent: &dom.BasicEvent{Value: v}}
}

// Element returns the element with the given id, or nil if there is none.
func Element(id string) *dom.BasicHTMLElement {
	return HTMLElement(document().Call("getElementById", id))
}

// Canvas returns the <canvas> with the given id, or nil if there is none.
func Canvas(id string) *dom.HTMLCanvasElement {
	if el := Element(id); el != nil {
		return &dom.HTMLCanvasElement{BasicHTMLElement: el}
	}
	return nil
}

// NewCanvas makes a <canvas> that is not in the page.
func NewCanvas() *dom.HTMLCanvasElement {
	return &dom.HTMLCanvasElement{BasicHTMLElement: createElement("canvas")}
}

func createElement(tag string) *dom.BasicHTMLElement {
	return HTMLElement(document().Call("createElement", tag))
}

// appendToBody adds el at the end of the page's body.
func appendToBody(el *dom.BasicHTMLElement) {
	document().Get("body").Call("appendChild", el.Underlying())
}

// FocusedID is the id of the focused element; "" when the focus is on the
// page body (where it falls when the focused control is disabled) or on an
// element without an id.
func FocusedID() string {
	if el := HTMLElement(document().Get("activeElement")); el != nil {
		return el.ID()
	}
	return ""
}

// SetTextAll sets the text of every element under root that selector
// matches (dom/v2's QuerySelectorAll wraps each through wrapElement).
func SetTextAll(root *dom.BasicHTMLElement, selector, text string) {
	list := root.Underlying().Call("querySelectorAll", selector)
	for i := range list.Length() {
		list.Index(i).Set("textContent", text)
	}
}

// Parent returns el's parent element, or nil.
func Parent(el *dom.BasicHTMLElement) *dom.BasicHTMLElement {
	return HTMLElement(el.Get("parentElement"))
}

// RequestFullscreen shows el full screen, where the browser allows it.
func RequestFullscreen(el *dom.BasicHTMLElement) {
	if el.Get("requestFullscreen").Truthy() {
		el.Call("requestFullscreen")
	}
}

// ClientSize is el's laid-out size in CSS pixels (clientWidth and
// clientHeight); 0 × 0 for nil.
func ClientSize(el *dom.BasicHTMLElement) (width, height float64) {
	if el == nil {
		return 0, 0
	}
	return el.Get("clientWidth").Float(), el.Get("clientHeight").Float()
}

// DevicePixelRatio is how many device pixels make one CSS pixel.
func DevicePixelRatio() float64 { return js.Global().Get("devicePixelRatio").Float() }

// onWindow calls f on every event of the given type at the window. It runs
// inside a JS callback, so f must not block.
func onWindow(event string, f func()) {
	js.Global().Call("addEventListener", event, js.FuncOf(func(js.Value, []js.Value) any {
		f()
		return nil
	}))
}

// OnResize calls f whenever the window is resized; f must not block.
func OnResize(f func()) { onWindow("resize", f) }

// replaceURL makes url the page's address without adding a history entry.
func replaceURL(url string) {
	js.Global().Get("history").Call("replaceState", nil, "", url)
}

// Await blocks the calling goroutine until the promise settles.
func Await(promise js.Value) (js.Value, error) {
	type result struct {
		v   js.Value
		err error
	}
	ch := make(chan result, 1)
	var ok, fail js.Func
	ok = js.FuncOf(func(_ js.Value, args []js.Value) any {
		ch <- result{v: arg0(args)}
		return nil
	})
	fail = js.FuncOf(func(_ js.Value, args []js.Value) any {
		msg := "promise rejected"
		if e := arg0(args); e.Truthy() {
			msg = e.Call("toString").String()
		}
		ch <- result{err: errors.New(msg)}
		return nil
	})
	promise.Call("then", ok, fail)
	r := <-ch
	ok.Release()
	fail.Release()
	return r.v, r.err
}

func arg0(args []js.Value) js.Value {
	if len(args) == 0 {
		return js.Undefined()
	}
	return args[0]
}

// bytesOf copies a JS ArrayBuffer into Go memory.
func bytesOf(buffer js.Value) []byte {
	arr := js.Global().Get("Uint8Array").New(buffer)
	b := make([]byte, arr.Length())
	js.CopyBytesToGo(b, arr)
	return b
}

// objectURL holds data in a Blob of the given type, and returns a blob: URL
// for it and the function that revokes the URL.
func objectURL(data []byte, mimeType string) (url string, revoke func()) {
	arr := js.Global().Get("Uint8Array").New(len(data))
	js.CopyBytesToJS(arr, data)
	blob := js.Global().Get("Blob").New([]any{arr}, map[string]any{"type": mimeType})
	u := js.Global().Get("URL").Call("createObjectURL", blob)
	return u.String(), func() { js.Global().Get("URL").Call("revokeObjectURL", u) }
}

// CopyText puts text on the clipboard; it reports whether the browser
// accepted (the Clipboard API needs a secure context such as localhost).
// Call it from a goroutine: it waits for the browser's answer.
func CopyText(text string) bool {
	cb := js.Global().Get("navigator").Get("clipboard")
	if !cb.Truthy() {
		return false
	}
	_, err := Await(cb.Call("writeText", text))
	return err == nil
}

// Cores is navigator.hardwareConcurrency (1 if unknown).
func Cores() int {
	if n := js.Global().Get("navigator").Get("hardwareConcurrency"); n.Truthy() {
		return n.Int()
	}
	return 1
}

var performance = js.Global().Get("performance")

// nowMs is performance.now(): milliseconds, monotonic.
func nowMs() float64 { return performance.Call("now").Float() }

// Hook sets window.imlab[name], a value for tests and measurements to read.
func Hook(name string, v any) { hooks().Set(name, v) }

// HookFunc sets window.imlab[name] to a function for tests and measurements
// to call; flag is whether its first argument is truthy. f runs inside a JS
// callback, so it must not block.
func HookFunc(name string, f func(flag bool) any) {
	hooks().Set(name, js.FuncOf(func(_ js.Value, args []js.Value) any { return f(arg0(args).Truthy()) }))
}

// hooks is window.imlab, made on first use.
func hooks() js.Value {
	h := js.Global().Get("imlab")
	if h.Type() != js.TypeObject {
		h = js.Global().Get("Object").New()
		js.Global().Set("imlab", h)
	}
	return h
}

// Mark records a performance mark (performance.mark), for bench/ready.sh.
func Mark(name string) { performance.Call("mark", name) }
