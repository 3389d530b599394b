//go:build js && wasm

package app

import (
	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/prop"

	"imlab/ui/browser"
	"imlab/ui/lab"
)

// article is the text under the lab that explains the paper: the problem,
// dfSDCA, the samplings, the ESO, θ, σ, the plots and tables and the rule
// of thumb, with formulas in MathML (native in browsers: no fonts, scripts
// or fetches). Section and equation numbers follow the arXiv LaTeX source.
// The text is index.html's template "article-html" (arXiv's PDF carries
// hyperref's named destinations, section.N and subsection.N.M, which
// browsers' PDF viewers open at the section).
func (p *Page) article() *vecty.HTML {
	if articleHTML == "" {
		if t := browser.Element("article-html"); t != nil {
			articleHTML = t.InnerHTML()
		}
	}
	// A named section is a landmark region, so screen readers list it.
	return elem.Section(vecty.Markup(prop.ID(lab.PanelArticle.ElementID()), vecty.Attribute("aria-label", "Article: the paper explained")),
		elem.Article(vecty.Markup(prop.ID("article"), vecty.Attribute("aria-labelledby", "article-title")),
			elem.Div(vecty.Markup(vecty.UnsafeHTML(articleHTML)))))
}

// articleHTML is the article's markup, read once from index.html.
var articleHTML string
