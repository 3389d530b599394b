package main

import "imlab/core/paper"

// The paper's published ratios θ_imp/θ_nice (theoretical : empirical), from
// core/paper, to print beside ours.
type published = paper.Published

var (
	paperTaus   = paper.Taus
	paperSparse = paper.Sparse
	paperDense  = paper.Dense
	paperReal   = paper.Real
)

// paperCell returns the paper's theoretical and empirical ratio for a data
// set at τ, if the paper reports one.
func paperCell(table map[string]published, name string, tau int) (theory, empirical float64, ok bool) {
	return paper.Cell(table, name, tau)
}
