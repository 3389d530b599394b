package chart

import (
	"math"
	"strings"
	"testing"
)

func TestResidueShade(t *testing.T) {
	for _, c := range []struct {
		r, scale float64
		want     int
	}{
		{2, 1, residueShades}, {1, 1, residueShades}, {1e-4, 1, residueShades / 2},
		{1e-8, 1, 0}, {1e-12, 1, 0}, {0, 1, 0}, {math.NaN(), 1, 0}, {1, 0, 0},
	} {
		if got := residueShade(c.r, c.scale); got != c.want {
			t.Errorf("residueShade(%g, %g) = %d, want %d", c.r, c.scale, got, c.want)
		}
	}
	if residueColor(residueShades) != "#d55e00" || residueColor(0) != "#ffffff" {
		t.Errorf("shades %s … %s", residueColor(0), residueColor(residueShades))
	}
}

// residueStrokes returns the examples drawn in the residue band by shade.
func residueStrokes(r *recorder) map[int]int {
	out := map[int]int{}
	for k := 1; k <= residueShades; k++ {
		for _, c := range r.find("polyline", func(c call) bool { return c.stroke.Color == residueColor(k) }) {
			out[k] += (len(c.pts) + 1) / 3
		}
	}
	return out
}

// TestResidueBandFades: an adaptive run's plot has a residue band with a
// column per example (at this width), dark where the residues are large;
// as the residues shrink the band fades, and with residues eight decades
// below the first refresh's it is empty. A plot without residues draws no
// band.
func TestResidueBandFades(t *testing.T) {
	sp := samplingFixture([][]int{{0, 1, 2, 6}, {3, 4, 5, 7}})
	var none recorder
	sp.Draw(&none, 640, 400)
	if got := residueStrokes(&none); len(got) != 0 {
		t.Errorf("no residues, band strokes %v", got)
	}
	sp.ResidueScale = 2
	total := func(m map[int]int) (n, darkest int) {
		for k, c := range m {
			n += c
			darkest = max(darkest, k)
		}
		return n, darkest
	}
	lastDark := residueShades + 1
	for _, shrink := range []float64{1, 1e-3, 1e-6, 1e-9} {
		sp.Residues = []float64{2, 1, 0.5, 2, 1e-3, 0.25, 2, 1}
		for i := range sp.Residues {
			sp.Residues[i] *= shrink
		}
		var r recorder
		sp.Draw(&r, 640, 400)
		n, dark := total(residueStrokes(&r))
		switch {
		case shrink == 1 && (n != 8 || dark != residueShades):
			t.Errorf("at the first refresh: %d examples drawn, darkest shade %d; want 8 and %d", n, dark, residueShades)
		case shrink == 1e-9 && n != 0:
			t.Errorf("converged: %d examples still drawn", n)
		case dark >= lastDark && n > 0:
			t.Errorf("shrunk by %g: darkest shade %d, not fainter than %d", shrink, dark, lastDark)
		}
		lastDark = dark
	}
}

// The buckets' caption says what the probabilities follow: the sizes for
// τ-importance, the residues for an adaptive run.
func TestBucketCaptionNamesTheWeights(t *testing.T) {
	caption := func(sp *SamplingPlot) string {
		var r recorder
		sp.Draw(&r, 640, 400)
		for _, c := range r.calls {
			if c.op == "text" && strings.HasPrefix(c.text, "one row per bucket") {
				return c.text
			}
		}
		return ""
	}
	sp := samplingFixture([][]int{{0, 1, 2, 6}, {3, 4, 5, 7}})
	if got := caption(sp); !strings.Contains(got, "nλγ + vᵢ within") {
		t.Errorf("τ-importance: caption %q", got)
	}
	sp.Residues, sp.ResidueScale = []float64{2, 1, 0.5, 2, 1e-3, 0.25, 2, 1}, 2
	if got := caption(sp); !strings.Contains(got, "|κᵢ|") {
		t.Errorf("adaptive: caption %q", got)
	}
}
