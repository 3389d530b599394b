//go:build js && wasm

package browser

import (
	"strings"
	"syscall/js"
)

// Download offers data as a file named name, through a temporary object URL.
func Download(name, mimeType string, data []byte) {
	arr := js.Global().Get("Uint8Array").New(len(data))
	js.CopyBytesToJS(arr, data)
	blob := js.Global().Get("Blob").New([]any{arr}, map[string]any{"type": mimeType})
	url := js.Global().Get("URL").Call("createObjectURL", blob)
	DownloadURL(name, url.String())
	js.Global().Get("URL").Call("revokeObjectURL", url)
}

// DownloadURL offers the resource at href (a data: or blob: URL) as a file.
func DownloadURL(name, href string) {
	doc := js.Global().Get("document")
	a := doc.Call("createElement", "a")
	a.Set("href", href)
	a.Set("download", name)
	a.Get("style").Set("display", "none")
	doc.Get("body").Call("appendChild", a)
	a.Call("click")
	a.Call("remove")
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

// Hash returns location.hash without its leading '#'.
func Hash() string {
	return strings.TrimPrefix(js.Global().Get("location").Get("hash").String(), "#")
}

// SetHash replaces the URL's hash without adding a history entry or
// scrolling, so editing the form does not flood the back button.
func SetHash(h string) {
	loc := js.Global().Get("location")
	url := strings.SplitN(loc.Get("href").String(), "#", 2)[0] + "#" + h
	js.Global().Get("history").Call("replaceState", nil, "", url)
}

// URL is the page's full address (with the hash).
func URL() string { return js.Global().Get("location").Get("href").String() }

// Element returns document.getElementById(id) (null if absent).
func Element(id string) js.Value {
	return js.Global().Get("document").Call("getElementById", id)
}

// OnHashChange calls f with the new hash (without '#') whenever the user
// changes it: a link pasted into the address bar, back or forward. It runs
// inside a JS callback, so f must not block.
func OnHashChange(f func(hash string)) {
	js.Global().Call("addEventListener", "hashchange", js.FuncOf(func(js.Value, []js.Value) any {
		f(Hash())
		return nil
	}))
}

// Focus moves the keyboard focus to the element with the given id once it
// can take it: vecty renders in an animation frame, so a button enabled by
// a re-render just requested is still disabled now. It tries for a few
// frames, then gives up.
func Focus(id string) {
	tries := 0
	var fn js.Func
	fn = js.FuncOf(func(js.Value, []js.Value) any {
		el := Element(id)
		if el.Truthy() && !el.Get("disabled").Truthy() {
			el.Call("focus")
			fn.Release()
			return nil
		}
		if tries++; tries < 10 {
			js.Global().Call("requestAnimationFrame", fn)
		} else {
			fn.Release()
		}
		return nil
	})
	js.Global().Call("requestAnimationFrame", fn)
}

// FocusedID is the id of the focused element; "" when the focus is on the
// page body (where it falls when the focused control is disabled) or on an
// element without an id.
func FocusedID() string {
	el := js.Global().Get("document").Get("activeElement")
	if !el.Truthy() {
		return ""
	}
	return el.Get("id").String()
}
