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
// rest renders in the frames after the first load is over: ready, an
// error, or a link waiting for its file (docs/ready.md, "Tenth session").
// A link whose preset takes long to generate shows its status line
// meanwhile; a file dropped on the page is read all the same. Until the
// rest renders, the page's canvases do not exist, and the frames draw
// nothing: canvases and plotState pick the canvases up when they appear.
type rest struct {
	mounted  bool // the first render is in the document (Page.Mount): frames run from then on
	due      bool // the first load is over: the rest renders from the next frame on
	parts    int  // how many of its restParts Render includes
	rendered int  // how many vecty rendered (Render sets it)
	laidOut  bool // a frame has passed since the last was rendered
	complete bool // and another: imlab.complete is set
}

// restParts is how many frames the rest renders in: the lessons, the forms
// and the plots, then the sampling view, the results, the map, the article
// and the footer (in one, it was a task of ~140 ms of the page's thread at
// load 8–10, a Run pressed meanwhile waiting for it).
const restParts = 2

// renderRest moves the rest of the page on by one step in a frame at now,
// and asks for the next frame while it has steps left: the first frame
// that finds the first load over marks it due, so that the frame's own
// re-render (Run enabled) goes alone; the next asks vecty to render the
// rest's first part, which it does in the frame after; the frame that
// finds it rendered asks for the next part; the frame after the last
// part's render has laid it out, and the next sets imlab.complete
// (performance.now() in ms, as imlab.ready).
func (p *Page) renderRest(now time.Duration) {
	r := &p.rest
	switch {
	case r.complete:
		return
	case !r.due:
		r.due = p.snap.Phase != lab.Loading
		if !r.due {
			return
		}
	case r.rendered < r.parts: // vecty renders it in a frame of its own
	case r.parts < restParts:
		if r.parts > 0 || !restHeld() {
			r.parts++
			vecty.Rerender(p)
		}
	case !r.laidOut:
		r.laidOut = true
	default:
		r.complete = true
		browser.Hook("complete", now.Seconds()*1e3)
		if p.hooks.complete != nil {
			p.hooks.complete()
		}
		return
	}
	p.frames.Request()
}

// restHeld reports whether a test holds the rest of the page back
// (window.imlabHoldRest, set before the page's scripts run): the page is
// then ready with its header and run controls only, for as long as the test
// wants (the page looks again in every frame meanwhile). Nothing else sets
// it.
func restHeld() bool { return js.Global().Get("imlabHoldRest").Truthy() }
