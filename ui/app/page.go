//go:build js && wasm

package app

import (
	"fmt"
	"syscall/js"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/event"
	"github.com/hexops/vecty/prop"

	"imlab/ui/browser"
	"imlab/ui/lab"
)

// Page is the whole lab: it owns the form (as typed), renders the latest
// snapshot, and draws the plots.
type Page struct {
	vecty.Core

	ctl     *lab.Controller
	form    lab.Form
	formErr *lab.FieldError
	snap    lab.Snapshot
	notice  string // a transient message (link copied, …)

	mounted bool
	frames  *browser.Frames
	plots   plotState
	onReady func() // called once, the first time data is ready
}

// New returns the page for ctl with the form showing s.
func New(ctl *lab.Controller, s lab.Settings, onReady func()) *Page {
	p := &Page{ctl: ctl, form: lab.FormOf(s), onReady: onReady}
	p.snap = ctl.Snapshot()
	p.frames = browser.NewFrames(p.frame)
	js.Global().Call("addEventListener", "resize", js.FuncOf(func(js.Value, []js.Value) any {
		p.plots.invalidate()
		p.frames.Request()
		return nil
	}))
	return p
}

// Changed is the controller's notification: schedule a frame.
func (p *Page) Changed() {
	if p.frames != nil {
		p.frames.Request()
	}
}

// Mount runs after the first render into the document.
func (p *Page) Mount() {
	p.mounted = true
	p.frames.Request()
}

// frame runs once per animation frame after a change: take a snapshot,
// re-render the DOM if what it shows changed, redraw the canvases.
func (p *Page) frame() {
	defer p.recoverTo("drawing")
	if !p.mounted {
		return
	}
	s := p.ctl.Snapshot()
	if s.Version != p.snap.Version {
		p.snap = s
		vecty.Rerender(p)
	}
	p.plots.draw(&p.snap)
	if p.onReady != nil && s.Phase == lab.Ready && s.Data != nil {
		f := p.onReady
		p.onReady = nil
		f()
	}
}

// recoverTo turns a panic in UI code into an error status, so that no Go
// panic reaches the console and the page stays usable.
func (p *Page) recoverTo(what string) {
	if r := recover(); r != nil {
		p.ctl.ReportError(fmt.Errorf("internal error while %s: %v", what, r))
	}
}

// act wraps an event handler with recovery.
func (p *Page) act(what string, f func(e *vecty.Event)) func(e *vecty.Event) {
	return func(e *vecty.Event) {
		defer p.recoverTo(what)
		f(e)
	}
}

// Render draws the page from the snapshot and the form.
func (p *Page) Render() (out vecty.ComponentOrHTML) {
	defer func() {
		if r := recover(); r != nil {
			out = elem.Body(elem.Paragraph(vecty.Markup(prop.ID("status")), vecty.Text(fmt.Sprintf("error: internal error while rendering: %v", r))))
		}
	}()
	s := &p.snap
	return elem.Body(
		vecty.Markup(
			event.DragOver(func(*vecty.Event) {}).PreventDefault(),
			event.Drop(p.act("reading the dropped file", p.onDrop)).PreventDefault(),
		),
		p.header(),
		elem.Main(vecty.Markup(vecty.Class("layout")),
			elem.Aside(vecty.Markup(vecty.Class("sidebar")),
				p.dataPanel(s),
				p.problemPanel(s),
			),
			elem.Div(vecty.Markup(vecty.Class("content")),
				p.controls(s),
				p.plotsView(s),
				elem.Div(vecty.Markup(vecty.Class("results")),
					p.ratioTable(s),
					p.dataSummary(s),
				),
				p.shareExport(s),
			),
		),
		p.footer(),
	)
}

func (p *Page) header() *vecty.HTML {
	return elem.Header(vecty.Markup(vecty.Class("top")),
		elem.Div(vecty.Markup(vecty.Class("brand")),
			elem.Heading1(vecty.Text("Importance Minibatch Lab")),
			elem.Paragraph(vecty.Markup(vecty.Class("tagline")),
				vecty.Text("dfSDCA with τ-nice vs. τ-importance sampling, after Csiba & Richtárik, "),
				elem.Emphasis(vecty.Text("Importance Sampling for Minibatches")),
				vecty.Text(" (JMLR 2018). Everything runs in your browser."),
			),
		),
	)
}

func (p *Page) footer() *vecty.HTML {
	return elem.Footer(vecty.Markup(vecty.Class("foot")),
		elem.Paragraph(vecty.Text(
			"Each curve is one dfSDCA run at its theoretical step size θ; the horizontal axis is iterations / n "+
				"(passes through the data divided by τ), the vertical axis the primal gap P(w) − P* with P* from a "+
				"Newton solve to ‖∇P‖ ≤ 1e−12. Theoretical ratio: θ(τ-importance) / θ(τ-nice); empirical ratio: "+
				"iterations τ-nice needed to reach ε over those τ-importance needed.")),
	)
}
