package paper

import (
	"strings"
	"testing"

	"imlab/core/sampling"
)

// TestComparisonFromTheNumbers: the sentence counts the cells within 10%
// (theory) and 25% (empirical) of the paper's and names the one further
// away, with both pairs of numbers.
func TestComparisonFromTheNumbers(t *testing.T) {
	rows := RealTable.Rows()
	th1, em1, ok1 := Cell(rows, "w8a", 1)
	th2, em2, ok2 := Cell(rows, "w8a", 2)
	if !ok1 || !ok2 {
		t.Fatal("the paper's w8a row lacks τ = 1 or 2")
	}
	r := &Result{Sources: []Source{{Name: "w8a", Table: RealTable}}, Rules: []sampling.Rule{sampling.RandomRule},
		Cells: [][]Outcome{{{Seeds: 1, Rows: []Row{
			{Tau: 1, Theory: th1 * 1.05, Empirical: em1 * 0.9},
			{Tau: 2, Theory: th2, Empirical: em2 * 2},
		}}}}}
	got := r.Comparison()
	for _, want := range []string{"With the random partition, 2 of 2 theoretical ratios are within 10% of the paper's and 1 of 2 empirical ratios within 25%.",
		"Cells more than 25% away: w8a τ=2"} {
		if !strings.Contains(got, want) {
			t.Errorf("comparison %q lacks %q", got, want)
		}
	}
	if strings.Contains(got, "w8a τ=1") {
		t.Errorf("comparison names τ = 1, within 10%%: %q", got)
	}
	none := &Result{Sources: []Source{{Name: "mine", Table: RealTable}}, Rules: []sampling.Rule{sampling.RandomRule},
		Cells: [][]Outcome{{{Seeds: 1, Rows: []Row{{Tau: 1, Theory: 2, Empirical: 2}}}}}}
	if got := none.Comparison(); got != "The paper has no numbers for these data sets.\n" {
		t.Errorf("data the paper lacks: %q", got)
	}
}
