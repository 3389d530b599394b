//go:build js && wasm

package app

import (
	"errors"
	"time"

	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"

	"imlab/ui/lab"
	"imlab/ui/lab/setup"
	"imlab/ui/lab/worker"
)

// The parts of the page that frame re-renders alone, each a vecty
// component: the run controls and status line (Live, StatusLine), the
// ratio table (Results), and the data summary and exports (DataCard and
// ShareCard, which skip their re-rendering unless what they show changed).

// Live renders the run controls and the status line from its props: the
// phase, which enables the buttons, and whether the form has edits not yet
// run. It skips its re-rendering while they stay the same (a re-render of
// the buttons binds their handlers anew, which cost as much of the page's
// thread as all its drawing). The status line is a component of its own,
// re-rendered alone while a run advances.
type Live struct {
	vecty.Core
	Phase lab.Phase `vecty:"prop"`
	Stale bool      `vecty:"prop"` // the form has edits not yet run

	status *StatusLine // progress and status text
	page   *Page       // the buttons' actions

	// The snapshot the status line shows, and when it was rendered: frame
	// re-renders it at most every schedule.LiveEvery while a run advances.
	shownVersion uint64
	shownAt      time.Duration
}

// setProps sets l's props, and its status line's, to what s shows with
// the form f as typed.
func (l *Live) setProps(s *lab.Snapshot, f setup.Form) {
	typed, err := f.Settings()
	l.Phase, l.Stale = s.Phase, err == nil && s.Data != nil && lab.Edited(s.Settings, typed)
	l.status.setProps(s)
}

// shown notes that the status line shows the snapshot of version v,
// rendered in the frame at t.
func (l *Live) shown(v uint64, t time.Duration) { l.shownVersion, l.shownAt = v, t }

// Render implements vecty.Component.
func (l *Live) Render() vecty.ComponentOrHTML { return l.page.controls(l.Phase, l.Stale, l.status) }

// SkipRender implements vecty.RenderSkipper: none of its props changed.
func (l *Live) SkipRender(prev vecty.Component) bool {
	old, ok := prev.(*Live)
	return ok && old.Phase == l.Phase && old.Stale == l.Stale
}

// StatusLine renders the progress bar and the status text (statusLine)
// from its props, and skips its re-rendering while they stay the same.
type StatusLine struct {
	vecty.Core
	Progress float64 `vecty:"prop"`
	Text     string  `vecty:"prop"` // the status (Snapshot.Status)
	Failed   bool    `vecty:"prop"` // the text is an error
	Details  string  `vecty:"prop"` // every failed run's own message, or ""
}

// setProps sets l's props to what s shows.
func (l *StatusLine) setProps(s *lab.Snapshot) {
	l.Progress, l.Text, l.Failed, l.Details = s.Progress, s.Status(), s.Err != nil, ""
	if rf, ok := errors.AsType[*lab.RunsFailed](s.Err); ok {
		l.Details = rf.Details()
	}
}

// Render implements vecty.Component.
func (l *StatusLine) Render() vecty.ComponentOrHTML { return statusLine(l) }

// SkipRender implements vecty.RenderSkipper: none of its props changed.
func (l *StatusLine) SkipRender(prev vecty.Component) bool {
	old, ok := prev.(*StatusLine)
	return ok && old.Progress == l.Progress && old.Text == l.Text && old.Failed == l.Failed && old.Details == l.Details
}

// Results renders the ratio table, the run's result in numbers, next to
// the convergence plots. It is re-rendered alone when a job of the run
// ends, with the exports (ShareCard), which skip their re-rendering unless
// what they show changed (their SkipRender), so that a job's end touches
// the ratio table only.
type Results struct {
	vecty.Core
	Run  runSummary    `vecty:"prop"` // what the results show of the run
	Snap *lab.Snapshot `vecty:"prop"` // the snapshot they show (the page's latest, a copy)

	page *Page // the exports' actions

	share   *ShareCard
	article *Article // the article quotes the run's numbers (article.go)
}

