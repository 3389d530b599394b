//go:build js && wasm

package browser

// These calls are written on syscall/js rather than dom/v2: the dom/v2
// methods they needed (Location, URLUtils, Click, Remove, Focus,
// HasAttribute, SetAttribute, Style) were in main.wasm for them alone
// (640 B of gzip, docs/ready.md, "Tenth session").

import (
	"strings"
	"syscall/js"
)

// Download offers data as a file named name, through a temporary object URL.
func Download(name, mimeType string, data []byte) {
	url, revoke := objectURL(data, mimeType)
	DownloadURL(name, url)
	revoke()
}

// DownloadURL offers the resource at href (a data: or blob: URL) as a file.
func DownloadURL(name, href string) {
	a := document().Call("createElement", "a")
	a.Set("href", href)
	a.Set("download", name)
	a.Get("style").Set("display", "none")
	document().Get("body").Call("appendChild", a)
	a.Call("click")
	a.Call("remove")
}

func location() js.Value { return js.Global().Get("location") }

// Hash returns location.hash without its leading '#'.
func Hash() string {
	return strings.TrimPrefix(location().Get("hash").String(), "#")
}

// SetHash replaces the URL's hash without adding a history entry or
// scrolling, so editing the form does not flood the back button.
func SetHash(h string) {
	replaceURL(strings.SplitN(URL(), "#", 2)[0] + "#" + h)
}

// URL is the page's full address (with the hash).
func URL() string { return location().Get("href").String() }

// OnHashChange calls f with the new hash (without '#') whenever the user
// changes it: a link pasted into the address bar, back or forward. It runs
// inside a JS callback, so f must not block.
func OnHashChange(f func(hash string)) {
	onWindow("hashchange", func() { f(Hash()) })
}

// Focus moves the keyboard focus to the element with the given id once it
// can take it: vecty renders in an animation frame, so a button enabled by
// a re-render just requested is still disabled now. It tries for a few
// frames, then gives up.
func Focus(id string) {
	tries := 0
	var try js.Func
	try = js.FuncOf(func(js.Value, []js.Value) any {
		if el := document().Call("getElementById", id); el.Truthy() && !el.Call("hasAttribute", "disabled").Bool() {
			el.Call("focus")
		} else if tries++; tries < 10 {
			js.Global().Call("requestAnimationFrame", try)
			return nil
		}
		try.Release()
		return nil
	})
	js.Global().Call("requestAnimationFrame", try)
}
