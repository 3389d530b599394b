//go:build js && wasm

package browser

import (
	"strings"
	"time"

	"honnef.co/go/js/dom/v2"
)

// Download offers data as a file named name, through a temporary object URL.
func Download(name, mimeType string, data []byte) {
	url, revoke := objectURL(data, mimeType)
	DownloadURL(name, url)
	revoke()
}

// DownloadURL offers the resource at href (a data: or blob: URL) as a file.
func DownloadURL(name, href string) {
	el := createElement("a")
	a := &dom.HTMLAnchorElement{BasicHTMLElement: el, URLUtils: &dom.URLUtils{Value: el.Value}}
	a.SetHref(href)
	a.SetAttribute("download", name)
	a.Style().SetProperty("display", "none", "")
	appendToBody(el)
	a.Click()
	a.Remove()
}

// Hash returns location.hash without its leading '#'.
func Hash() string {
	return strings.TrimPrefix(dom.GetWindow().Location().Hash(), "#")
}

// SetHash replaces the URL's hash without adding a history entry or
// scrolling, so editing the form does not flood the back button.
func SetHash(h string) {
	replaceURL(strings.SplitN(URL(), "#", 2)[0] + "#" + h)
}

// URL is the page's full address (with the hash).
func URL() string { return dom.GetWindow().Location().Href() }

// focusFor is how long Focus waits for its element to take the focus.
const focusFor = 2 * time.Second

// focusRequests counts Focus's calls (the page's one thread makes them).
var focusRequests uint64

// OnHashChange calls f with the new hash (without '#') whenever the user
// changes it: a link pasted into the address bar, back or forward. It runs
// inside a JS callback, so f must not block.
func OnHashChange(f func(hash string)) {
	onWindow("hashchange", func() { f(Hash()) })
}

// Focus moves the keyboard focus to the element with the given id once it
// can take it: vecty renders in an animation frame, so a button enabled by
// a re-render just requested is still disabled now, and vecty puts off
// the rest of a batch that overruns a frame's budget to the next frames,
// more of them on a loaded machine. It tries in each frame for up to
// focusFor (ten frames were once too few, under load), then gives up. A
// later call supersedes it: only the latest request may move the focus.
func Focus(id string) {
	focusRequests++
	request := focusRequests
	var first time.Duration
	var try func(time.Duration)
	try = func(now time.Duration) {
		if request != focusRequests {
			return
		}
		if el := Element(id); el != nil && !el.HasAttribute("disabled") {
			el.Focus()
			return
		}
		if first == 0 {
			first = now
		}
		if now-first < focusFor {
			dom.GetWindow().RequestAnimationFrame(try)
		}
	}
	dom.GetWindow().RequestAnimationFrame(try)
}
