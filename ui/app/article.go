//go:build js && wasm

package app

import (
	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/prop"
	"imlab/ui/lab"

	"imlab/ui/browser"
	"imlab/ui/lab/setup"

	"imlab/ui/lab/prose"
)

// Article is the text under the lab that explains the paper: the problem,
// dfSDCA, the ESO and θ, σ, τ-nice, buckets, τ-importance, adaptive
// sampling, when it does not pay, the plots and tables and the rule of
// thumb, with formulas in MathML (native in browsers: no fonts, scripts
// or fetches). Section and equation numbers follow the arXiv LaTeX source.
// The text is index.html's template "article-html" (arXiv's PDF carries
// hyperref's named destinations, section.N and subsection.N.M, which
// browsers' PDF viewers open at the section). Its numbers are the run's
// on screen (prose.ArticleNumbers fills its placeholders). It renders
// again only when it starts or stops quoting data; a number that changes
// is written into its span in place (refresh): replacing the whole markup
// laid out its MathML again, which cost the page's frames during a run.
type Article struct {
	vecty.Core
	Quoting bool                 `vecty:"prop"` // there is data, whose numbers it quotes
	Numbers prose.ArticleNumbers `vecty:"prop"` // the numbers of the page's data and run

	shown prose.ArticleNumbers // the numbers its text shows
}

// setProps sets a's props to what s shows.
func (a *Article) setProps(s *lab.Snapshot) {
	a.Quoting, a.Numbers = s.Data != nil, prose.NewArticleNumbers(s)
}

// Render implements vecty.Component.
func (a *Article) Render() vecty.ComponentOrHTML {
	if articleHTML == "" {
		if t := browser.Element("article-html"); t != nil {
			articleHTML = t.InnerHTML()
		}
	}
	a.shown = a.Numbers
	// A named section is a landmark region, so screen readers list it.
	return elem.Section(vecty.Markup(prop.ID(setup.PanelArticle.ElementID()), vecty.Attribute("aria-label", "Article: the paper explained")),
		// Quoting data, it is laid out whole (lab.css: before, only near the
		// viewport, so that the page's first frames stay light).
		elem.Article(vecty.Markup(prop.ID("article"), vecty.Attribute("aria-labelledby", "article-title"),
			vecty.MarkupIf(a.Quoting, vecty.Class("quoting"))),
			elem.Div(vecty.Markup(vecty.UnsafeHTML(a.shown.Fill(articleHTML))))))
}

// SkipRender implements vecty.RenderSkipper: it still quotes data, or
// still does not (refresh writes the numbers).
func (a *Article) SkipRender(prev vecty.Component) bool {
	old, ok := prev.(*Article)
	return ok && old.Quoting == a.Quoting
}

// refresh writes the live numbers that changed since they were last shown
// into their spans.
func (a *Article) refresh() {
	now := a.Numbers
	if now == a.shown {
		return
	}
	el := browser.Element("article")
	if el == nil {
		return
	}
	now.Changed(a.shown, func(k prose.Live, text string) {
		browser.SetTextAll(el, `[data-live="`+string(k)+`"]`, text)
	})
	a.shown = now
}

// article is the page's one Article, with its props set from the page's
// snapshot.
func (p *Page) article() *Article {
	a := p.results.article
	if a == nil {
		a = &Article{}
		p.results.article = a
	}
	a.setProps(&p.snap)
	return a
}

// articleHTML is the article's markup, read once from index.html.
var articleHTML string
