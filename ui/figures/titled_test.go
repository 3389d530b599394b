package figures

import (
	"strings"
	"testing"

	"imlab/ui/chart"
)

func TestDrawTitled(t *testing.T) {
	nice, _ := Convergence("", []int{1}, nil)
	long := "data: " + strings.Repeat("x", 400)
	svg := string(chart.SVG(400, 300, func(p chart.Painter) {
		DrawTitled(p, 400, 300, []string{"τ-nice", long}, nice)
	}))
	if !strings.Contains(svg, "τ-nice") || !strings.Contains(svg, "…") || strings.Contains(svg, strings.Repeat("x", 300)) {
		t.Errorf("title lines missing or not shortened to the width:\n%.600s", svg)
	}
	if TitleHeight(0) != 0 || !(TitleHeight(2) > TitleHeight(1)) {
		t.Errorf("TitleHeight(0, 1, 2) = %v, %v, %v", TitleHeight(0), TitleHeight(1), TitleHeight(2))
	}
}
