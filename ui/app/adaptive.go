//go:build js && wasm

package app

import (
	"github.com/hexops/vecty"

	"imlab/core/sampling"
	"imlab/ui/lab"
)

// importanceField is the form's choice of the τ-importance side's sampling
// (lab.FieldImportance): the paper's, or adaptive τ-importance.
func (p *Page) importanceField() *vecty.HTML {
	return p.field(lab.FieldImportance, p.selectInput(lab.FieldImportance, []option{
		{"", sampling.Imp.Label() + " (the paper's)"},
		{string(sampling.AdaptiveImp), sampling.AdaptiveImp.Label() + " (beyond the paper)"},
	}), "adaptive: within each bucket, examples whose residues are still large are drawn more often (dfSDCA and SDCA)")
}
