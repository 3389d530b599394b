//go:build js && wasm

package app

import (
	"github.com/hexops/vecty"

	"imlab/core/sampling"
	"imlab/ui/chart"
	"imlab/ui/lab"
	"imlab/ui/lab/setup"
)

// importanceField is the form's choice of the τ-importance side's sampling
// (setup.FieldImportance): the paper's, or adaptive τ-importance.
func (f formView) importanceField() *vecty.HTML {
	return f.field(setup.FieldImportance, f.selectInput(setup.FieldImportance, []option{
		{"", sampling.Imp.Label() + " (the paper's)"},
		{string(sampling.AdaptiveImp), sampling.AdaptiveImp.Label() + " (beyond the paper)"},
	}), "adaptive: within each bucket, examples whose residues are still large are drawn more often (dfSDCA and SDCA)")
}

// adaptiveStrip puts an adaptive run's residues (worker.Residues) on the
// sampling view's plot: the band of where the work is, under the buckets,
// and the refreshes in the title. Its probabilities are already the
// adaptive ones, the static ones faint beside them (lab.SamplingView).
func adaptiveStrip(sp *chart.SamplingPlot, v *lab.SamplingView) {
	r := v.Residues
	if r == nil {
		return
	}
	sp.Residues, sp.ResidueScale = r.Abs, r.Scale
	sp.Title += ", " + itoa(r.Refreshes) + " refreshes (faint: τ-importance's static pᵢ)"
}
