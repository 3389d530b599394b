package figures

import (
	"strings"
	"testing"

	"imlab/core/sampling"
	"imlab/ui/chart"
)

func TestDrawTitled(t *testing.T) {
	nice, _ := Convergence("", []int{1}, sampling.Imp, nil)
	long := "data: " + strings.Repeat("x", 400)
	svg := string(chart.SVG(400, 300, func(p chart.Painter) {
		DrawTitled(p, 400, 300, []string{"τ-nice", long}, nice)
	}))
	if !strings.Contains(svg, "τ-nice") || !strings.Contains(svg, "…") || strings.Contains(svg, strings.Repeat("x", 300)) {
		t.Errorf("title lines missing or not shortened to the width:\n%.600s", svg)
	}
	settings := "loss=logistic, lambda=0.0003993, eps=1e-10, maxpasses=1000, taus=1,2,4,8,16,32, partition=random, seed=1"
	var texts []string
	rec := chart.SVG(300, 300, func(p chart.Painter) {
		DrawTitled(textRecorder{p, &texts}, 300, 300, []string{"τ-nice", settings}, nice)
	})
	if len(rec) == 0 || len(texts) < 3 || texts[0] != "τ-nice" {
		t.Fatalf("title lines %q", texts)
	}
	var wrapped []string
	for _, line := range texts[1:] {
		if strings.Contains(line, "…") || chart.TextWidth(line, titleSize) > 300-2*titlePad {
			t.Errorf("settings line %q cut or wider than the figure", line)
		}
		wrapped = append(wrapped, line)
		if strings.HasSuffix(line, "seed=1") {
			break
		}
	}
	if got := strings.Join(wrapped, " "); got != settings {
		t.Errorf("the settings line wraps as %q, reading %q", wrapped, got)
	}
	if TitleHeight(0) != 0 || !(TitleHeight(2) > TitleHeight(1)) {
		t.Errorf("TitleHeight(0, 1, 2) = %v, %v, %v", TitleHeight(0), TitleHeight(1), TitleHeight(2))
	}
}

// textRecorder is a painter that notes the texts drawn through it.
type textRecorder struct {
	chart.Painter
	texts *[]string
}

func (r textRecorder) Text(x, y float64, s string, st chart.TextStyle) {
	*r.texts = append(*r.texts, s)
	r.Painter.Text(x, y, s, st)
}
