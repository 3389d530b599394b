//go:build js && wasm

package app

import (
	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/prop"

	"imlab/core/table"
	"imlab/ui/lab"
	"imlab/ui/lab/worker"

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

// samplingNote is the sampling view's note: why the buckets make
// τ-importance safe.
func samplingNote() *vecty.HTML {
	return marginNote("One example from each bucket: within a bucket, τ-importance draws in proportion to vᵢ + nλγ, "+
		"so the step pays for bucket averages of vᵢ rather than their maximum; adaptive τ-importance follows the residues instead.",
		noteLink{"article-buckets", "Why buckets"}, noteLink{"article-imp", "τ-importance"}, noteLink{"article-adaptive", "adaptive"})
}

// dataNote is the Data card's note: what σ predicts (d nil: no data yet).
func dataNote(d *worker.DataInfo) *vecty.HTML {
	text := "σ, the largest ‖xᵢ‖² over their mean, bounds what importance sampling can gain at τ = 1."
	if d != nil {
		text = "σ = " + table.Sig(d.Stats.Sigma, 3) + ", the largest ‖xᵢ‖² over their mean, bounds what importance sampling can gain at τ = 1; " +
			"the paper's λ keeps the gain below it."
	}
	return marginNote(text, noteLink{"article-serial", "σ and serial sampling"}, noteLink{"article-thumb", "the rule of thumb"})
}

// mapNote is the speedup map's note: where the gain goes.
func mapNote() *vecty.HTML {
	return marginNote("Each row is one law of the norms: mild laws (nearly equal norms) stay near 1, heavy tails gain most. "+
		"Along a row τ changes both samplings' ESO: the denser the data, the faster τ-nice's vᵢ grow with τ.",
		noteLink{"article-nopay", "When it does not pay"}, noteLink{"article-plots", "the paper's tables"})
}
