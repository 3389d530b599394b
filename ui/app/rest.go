//go:build js && wasm

package app

import (
	"syscall/js"
	"time"

	"github.com/hexops/vecty"

	"imlab/ui/browser"
	"imlab/ui/lab"
)

// rest is the page below the run controls: the lessons, the forms, the
// plots, the sampling view, the results, the map, the article and the
// footer. The first render shows the header, the run controls and the
// status line only — what ready needs: Run, enabled once the data is in —
// so that the page's thread is free when the data's message comes; the
// rest renders in the frames after the first load is over (docs/ready.md,
// "Tenth session"). Until then the page's canvases do not exist, which
// canvases and plotState accept: they pick them up when they appear.
type rest struct {
	since    time.Duration // when the page was mounted
	due      bool          // the first load is over: the rest renders from the next frame on
	parts    int           // how many parts Render includes (0 or 1)
	rendered int           // how many vecty rendered last (Render sets it)
	laidOut  bool          // a frame has passed since the whole page was rendered
	complete bool          // the whole page is rendered and laid out: imlab.complete is set
}

// restAfter bounds the wait for the first load: a link whose preset takes
// longer to generate shows its forms (and its Cancel-less wait) meanwhile.
const restAfter = 3 * time.Second

// renderRest moves the rest of the page on by one step in a frame at now,
// and asks for the next frame while it has steps left: the first frame
// that finds the first load over (ready, an error, or a link waiting for
// its file) marks it due, so that the frame's own re-render (Run enabled)
// goes alone; the next asks vecty to render the rest, which it does in
// the frame after; the frame after that render has laid it out, and the
// next sets imlab.complete (performance.now() in ms, as imlab.ready).
func (p *Page) renderRest(now time.Duration) {
	r := &p.rest
	switch {
	case r.complete:
		return
	case !r.due:
		if p.snap.Phase == lab.Loading && now-r.since < restAfter {
			return
		}
		r.due = true
	case r.rendered < r.parts: // vecty renders it in a frame of its own
	case r.parts == 0:
		if restHeld() {
			p.frames.RequestAfter(restEvery)
			return
		}
		r.parts = 1
		vecty.Rerender(p)
	case !r.laidOut:
		r.laidOut = true
	default:
		r.complete = true
		browser.Hook("complete", now.Seconds()*1e3)
		return
	}
	p.frames.Request()
}

// restHeld reports whether a test holds the rest of the page back
// (window.imlabHoldRest, set before the page's scripts run): the page is
// then ready with its header and run controls only, for as long as the test
// wants. Nothing else sets it.
func restHeld() bool { return js.Global().Get("imlabHoldRest").Truthy() }
