//go:build js && wasm

package app

import (
	"fmt"
	"time"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/event"
	"github.com/hexops/vecty/prop"

	"imlab/ui/browser"
	"imlab/ui/lab"
	"imlab/ui/lab/setup"
	"imlab/ui/lab/worker"
	"imlab/ui/schedule"
)

// Page is the whole lab: it owns the form (as typed), renders the latest
// snapshot, and draws the plots.
type Page struct {
	vecty.Core

	ctl     *lab.Controller
	form    setup.Form
	formErr *setup.FieldError
	snap    lab.Snapshot
	exports exportState // what the copy, save and export buttons left: the notice, the PNG width
	shown   pageShown   // what the page's last render and the address bar show

	frames *browser.Frames
	cv     canvases  // the canvases: plots, sizes, from observers, and drawing costs
	hooks  loadHooks // called as the page loads
	cost   frameCost // the time spent in frame(), whole and by part (probe.go)

	live    *Live      // buttons and status: re-rendered alone when a run starts, pauses or ends
	results *Results   // ratio table, data summary, exports
	teach   teachParts // lessons, hidden panels, presenter mode, map, sampling view

	drawn drawnCount // the snapshots the canvases have shown whole (settle)

	rest rest // the page below the run controls, rendered after ready (rest.go)
}

// pageKey is what the whole page's rendering depends on beyond the form.
type pageKey struct {
	data    *worker.DataInfo
	loading bool
}

// pageShown is what the page shows beyond the form: the key of its last
// whole render, and the hash last written to the address bar.
type pageShown struct {
	key  pageKey
	link string
}

// loadHooks are the page's load callbacks, each called once: ready the
// first time data is ready (Run enabled), complete when the whole page has
// rendered after it (rest.go).
type loadHooks struct {
	ready, complete func()
}

// exportState is what the Share and export card's actions leave for later:
// the notice of the last copy or save (noteView), and the width of exported
// PNGs in pixels (0 = pngScale × the plot on screen).
type exportState struct {
	notice  string
	pngWide int
}

func pageKeyOf(s *lab.Snapshot) pageKey {
	return pageKey{data: s.Data, loading: s.Phase == lab.Loading}
}

// New returns the page for ctl with the form showing s, the settings of the
// link the page opened with (see lab.Controller.OpenLink); links pasted
// later are applied the same way. onReady is called once, when the
// first data is ready (Run enabled), onComplete once, when the rest of the
// page has rendered after it.
func New(ctl *lab.Controller, s setup.Settings, onReady, onComplete func()) *Page {
	p := &Page{ctl: ctl, form: setup.FormOf(s), hooks: loadHooks{ready: onReady, complete: onComplete}, shown: pageShown{link: browser.Hash()}}
	p.snap = ctl.Snapshot()
	p.live, p.results = &Live{page: p, status: &StatusLine{}}, &Results{page: p}
	p.live.setProps(&p.snap, p.form)
	p.teach.mapView = newMapView(p)
	p.shown.key = pageKeyOf(&p.snap)
	p.results.setProps(&p.snap)
	p.frames = browser.NewFrames(p.frame)
	p.cv.init(func(id string) {
		if id == "speedup-map" {
			p.teach.mapView.frames.Request()
		}
		p.frames.Request()
	})
	browser.OnHashChange(func(hash string) {
		defer p.recoverTo("opening the link")
		if s, t, err := p.ctl.OpenLink(hash); err == nil {
			p.SetTeaching(t)
			p.form, p.formErr, p.exports.notice = setup.FormOf(s), nil, ""
		}
		p.shown.link = hash
		vecty.Rerender(p)
	})
	browser.OnResize(func() {
		p.cv.plots.invalidate()
		p.frames.Request()
	})
	return p
}

// Changed is the controller's notification: schedule a frame, or let it
// wait for the one due after a rest (see frame).
func (p *Page) Changed() {
	if p.frames != nil {
		p.frames.Notify()
	}
}

// Mount runs after the first render into the document.
func (p *Page) Mount() {
	p.rest.mounted = true
	p.frames.Request()
}

