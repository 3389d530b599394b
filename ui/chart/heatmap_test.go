package chart

import (
	"math"
	"strings"
	"testing"
)

func testHeatMap() *HeatMap {
	return &HeatMap{
		Title: "speedup", XLabel: "τ", YLabel: "law", Legend: "θ ratio",
		Cols: []string{"1", "2", "4"}, Rows: []string{"a", "b", "c"}, Notes: []string{"σ 1", "", "σ 3"},
		Values:   [][]float64{{1, 2, 4}, {8, math.NaN(), 16}, {32, 64, 128}},
		Breaks:   []int{2},
		Selected: [2]int{1, 2},
	}
}

func TestHeatMapCellsAndCellAtAgree(t *testing.T) {
	hm := testHeatMap()
	var r recorder
	const w, h = 500, 300
	hm.Draw(&r, w, h)
	lo, hi := hm.Range()
	if lo != 1 || hi != 128 {
		t.Fatalf("range %v…%v, want 1…128", lo, hi)
	}
	found := 0
	for row := range hm.Rows {
		for col := range hm.Cols {
			v := hm.Values[row][col]
			want := "#eeeeee"
			if !math.IsNaN(v) {
				want = HeatColor(v, lo, hi)
			}
			// The cell's rectangle has its colour, and its centre maps back to it.
			cells := r.find("rect", func(c call) bool { return c.fill == want && c.rect.W < w/2 })
			if len(cells) == 0 {
				t.Fatalf("no cell of colour %s for (%d, %d)", want, row, col)
			}
			for _, c := range cells {
				x, y := c.rect.X+c.rect.W/2, c.rect.Y+c.rect.H/2
				if gr, gc, ok := hm.CellAt(w, h, x, y); ok && gr == row && gc == col {
					found++
					break
				}
			}
		}
	}
	if found != 9 {
		t.Errorf("%d of 9 cells found back by CellAt", found)
	}
	if _, _, ok := hm.CellAt(w, h, 1, 1); ok {
		t.Error("CellAt(1, 1) is inside a cell")
	}
	if len(r.find("polyline", func(c call) bool { return c.stroke.Width == 2.5 })) != 1 {
		t.Error("the selected cell is not outlined once")
	}
	var texts []string
	for _, c := range r.find("text", nil) {
		texts = append(texts, c.text)
	}
	joined := strings.Join(texts, "|")
	for _, want := range []string{"speedup", "σ 3", "1×", "100×", "θ ratio", "law", "τ"} {
		if !strings.Contains(joined, want) {
			t.Errorf("texts %q lack %q", joined, want)
		}
	}
}

func TestHeatColorIsMonotoneInLightness(t *testing.T) {
	lum := func(c string) float64 {
		var r, g, b int
		for i, p := range []*int{&r, &g, &b} {
			for _, ch := range c[1+2*i : 3+2*i] {
				*p = *p*16 + strings.IndexRune("0123456789abcdef", ch)
			}
		}
		return 0.2126*float64(r) + 0.7152*float64(g) + 0.0722*float64(b)
	}
	prev := -1.0
	for v := 1.0; v <= 1000; v *= 1.3 {
		l := lum(HeatColor(v, 1, 1000))
		if !(l > prev) {
			t.Fatalf("lightness at %v: %v not above %v", v, l, prev)
		}
		prev = l
	}
	if HeatColor(0.1, 1, 10) != HeatColor(1, 1, 10) || HeatColor(100, 1, 10) != HeatColor(10, 1, 10) {
		t.Error("colours are not clamped at the ends")
	}
}

func TestHeatMapDrawsInSVG(t *testing.T) {
	hm := testHeatMap()
	svg := SVG(400, 260, func(p Painter) { hm.Draw(p, 400, 260) })
	if _, err := parseSVG(svg); err != nil {
		t.Fatal(err)
	}
}

func TestHeatMapFontScales(t *testing.T) {
	hm := testHeatMap()
	var small, big recorder
	hm.Draw(&small, 600, 400)
	hm.FontSize = 24
	hm.Draw(&big, 600, 400)
	if a, b := small.find("text", nil)[0].style.Size, big.find("text", nil)[0].style.Size; b < 1.5*a {
		t.Errorf("title size %v at FontSize 24, %v by default", b, a)
	}
}

func TestCellRectMatchesCellAt(t *testing.T) {
	hm := &HeatMap{Cols: []string{"1", "2", "4"}, Rows: []string{"a", "b"}, Values: [][]float64{{1, 2, 3}, {2, 3, 4}}, Selected: [2]int{-1, -1}}
	const w, h = 400, 300
	for row := range 2 {
		for col := range 3 {
			r, ok := hm.CellRect(w, h, row, col)
			if !ok {
				t.Fatalf("cell %d,%d has no rectangle", row, col)
			}
			if gr, gc, ok := hm.CellAt(w, h, r.X+r.W/2, r.Y+r.H/2); !ok || gr != row || gc != col {
				t.Errorf("the centre of cell %d,%d's rectangle %+v is cell %d,%d (%v)", row, col, r, gr, gc, ok)
			}
		}
	}
	if _, ok := hm.CellRect(w, h, 2, 0); ok {
		t.Error("a rectangle for row 2 of 2")
	}
	rec := &recorder{}
	hm.OutlineCell(rec, w, h, 1, 2)
	r, _ := hm.CellRect(w, h, 1, 2)
	lines := rec.find("polyline", nil)
	if len(lines) != 2 || lines[0].stroke.Color == lines[1].stroke.Color {
		t.Fatalf("outline drew %d polylines, want a dark and a light one", len(lines))
	}
	for _, pt := range lines[0].pts {
		if !(Rect{r.X - 0.01, r.Y - 0.01, r.W + 0.02, r.H + 0.02}).Contains(pt) {
			t.Errorf("outline point %v outside the cell %+v", pt, r)
		}
	}
	rec = &recorder{}
	hm.OutlineCell(rec, w, h, 5, 0)
	if len(rec.calls) != 0 {
		t.Error("outlined a cell that is not there")
	}
}
