package catalog

import (
	"strings"
	"testing"

	"imlab/core/method"
)

// TestDescriptions requires every method to be described, the paper's
// method to be the default and the only one marked Paper, and a name not
// in Names to read as a primal method's, named by itself.
func TestDescriptions(t *testing.T) {
	papers := 0
	for _, m := range Names {
		d, ok := descriptions[m]
		if !ok || d.Title == "" || d.Summary == "" || (d.StepSymbol != "θ" && d.StepSymbol != "η") {
			t.Errorf("%s: description %+v", m, d)
		}
		if d.Paper {
			papers++
			if m != Default || d.Axis != method.Iterations || !strings.Contains(d.Summary, "Algorithm 1") {
				t.Errorf("%s is the paper's method, but the default is %s (axis %v)", m, Default, d.Axis)
			}
		}
	}
	if papers != 1 || len(descriptions) != len(Names) {
		t.Errorf("%d methods marked Paper, %d descriptions of %d names", papers, len(descriptions), len(Names))
	}
	if d := Describe("newton"); d.Title != "newton" || d.Paper || d.Parallel || d.Axis != method.Passes {
		t.Errorf("Describe(newton) = %+v", d)
	}
}
