package figures

import "imlab/ui/chart"

// Drawer is a plot that draws itself at a given size (chart.LinePlot,
// chart.HistPlot).
type Drawer interface {
	Draw(p chart.Painter, width, height float64)
}

// Title band of an exported figure.
const (
	titleSize = 11  // font size of the title lines, px
	titleLead = 1.4 // line height, in font sizes
	titlePad  = 6   // space above and below the lines, px
)

// TitleHeight is the height of the band that DrawTitled gives n title
// lines, as wrapped.
func TitleHeight(n int) float64 {
	if n == 0 {
		return 0
	}
	return 2*titlePad + float64(n)*titleSize*titleLead
}

// DrawTitled draws plot on a white width × height figure below the title
// lines (the data and settings of an exported plot, say), each wrapped to
// the width at its spaces (a word wider than that is shortened).
func DrawTitled(p chart.Painter, width, height float64, lines []string, plot Drawer) {
	p.Rect(0, 0, width, height, "#ffffff")
	st := chart.TextStyle{Size: titleSize, Color: "#1c2430", Baseline: chart.BaselineTop}
	n := 0
	for k, line := range lines {
		st.Bold = k == 0
		for _, part := range chart.WrapText(line, width-2*titlePad, st.Size) {
			p.Text(titlePad, titlePad+float64(n)*titleSize*titleLead, fitText(part, width-2*titlePad, st.Size), st)
			n++
		}
	}
	band := TitleHeight(n)
	plot.Draw(chart.Shifted(p, 0, band), width, height-band)
}

// fitText shortens s with "…" until it fits in width at the font size.
func fitText(s string, width, size float64) string {
	r := []rune(s)
	for len(r) > 1 && chart.TextWidth(string(r), size) > width {
		r = append(r[:len(r)-2], '…')
	}
	return string(r)
}
