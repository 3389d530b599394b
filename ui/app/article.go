//go:build js && wasm

package app

import (
	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/prop"

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
	p       *Page
	quoting bool                 // whether the last render quoted data
	shown   prose.ArticleNumbers // the numbers the page shows
}

// Render implements vecty.Component.
func (a *Article) Render() vecty.ComponentOrHTML {
	if articleHTML == "" {
		if t := browser.Element("article-html"); t != nil {
			articleHTML = t.InnerHTML()
		}
	}
	a.shown = prose.NewArticleNumbers(&a.p.snap)
	a.quoting = a.p.snap.Data != nil
	// A named section is a landmark region, so screen readers list it.
	return elem.Section(vecty.Markup(prop.ID(setup.PanelArticle.ElementID()), vecty.Attribute("aria-label", "Article: the paper explained")),
		// Quoting data, it is laid out whole (lab.css: before, only near the
		// viewport, so that the page's first frames stay light).
		elem.Article(vecty.Markup(prop.ID("article"), vecty.Attribute("aria-labelledby", "article-title"),
			vecty.MarkupIf(a.quoting, vecty.Class("quoting"))),
			elem.Div(vecty.Markup(vecty.UnsafeHTML(a.shown.Fill(articleHTML))))))
}

// SkipRender implements vecty.RenderSkipper: it still quotes data, or
// still does not (refresh writes the numbers).
func (a *Article) SkipRender(prev vecty.Component) bool {
	old, ok := prev.(*Article)
	return ok && old.quoting == (a.p.snap.Data != nil)
}

// refresh writes the live numbers that changed since they were last shown
// into their spans.
func (a *Article) refresh() {
	now := prose.NewArticleNumbers(&a.p.snap)
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

// article is the page's one Article.
func (p *Page) article() *Article {
	if p.results.article == nil {
		p.results.article = &Article{p: p}
	}
	return p.results.article
}

// articleHTML is the article's markup, read once from index.html.
var articleHTML string
