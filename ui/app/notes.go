//go:build js && wasm

package app

import (
	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/prop"

	"imlab/ui/lab"

	"imlab/ui/lab/prose"
)

// Margin notes: a sentence beside a figure that says what explains it,
// with links into the article's parts (index.html's ids), in the way of
// distill's asides, so that the explanation starts next to what it
// explains and goes on in the article.

// noteLink is a link of a margin note: the article part's id and its name.
type noteLink struct{ id, name string }

// marginNote is a note of text, then its links into the article.
func marginNote(text string, links ...noteLink) *vecty.HTML {
	items := vecty.List{vecty.Text(text + " ")}
	for k, l := range links {
		if k > 0 {
			items = append(items, vecty.Text(" · "))
		}
		items = append(items, elem.Anchor(vecty.Markup(prop.Href("#"+l.id)), vecty.Text(l.name)))
	}
	return elem.Paragraph(vecty.Markup(vecty.Class("margin-note")), items)
}

// ratiosNote is the ratio table's note: why θ τ-imp exceeds θ τ-nice.
func ratiosNote(s *lab.Snapshot) *vecty.HTML {
	sigma := prose.NewArticleNumbers(s).Text(prose.LiveSigma)
	return marginNote("Why the steps θ differ: each θ is set by its sampling's ESO, and τ-importance pays for bucket averages of vᵢ, "+
		"not their maximum (σ = "+sigma+" here).",
		noteLink{"article-eso", "The ESO"}, noteLink{"article-buckets", "why buckets"},
		noteLink{"article-imp", "τ-importance"}, noteLink{"article-nopay", "when it does not pay"})
}

// plotsNote is the convergence plots' note: what the axes are.
func plotsNote() *vecty.HTML {
	return marginNote("Each curve is one run at its theoretical step θ; the x axis models time with τ updates in parallel.",
		noteLink{"article-plots", "Reading the plots"}, noteLink{"article-dfsdca", "dfSDCA"})
}