// frame runs in an animation frame after a change: it takes a snapshot and
// re-renders only what changed — the whole page on new data, the results on
// a finished run, the status line at most every schedule.LiveEvery — and redraws the
// canvases whose content changed, at most every schedule.PlotEvery while running,
// one canvas per frame. Deferred work asks for another frame.
func (p *Page) frame() {
	defer p.recoverTo("drawing")
	if !p.rest.mounted {
		return
	}
	t0 := browser.Now()
	defer func() { p.cost.whole.Add(browser.Now() - t0) }()
	defer p.probeFrame(t0)()

	s := p.ctl.Snapshot()
	t1 := browser.Now()
	p.cost.add(0, t1-t0)
	again := false
	if s.RunID != p.snap.RunID {
		p.cv.dropRun()
		// The frame statistics describe the latest run (from its first
		// frame), not the page's drawings at load.
		p.cost.whole, p.cost.parts = worker.SliceStats{}, [4]worker.SliceStats{}
	}
	if s.Version != p.snap.Version {
		important := s.Phase != p.snap.Phase || s.Err != p.snap.Err
		was := p.snap.Phase
		p.probeRun(was, s.Phase)
		p.snap = s
		defer p.moveFocus(was, s.Phase)
		pk := pageKeyOf(&s)
		runChanged := p.results.setProps(&s)
		if important || pk != p.shown.key || runChanged {
			// The link changes with the data, a run's start or end and
			// errors; not with a run's progress, for which it cost a
			// hash of the settings each frame.
			p.syncLink(&s)
		}
		p.rerenderChanged(s.Version, pk, important, runChanged, t0)
	}
	again = p.live.shownVersion != p.snap.Version
	t2 := browser.Now()
	p.cost.add(1, t2-t1)
	if p.rest.rendered == 0 {
		// The canvases come with the rest of the page: nothing to draw
		// before it (rest.go).
		p.renderRest(t2)
		if again {
			p.frames.Request()
		}
	} else {
		p.drawCanvases(t0, t2, again)
	}
	if p.hooks.ready != nil && s.Phase == lab.Ready && s.Data != nil {
		f := p.hooks.ready
		p.hooks.ready = nil
		f()
	}
}

// rerenderChanged re-renders what the snapshot of version v changed, in a
// frame that began at t0: the whole page on new data (its page key pk), the
// results on a change of the run, the status line at most every
// schedule.LiveEvery (at once when important). The article's numbers change
// with the data and the run only, so they are written then, not each frame.
func (p *Page) rerenderChanged(v uint64, pk pageKey, important, runChanged bool, t0 time.Duration) {
	switch {
	case pk != p.shown.key:
		p.shown.key = pk
		p.live.shown(v, t0)
		p.live.setProps(&p.snap, p.form)
		vecty.Rerender(p)
		vecty.Rerender(p.live.status) // were the buttons' render skipped
		p.results.refreshArticle()    // the data's numbers, in place
	default:
		if runChanged {
			if p.rest.rendered == restParts { // else they show when the rest renders
				p.results.rerender()
			}
			p.rerenderPrediction() // teacher.go
		}
		if important || t0-p.live.shownAt >= schedule.LiveEvery {
			// The buttons change with the phase (Live skips its render
			// otherwise); the progress and the status text, re-rendered
			// alone, with every step.
			p.live.shown(v, t0)
			p.live.setProps(&p.snap, p.form)
			vecty.Rerender(p.live)
			vecty.Rerender(p.live.status)
		}
	}
}

// drawCanvases draws in a frame that began at t0 and has spent until t2
// (again: it needs another frame whatever it draws).
func (p *Page) drawCanvases(t0, t2 time.Duration, again bool) {
	running := p.snap.Phase == lab.Running
	p.cv.plots.font = p.fontSize()
	// One canvas per frame: the plots first, the sampling view in a frame
	// where they drew nothing.
	force := !p.cv.plots.valid
	// The drawings' budget counts from the animation frame's start, not
	// this callback's: vecty re-renders what the last frame asked for in
	// a callback of its own before this one (the results at a job's end:
	// 10–30 ms of the page's thread), and then a canvas waits for the
	// next frame rather than add its part to the re-render.
	start := min(t0, p.frames.Began)
	p.cv.frameStart = start
	// A drawing in progress goes on first, and alone (the sampling view's
	// in the teaching part).
	drew, done := false, true
	switch {
	case p.cv.pending == nil:
		drew, done = p.cv.plots.draw(&p.cv, &p.snap, t0, running, t2-start)
	case p.cv.pending.id != "sampling":
		drew, done = true, p.cv.resume()
	}
	t3 := browser.Now()
	p.cost.add(2, t3-t2)
	defer func() { p.cost.add(3, browser.Now()-t3) }()
	if !done {
		again = true
	}
	if drew {
		again = true
		if force {
			p.teach.mapView.frames.Request()
			p.teach.sampling.shown = false
		}
	} else if !p.drawTeaching(&p.snap, t0, force, browser.Now()-start) {
		again = true
	}
	p.renderRest(browser.Now())
	switch {
	case again && running && !drew && p.cv.pending == nil:
		// A frame of a run that drew nothing has nothing to draw before
		// the next of the status line, the curves or the sampling view,
		// each at its own pace (or a drawing waits for a frame with time
		// to spare): the next frame comes after a rest, and the workers'
		// messages until then ask for none. A frame with nothing to draw
		// still took a snapshot of the run, at the display's rate.
		p.frames.RequestAfter(schedule.RestEvery)
	case again:
		p.frames.Request()
	case p.cv.pending == nil && !p.cv.plots.waiting() && p.teach.sampling.drawn && p.rest.complete:
		p.settle()
	}
}

// settle tells tests and measurements, once per snapshot, that the
// canvases show it, drawn whole: window.imlab.drawn counts the snapshots so
// shown, and imlab.drawnPhase is the phase of the last one. A drawing may
// take several frames after the status line changed (a drawing goes in
// parts, one canvas per frame); a test that reads a canvas's pixels waits
// for this rather than for a time.
func (p *Page) settle() {
	d := &p.drawn
	if d.count > 0 && d.version == p.snap.Version {
		return
	}
	d.version = p.snap.Version
	d.count++
	browser.Hook("drawnPhase", p.snap.Phase.String())
	browser.Hook("drawn", d.count)
}

