package chart

import (
	"encoding/xml"
	"math"
	"strings"
	"testing"
)

func TestSVGIsValidXMLWithOnePathPerSegment(t *testing.T) {
	lp := convergencePlot(
		Series{Label: `a<b & "c"`, Style: 0, X: []float64{0, 1, 2, 3, 4, 5}, Y: []float64{1, 0.1, math.NaN(), 1e-3, 1e-4, 1e-5}},
		Series{Label: "τ = 2", Style: 1, X: []float64{0, 5}, Y: []float64{1, 1e-5}},
		Series{Label: "none", Style: 2, X: []float64{0, 5}, Y: []float64{0, -1}},
	)
	lp.Title = "x < y && z"
	svg := SVG(640, 360, func(p Painter) { lp.Draw(p, 640, 360) })
	if !strings.HasPrefix(string(svg), `<?xml version="1.0"`) {
		t.Errorf("SVG does not start with an XML declaration: %.40q", svg)
	}
	elems, err := parseSVG(svg)
	if err != nil {
		t.Fatalf("SVG does not parse: %v\n%s", err, svg)
	}
	if elems[0].name != "svg" || elems[0].attrs["width"] != "640" || elems[0].attrs["viewBox"] != "0 0 640 360" {
		t.Errorf("root element %+v, want <svg width=640 viewBox=0 0 640 360>", elems[0])
	}
	// Curves are the paths inside the clip group with the series width.
	curves := map[string]int{}
	var texts []string
	for _, e := range elems {
		switch e.name {
		case "path":
			if e.clipped && e.attrs["stroke-width"] == num(seriesWidth) && e.attrs["fill"] == "none" {
				curves[e.attrs["stroke"]]++
			}
		case "text":
			texts = append(texts, e.text)
		}
	}
	for style, want := range []int{2, 1, 0} {
		color, _, _ := Style(style)
		if curves[color] != want {
			t.Errorf("style %d: %d curve paths, want %d", style, curves[color], want)
		}
	}
	joined := strings.Join(texts, "|")
	for _, want := range []string{`a<b & "c"`, "x < y && z", "10⁻⁵"} {
		if !strings.Contains(joined, want) {
			t.Errorf("texts %q lack %q (escaping lost it?)", joined, want)
		}
	}
	if strings.Contains(string(svg), `a<b`) {
		t.Error("raw '<' from a label appears in the SVG source")
	}
}

func TestSVGPainterPrimitives(t *testing.T) {
	svg := SVG(100, 50, func(p Painter) {
		p.Clip(0, 0, 50, 50)
		p.Polyline([]Point{{0, 0}, {10, 5.556}, {-0.001, 3}}, Stroke{Color: "#123456", Width: 2, Dash: []float64{4, 2}})
		p.Polyline([]Point{{1, 1}}, Stroke{Color: "red", Width: 1}) // a single point draws nothing
		p.Rect(1, 2, 3, 4, "#abcdef")
		p.Marker(5, 5, MarkerCircle, 6, "#0072B2")
		p.Marker(5, 5, MarkerNone, 6, "#0072B2")
		p.Text(5, 6, "label", TextStyle{Size: 10, Color: "black", Align: AlignRight, Baseline: BaselineMiddle, Rotate: true, Bold: true})
		// Left open: SVG closes it.
	})
	elems, err := parseSVG(svg)
	if err != nil {
		t.Fatalf("SVG does not parse: %v\n%s", err, svg)
	}
	byName := map[string][]svgElement{}
	for _, e := range elems {
		byName[e.name] = append(byName[e.name], e)
	}
	if n := len(byName["path"]); n != 2 {
		t.Fatalf("%d paths, want 2 (polyline, circle marker)\n%s", n, svg)
	}
	line := byName["path"][0]
	if line.attrs["d"] != "M0 0 L10 5.56 L0 3" || line.attrs["stroke-dasharray"] != "4 2" || line.attrs["stroke"] != "#123456" {
		t.Errorf("polyline path %v", line.attrs)
	}
	if circle := byName["path"][1]; circle.attrs["fill"] != "#0072B2" || !strings.HasSuffix(circle.attrs["d"], "Z") {
		t.Errorf("circle marker %v: want a closed path filled with its colour", circle.attrs)
	}
	text := byName["text"][0]
	if text.attrs["text-anchor"] != "end" || text.attrs["transform"] != "rotate(-90 5 6)" || text.attrs["font-weight"] != "bold" || text.attrs["dy"] != num(BaselineShift(BaselineMiddle, 10)) {
		t.Errorf("text attributes %v", text.attrs)
	}
	if len(byName["clipPath"]) != 1 || len(byName["g"]) != 1 || byName["g"][0].attrs["clip-path"] != "url(#"+byName["clipPath"][0].attrs["id"]+")" {
		t.Errorf("clip group does not reference its clipPath: %v %v", byName["clipPath"], byName["g"])
	}
}

func TestSVGUnclipWithoutClipPanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("Unclip without Clip did not panic")
		}
	}()
	SVG(10, 10, func(p Painter) { p.Unclip() })
}

func TestMarkerGeometry(t *testing.T) {
	for m := MarkerCircle; m < numMarkers; m++ {
		g := MarkerGeometry(m, 50, 50, 8, "#000")
		if len(g.Paths) == 0 {
			t.Errorf("marker %d has no outline", m)
		}
		for _, path := range g.Paths {
			for _, p := range path {
				if math.Hypot(p.X-50, p.Y-50) > 8 {
					t.Errorf("marker %d: point %v far outside its size", m, p)
				}
			}
		}
	}
	if g := MarkerGeometry(MarkerNone, 0, 0, 8, "#000"); len(g.Paths) != 0 {
		t.Error("MarkerNone has an outline")
	}
}

func TestStylesDistinct(t *testing.T) {
	seen := map[string]bool{}
	for i := range NumStyles {
		color, dash, marker := Style(i)
		if seen[color] || seen[markerKey(marker)] || seen[dashKey(dash)] {
			t.Errorf("style %d (%s, %v, %d) repeats a colour, dash or marker of an earlier style", i, color, dash, marker)
		}
		seen[color], seen[markerKey(marker)], seen[dashKey(dash)] = true, true, true
	}
	c0, d0, m0 := Style(0)
	c7, d7, m7 := Style(NumStyles)
	if c0 != c7 || dashKey(d0) != dashKey(d7) || m0 != m7 {
		t.Error("styles do not repeat with period NumStyles")
	}
	if _, d, _ := Style(1); len(d) > 0 {
		d[0] = 99
		if _, again, _ := Style(1); again[0] == 99 {
			t.Error("Style returns a dash slice shared with the palette")
		}
	}
}

func markerKey(m Marker) string { return "m" + FormatNumber(float64(m), 3) }
func dashKey(d []float64) string {
	parts := []string{"d"}
	for _, v := range d {
		parts = append(parts, FormatNumber(v, 3))
	}
	return strings.Join(parts, ",")
}

func TestAppendPath(t *testing.T) {
	got := string(AppendPath([]byte("x"), [][]Point{{{0, 0}, {1.5, -0.001}, {100, 2.345678}}, {{-3.25, 7}}}, true))
	if want := "xM0 0 L1.5 0 L100 2.35 ZM-3.25 7 Z"; got != want {
		t.Errorf("AppendPath = %q, want %q", got, want)
	}
	if got := string(AppendPath(nil, [][]Point{{{10, 20}, {30, 40}}}, false)); got != "M10 20 L30 40" {
		t.Errorf("open path = %q", got)
	}
}

// TestEscapeIsXMLEscapeText checks escape against encoding/xml's EscapeText,
// which it replaces, on text with every kind of character it treats apart.
func TestEscapeIsXMLEscapeText(t *testing.T) {
	for _, s := range []string{
		"", "τ = 4 & σ < θ > 1", `"quoted" 'single'`, "tab\tnew\nline\rcr",
		"ctrl\x00\x01\x1f end", "bad utf-8 \xff\xfe here", "\uFFFD\uFFFE\uFFFF", "\U0001F600 emoji",
		"surrogate-free \uD7FF\uE000", "χ²₁₀₀ data.libsvm.bz2",
	} {
		var want strings.Builder
		if err := xml.EscapeText(&want, []byte(s)); err != nil {
			t.Fatal(err)
		}
		if got := escape(s); got != want.String() {
			t.Errorf("escape(%q) = %q, want %q", s, got, want.String())
		}
	}
}
