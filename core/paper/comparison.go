package paper

import (
	"fmt"
	"math"
	"strings"

	"imlab/core/table"
)

// Comparison says in a sentence how far the cells of the first partition
// rule are from the paper's: how many theoretical ratios are within 10%
// and empirical ones within 25%, and which cells differ by more than a
// quarter. It is the prose of `imlab report`, made from the numbers.
func (r *Result) Comparison() string {
	var nTheory, okTheory, nEmp, okEmp int
	var far []string
	for s, src := range r.Sources {
		for _, row := range r.Cells[s][0].Rows {
			pt, pe, ok := Cell(src.Table.Rows(), src.Name, row.Tau)
			if !ok {
				continue
			}
			nTheory++
			if math.Abs(row.Theory/pt-1) <= theoryTolerance {
				okTheory++
			}
			nEmp++
			if math.Abs(row.Empirical/pe-1) <= empiricalTolerance {
				okEmp++
			}
			if d := row.Empirical/pe - 1; math.Abs(d) > empiricalTolerance || math.Abs(row.Theory/pt-1) > empiricalTolerance {
				far = append(far, fmt.Sprintf("%s τ=%d (ours %s : %s, paper %s : %s)", src.Name, row.Tau,
					table.Sig(row.Theory, 2), table.Sig(row.Empirical, 2), table.Sig(pt, 2), table.Sig(pe, 2)))
			}
		}
	}
	if nTheory == 0 {
		return "The paper has no numbers for these data sets.\n"
	}
	s := fmt.Sprintf("With the %s partition, %d of %d theoretical ratios are within %s of the paper's and %d of %d empirical ratios within %s.",
		r.Rules[0], okTheory, nTheory, percents(theoryTolerance, theoryTolerance), okEmp, nEmp, percents(empiricalTolerance, empiricalTolerance))
	if len(far) > 0 {
		s += " Cells more than " + percents(empiricalTolerance, empiricalTolerance) + " away: " + strings.Join(far, "; ") + "."
	}
	return s + "\n"
}
