package lab

import (
	"errors"

	"imlab/core/budget"
	"imlab/core/synth"
)

// Budget is the page's memory budget for one data set and the vectors built
// for it (budget.Page, 1 GiB: see there why it fits a browser tab). Files
// and generated presets are checked against it before anything is
// allocated. The solvers run in the page's one Go heap; were they moved to
// Web Workers, each worker's copy of the data would count against it too.
const Budget = budget.Page

// checkSize checks the preset's size against its budget and returns the
// settings field to blame: n, d, or n·d·density for the non-zeros.
func checkSize(cfg synth.Config) (field string, err error) {
	err = cfg.Check()
	var be *budget.Error
	if !errors.As(err, &be) {
		return "d", err // the one size check left to synth: d ≤ 2³¹−1
	}
	switch be.Quantity {
	case budget.Examples:
		return "n", be
	case budget.Features:
		return "d", be
	}
	return "n·d·density", be
}
