package setup

import (
	"os"
	"strings"
	"testing"
)

// Every panel hide= accepts has its rule in the style sheet: the page hides
// a panel by a class of the body (HideClass), with no inline style sheet.
func TestEveryPanelHasAHideRule(t *testing.T) {
	css, err := os.ReadFile("../../../assets/lab.css")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range Panels {
		if rule := "body." + p.HideClass() + " #" + p.ElementID(); !strings.Contains(string(css), rule) {
			t.Errorf("assets/lab.css has no %q: hide=%s would hide nothing", rule, p)
		}
	}
}
