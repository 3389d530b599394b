//go:build js && wasm

package app

import (
	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"

	"imlab/ui/lab"
)

// The parts of the page that frame re-renders alone, each a vecty
// component: the run controls and status line (Live, StatusLine), the
// ratio table (Results), and the data summary and exports (DataCard and
// ShareCard, which skip their re-rendering unless what they show changed).

// Live renders the run controls and the status line.
type Live struct {
	vecty.Core
	p *Page
}

// Render implements vecty.Component.
func (l *Live) Render() vecty.ComponentOrHTML { return l.p.controls(&l.p.snap) }

// StatusLine renders the progress bar and the status text (statusLine).
type StatusLine struct {
	vecty.Core
	p *Page
}

// Render implements vecty.Component.
func (l *StatusLine) Render() vecty.ComponentOrHTML { return l.p.statusLine(&l.p.snap) }

// Results renders the ratio table, the run's result in numbers, next to
// the convergence plots. It is re-rendered alone when a job of the run
// ends, with the exports (ShareCard), which skip their re-rendering unless
// what they show changed (their SkipRender), so that a job's end touches
// the ratio table only.
type Results struct {
	vecty.Core
	p *Page

	data    *DataCard
	share   *ShareCard
	article *Article // the article quotes the run's numbers (article.go)
}

// Render implements vecty.Component.
func (r *Results) Render() vecty.ComponentOrHTML { return r.p.ratioTable(&r.p.snap) }

// more is the data summary and the exports, further down the page than
// the ratio table.
func (r *Results) more() *vecty.HTML {
	if r.data == nil {
		r.data, r.share = &DataCard{p: r.p}, &ShareCard{p: r.p}
	}
	return elem.Div(vecty.Markup(vecty.Class("results")), r.data, r.share)
}

// rerender re-renders the ratio table and the exports: a job ended, or
// the run changed.
func (r *Results) rerender() {
	vecty.Rerender(r)
	if r.share != nil {
		vecty.Rerender(r.share)
	}
	if r.article != nil {
		vecty.Rerender(r.article)
	}
}

// DataCard renders the data summary (dataSummary), which depends on the
// data only.
type DataCard struct {
	vecty.Core
	p     *Page
	shown *lab.DataInfo
}

// Render implements vecty.Component.
func (d *DataCard) Render() vecty.ComponentOrHTML {
	d.shown = d.p.snap.Data
	return d.p.dataSummary(&d.p.snap)
}

// SkipRender implements vecty.RenderSkipper: the data did not change.
func (d *DataCard) SkipRender(prev vecty.Component) bool {
	old, ok := prev.(*DataCard)
	return ok && old.shown == d.p.snap.Data && d.p.snap.Data != nil
}

// ShareCard renders the link and export buttons (shareExport), which depend
// on whether there are results to export, on the PNG width chosen and on
// the notice of the last copy or save.
type ShareCard struct {
	vecty.Core
	p     *Page
	shown shareKey
}

type shareKey struct {
	have   bool
	wide   int
	notice string
}

func (c *ShareCard) key() shareKey { return shareKey{len(c.p.snap.Jobs) > 0, c.p.pngWide, c.p.notice} }

// Render implements vecty.Component.
func (c *ShareCard) Render() vecty.ComponentOrHTML {
	c.shown = c.key()
	return c.p.shareExport(&c.p.snap)
}

// SkipRender implements vecty.RenderSkipper: nothing it shows changed.
func (c *ShareCard) SkipRender(prev vecty.Component) bool {
	old, ok := prev.(*ShareCard)
	return ok && old.shown == c.key()
}
