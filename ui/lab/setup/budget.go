package setup

import (
	"errors"
	"fmt"

	"imlab/core/budget"
)

// Budget is the page's memory budget for one data set and the vectors built
// for it (budget.Page, 1 GiB: see there why it fits a browser tab). Files
// and generated presets are checked against it before anything is
// allocated. The solvers run in the page's one Go heap; were they moved to
// Web Workers, each worker's copy of the data would count against it too.
const Budget = budget.Page

// checkSize checks the preset's size against its budget; the error names
// the field to blame: n, d, or all three of n, d and density for the
// non-zeros.
func (s Settings) checkSize() error {
	err := s.Synth().Check()
	if err == nil {
		return nil
	}
	var be *budget.Error
	if !errors.As(err, &be) {
		return FieldErrorf(FieldD, "%v", err) // the one size check left to synth: d ≤ 2³¹−1
	}
	switch be.Quantity {
	case budget.Examples:
		return FieldErrorf(FieldN, "%v", be)
	case budget.Features:
		return FieldErrorf(FieldD, "%v", be)
	}
	return &FieldError{Field: FieldN, Err: fmt.Errorf("%w: %s × %s × %s: %v",
		ErrSettings, Label(FieldN), Label(FieldD), Label(FieldDensity), be)}
}