// Render implements vecty.Component.
func (r *Results) Render() vecty.ComponentOrHTML { return ratioTable(r.Snap) }

// runSummary is what the results show of a run: its data, its jobs and
// how many of them reached the target, and whether it is done.
type runSummary struct {
	data    *worker.DataInfo
	runID   uint64
	jobs    int
	reached int
	done    bool
}

// setProps sets r's props to what s shows, and reports whether the run
// changed (then frame re-renders the results).
func (r *Results) setProps(s *lab.Snapshot) (changed bool) {
	snap := *s
	r.Snap = &snap
	run := runSummary{data: s.Data, runID: s.RunID, jobs: len(s.Jobs), done: s.Phase == lab.Done}
	for _, j := range s.Jobs {
		if j.Done {
			run.reached++
		}
	}
	changed, r.Run = run != r.Run, run
	return changed
}

// more is the data summary and the exports, further down the page than
// the ratio table: each takes what it shows as props, set here.
func (r *Results) more() *vecty.HTML {
	if r.share == nil {
		r.share = &ShareCard{page: r.page}
	}
	r.share.setProps(r.Snap, r.page.exports.pngWide, r.page.exports.notice)
	return elem.Div(vecty.Markup(vecty.Class("results")), &DataCard{Data: r.Snap.Data}, r.share)
}

// rerender re-renders the ratio table and the exports: a job ended, or
// the run changed.
func (r *Results) rerender() {
	vecty.Rerender(r)
	if r.share != nil {
		r.share.setProps(r.Snap, r.page.exports.pngWide, r.page.exports.notice)
		vecty.Rerender(r.share)
	}
	if r.article != nil {
		vecty.Rerender(r.article)
	}
	r.refreshArticle()
}

// refreshArticle writes the article's live numbers that changed into it:
// they change with the data and the run only, so they are computed then,
// not in every frame.
func (r *Results) refreshArticle() {
	if r.article != nil {
		r.article.setProps(r.Snap)
		r.article.refresh()
	}
}

// DataCard renders the data summary (dataSummary) of its Data, and skips
// its re-rendering while Data stays the same.
type DataCard struct {
	vecty.Core
	Data *worker.DataInfo `vecty:"prop"`
}

// Render implements vecty.Component.
func (d *DataCard) Render() vecty.ComponentOrHTML { return dataSummary(d.Data) }

// SkipRender implements vecty.RenderSkipper: the data did not change.
func (d *DataCard) SkipRender(prev vecty.Component) bool {
	old, ok := prev.(*DataCard)
	return ok && old.Data == d.Data && d.Data != nil
}

// ShareCard renders the link and export buttons (shareExport), which depend
// on whether there are results to export, on the PNG width chosen and on
// the notice of the last copy or save: its props. It skips its
// re-rendering unless one of them changed.
type ShareCard struct {
	vecty.Core
	Have   bool   `vecty:"prop"` // there are results to export
	Wide   int    `vecty:"prop"` // the PNG width chosen (Page.pngWide)
	Notice string `vecty:"prop"` // the notice of the last copy or save (noteView)

	page *Page // the buttons' actions
}

// setProps sets c's props to what s, the PNG width wide and notice show.
func (c *ShareCard) setProps(s *lab.Snapshot, wide int, notice string) {
	c.Have, c.Wide, c.Notice = len(s.Jobs) > 0, wide, notice
}

// Render implements vecty.Component.
func (c *ShareCard) Render() vecty.ComponentOrHTML { return c.page.shareExport(&c.page.snap) }

// SkipRender implements vecty.RenderSkipper: none of its props changed.
func (c *ShareCard) SkipRender(prev vecty.Component) bool {
	old, ok := prev.(*ShareCard)
	return ok && old.Have == c.Have && old.Wide == c.Wide && old.Notice == c.Notice
}
