//go:build js && wasm

package app

import (
	"time"

	"imlab/ui/browser"
	"imlab/ui/chart"
	"imlab/ui/lab"
	"imlab/ui/lab/worker"
	"imlab/ui/schedule"
)

// plotState remembers what each canvas shows, so a frame redraws a canvas
// only when its content or size changed, and at most one canvas per frame.
type plotState struct {
	curves lab.PlotKey
	data   *worker.DataInfo
	size   map[string]schedule.Box // the size each canvas was last seen at
	valid  bool
	at     time.Duration // when the curves were last drawn
	font   float64       // plot text size in pixels (larger in presenter mode)
	waited int           // frames the next drawing waited for the budget

	// due holds the canvases whose new content is not drawn yet, by id;
	// one is drawn per frame, so that no frame draws them all.
	due map[string]canvasUpdate
	// drawn is what each convergence plot shows, so that new trace points
	// are drawn over it (chart.LinePlot.DrawNew) instead of all again.
	drawn map[string]*chart.Drawn
}

// canvasUpdate is a canvas's pending drawing: update draws over the canvas
// if it can (nil: it cannot), draw draws it whole.
type canvasUpdate struct {
	update func(p chart.Painter, w, h float64) bool
	draw   func(p chart.Painter, w, h float64)
}

// plotIDs are the canvases plotState draws, in the order it draws them.
var plotIDs = [...]string{"plot-nice", "plot-imp", "histogram"}

func (ps *plotState) invalidate() { ps.valid = false }

// waiting reports whether a canvas on the page has a drawing due that is
// not drawn yet (one whose size is not known yet, say).
func (ps *plotState) waiting() bool {
	for id := range ps.due {
		if browser.Canvas(id) != nil {
			return true
		}
	}
	return false
}

// draw notes which canvases' content changed since the last frame — while a
// run advances, the curves at most every schedule.PlotEvery, or less often if their
// drawings cost more (schedule.RedrawEvery) — and draws one of them,
// at the size cv's observer reported, if it fits in the frame's budget
// after spent (schedule.DrawNow). It reports whether it drew, and false for done if
// a canvas is left for a later frame. While a run advances, a canvas off
// screen is left until it comes on screen or the run ends (cv reports
// either, or the snapshot changes): that needs no frame.
func (ps *plotState) draw(cv *canvases, s *lab.Snapshot, now time.Duration, running bool, spent time.Duration) (drew, done bool) {
	if ps.size == nil {
		ps.size = map[string]schedule.Box{}
		ps.due = map[string]canvasUpdate{}
		ps.drawn = map[string]*chart.Drawn{}
	}
	var size [len(plotIDs)]schedule.Box
	for k, id := range plotIDs {
		size[k] = cv.size(id)
	}
	key := s.Key()
	resized := size[0] != ps.size["plot-nice"] || size[1] != ps.size["plot-imp"]
	stale := !ps.valid || resized
	every := schedule.RedrawEvery(schedule.PlotEvery, cv.costs.Estimate("plot-nice")+cv.costs.Estimate("plot-imp"))
	redraw, deferred := schedule.CurvesDue(ps.curves, key, stale, running, now-ps.at, every)
	if redraw {
		nice, imp := lab.Plots(s)
		for id, lp := range map[string]*chart.LinePlot{"plot-nice": nice, "plot-imp": imp} {
			ps.due[id] = ps.curvesUpdate(id, lp, len(s.Jobs) == 0, stale || key.Version != ps.curves.Version)
		}
		ps.curves, ps.at = key, now
	}
	if !ps.valid || s.Data != ps.data || size[2] != ps.size["histogram"] {
		if hp := lab.Histogram(s); hp != nil {
			hp.FontSize = ps.font
			ps.due["histogram"] = canvasUpdate{draw: func(p chart.Painter, w, h float64) { hp.Draw(p, w, h) }}
		}
		ps.data = s.Data
	}
	for k, id := range plotIDs {
		ps.size[id] = size[k]
	}
	ps.valid = true
	left := false
	for _, id := range plotIDs {
		u, ok := ps.due[id]
		if !ok {
			continue
		}
		b, ok := cv.ready(id, running)
		if !ok {
			continue
		}
		if drew || !schedule.DrawNow(spent, cv.costs.Estimate(id), ps.waited) {
			left = true
			break
		}
		delete(ps.due, id)
		left = !cv.paint(id, b, u.update, u.draw) // goes on in the next frames
		drew = true
	}
	if left && !drew {
		ps.waited++
	} else if drew {
		ps.waited = 0
	}
	return drew, !deferred && !left
}

// curvesUpdate is the drawing of convergence plot lp on canvas id: over
// what it shows if only its traces grew (unless whole), else all of it;
// before a run (empty), a placeholder saying what will appear.
func (ps *plotState) curvesUpdate(id string, lp *chart.LinePlot, empty, whole bool) canvasUpdate {
	lp.FontSize = ps.font
	u := canvasUpdate{draw: func(p chart.Painter, w, h float64) {
		if empty {
			ps.drawn[id] = nil
			chart.Placeholder{Title: lp.Title, FontSize: ps.font,
				Note: "Press Run: one curve per τ appears here, the primal gap " + lp.YLabel + " against " + lp.XLabel + "."}.Draw(p, w, h)
			return
		}
		ps.drawn[id] = lp.DrawTracked(p, w, h)
	}}
	if d := ps.drawn[id]; d != nil && !whole && !empty {
		u.update = func(p chart.Painter, w, h float64) bool {
			dw, dh := d.Size()
			return dw == w && dh == h && lp.DrawNew(p, d)
		}
	}
	return u
}