// drawnCount is what settle told: how many snapshots the canvases have
// shown whole, and the version of the last.
type drawnCount struct {
	version uint64
	count   int
}

// syncLink writes the settings of the data and results on screen to the
// address bar, once there are any (a link being opened keeps its text
// until its data is shown).
func (p *Page) syncLink(s *lab.Snapshot) {
	if (s.Data == nil || s.Phase == lab.Loading) && s.Awaited.Name == "" {
		return
	}
	if h := p.hashOf(s.Settings); h != p.shown.link {
		browser.SetHash(h)
		p.shown.link = h
	}
}

// moveFocus keeps the keyboard where the action is: to Pause when a run
// starts (Run is then disabled and the focus would fall to the page body),
// back to Run when it pauses or ends. A focus the user put elsewhere stays.
// Run itself counts as where the action is when a run ends: a run shorter
// than a few frames can end while the disabled Run is still the active
// element, before the browser drops the focus to the body and before the
// move to Pause has landed.
func (p *Page) moveFocus(was, now lab.Phase) {
	running := func(ph lab.Phase) bool { return ph == lab.Optimum || ph == lab.Running }
	if running(was) == running(now) {
		return
	}
	at := browser.FocusedID()
	switch {
	case !running(was) && running(now) && (at == "" || at == "run" || at == "step"):
		browser.Focus("pause")
	case running(was) && !running(now) && (at == "" || at == "pause" || at == "run"):
		browser.Focus("run")
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
	page := []vecty.MarkupOrChild{
		vecty.Markup(
			vecty.MarkupIf(p.teach.t.Present, vecty.Class("present")),
			vecty.Class(p.hideClasses()...),
			event.DragOver(func(*vecty.Event) {}).PreventDefault(),
			event.Drop(p.act("reading the dropped file", p.onDrop)).PreventDefault(),
		),
		p.header(),
		// The run controls come first, so that Run is the first stop of
		// the Tab key; they span the width above the two columns.
		elem.Div(vecty.Markup(vecty.Class("layout"), vecty.Style("grid-template-columns", "minmax(0, 1fr)"),
			vecty.Style("padding-bottom", "0")),
			p.live,
		),
	}
	p.rest.rendered = p.rest.parts
	if p.rest.parts == 0 {
		return elem.Body(page...)
	}
	// In two parts, each appended at the end of its containers (rest.go).
	// The result first: the plots, then the ratio table (beside them on a
	// wide screen, lab.css), then what explains and exports them.
	content := []vecty.MarkupOrChild{vecty.Markup(vecty.Class("content")), p.plotsView(s)}
	if p.rest.parts > 1 {
		content = append(content, p.results, p.samplingView(s), p.results.more(), p.teach.mapView)
	}
	page = append(page,
		elem.Div(vecty.Markup(vecty.Class("teaching")),
			p.teacherPanel(s), // teacher.go
			p.lessonCard(),    // teach.go
		),
		elem.Main(vecty.Markup(vecty.Class("layout")),
			p.settingsPanels(s), // panels.go
			elem.Div(content...),
		),
	)
	if p.rest.parts > 1 {
		page = append(page, p.article(), p.footer())
	}
	return elem.Body(page...)
}

// header is index.html's header (id "header"), which the page shows
// while main.wasm loads: the same markup, kept in one place.
func (p *Page) header() *vecty.HTML {
	if headerHTML == "" {
		if h := browser.Element("header"); h != nil {
			headerHTML = h.InnerHTML()
		}
	}
	return elem.Header(vecty.Markup(prop.ID("header"), vecty.Class("top"), vecty.UnsafeHTML(headerHTML)))
}

// headerHTML is the header's markup, read once from index.html.
var headerHTML string

func (p *Page) footer() *vecty.HTML {
	return elem.Footer(vecty.Markup(vecty.Class("foot"), vecty.UnsafeHTML(footerHTML)))
}

// footerHTML is the footer's markup (static, as headerHTML).
const footerHTML = `<p>Each curve is one dfSDCA run at its theoretical step size θ; the horizontal axis is iterations / n ` +
	`(passes through the data divided by τ), the vertical axis the primal gap P(w) − P* with P* from a ` +
	`Newton solve to ‖∇P‖ ≤ 1e−12. Theoretical ratio: θ(τ-importance) / θ(τ-nice); empirical ratio: ` +
	`iterations τ-nice needed to reach ε over those τ-importance needed.</p>`

// FrameStats reports the time spent in each frame's snapshot, re-render
// request and canvas drawing, from the latest run's first frame (before
// any run, from the page's first).
func (p *Page) FrameStats() worker.SliceStats { return p.cost.whole }

// FrameParts is FrameStats split into the snapshot, the re-rendering, the
// plots and the teaching views (sampling view, speedup map).
func (p *Page) FrameParts() [4]worker.SliceStats { return p.cost.parts }
