package chart

import (
	"math"
	"strconv"
	"testing"

	"imlab/core/dataset"
)

// extremeHistogram is the paper's "extreme" law at n = 1000: every ‖x_i‖² is
// 1 except one, 1000.
func extremeHistogram() dataset.Histogram {
	v := make([]float64, 1000)
	for i := range v {
		v[i] = 1
	}
	v[0] = 1000
	return dataset.NewHistogram(v, 50)
}

func TestHistPlotBars(t *testing.T) {
	h := dataset.NewHistogram([]float64{0, 0.5, 1, 1, 3, 3, 3, 4}, 4) // bins [0,1) [1,2) [2,3) [3,4]
	hp := &HistPlot{Title: "norms", XLabel: "‖x_i‖²", Hist: h}
	rec := &recorder{}
	hp.Draw(rec, 400, 300)
	f := hp.Frame(400, 300)
	bars := rec.clipped("rect")
	if len(bars) != 3 {
		t.Fatalf("%d bars, want 3 (one per non-empty bin): %v", len(bars), bars)
	}
	edges := h.BinEdges()
	for i, k := range []int{0, 1, 3} { // the empty bin [2,3) has no bar
		b := bars[i].rect
		if math.Abs(b.X-f.X.Pixel(edges[k])) > 1e-9 || math.Abs(b.X+b.W-f.X.Pixel(edges[k+1])) > 1e-9 {
			t.Errorf("bar %d spans pixels %g..%g, want bin %g..%g", i, b.X, b.X+b.W, edges[k], edges[k+1])
		}
		if top := f.Y.Pixel(float64(h.Counts[k])); math.Abs(b.Y-top) > 1e-9 || math.Abs(b.Y+b.H-(f.Area.Y+f.Area.H)) > 1e-9 {
			t.Errorf("bar %d spans y %g..%g, want %g down to the axis", i, b.Y, b.Y+b.H, top)
		}
	}
	// Count labels (right-aligned, left of the area) are whole numbers.
	counts := rec.find("text", func(k call) bool { return k.style.Align == AlignRight && !k.style.Rotate })
	if len(counts) < 3 {
		t.Errorf("only %d count labels", len(counts))
	}
	for _, k := range counts {
		if _, err := strconv.Atoi(k.text); err != nil {
			t.Errorf("count tick label %q is not a whole number", k.text)
		}
	}
}

func TestHistPlotExtremeStaysVisible(t *testing.T) {
	for _, logCount := range []bool{false, true} {
		hp := &HistPlot{Hist: extremeHistogram(), LogCount: logCount}
		rec := &recorder{}
		hp.Draw(rec, 450, 300)
		bars := rec.clipped("rect")
		if len(bars) != 2 {
			t.Fatalf("logCount=%v: %d bars, want 2", logCount, len(bars))
		}
		single := bars[1].rect
		if single.H < minBarHeight {
			t.Errorf("logCount=%v: the one-example bar is %g px tall, want ≥ %d", logCount, single.H, minBarHeight)
		}
		if f := hp.Frame(450, 300); logCount {
			// The log axis starts at 0.5, so a count of 1 is the height of the factor 2.
			if want := f.Y.Pixel(0.5) - f.Y.Pixel(1); math.Abs(single.H-want) > 1e-9 || want < 10 {
				t.Errorf("log counts: bar of 1 is %g px, want %g (≥ 10)", single.H, want)
			}
		}
	}
}

func TestHistPlotDegenerate(t *testing.T) {
	for name, h := range map[string]dataset.Histogram{
		"all equal": dataset.NewHistogram([]float64{2, 2, 2}, 10),
		"empty":     dataset.NewHistogram(nil, 10),
	} {
		for _, logCount := range []bool{false, true} {
			hp := &HistPlot{Hist: h, LogCount: logCount}
			rec := &recorder{}
			hp.Draw(rec, 300, 200)
			bars := rec.clipped("rect")
			want := 0
			if name == "all equal" {
				want = 1
			}
			if len(bars) != want {
				t.Errorf("%s, logCount=%v: %d bars, want %d", name, logCount, len(bars), want)
			}
			for _, b := range bars {
				if !finite(b.rect.X) || !finite(b.rect.W) || b.rect.W <= 0 {
					t.Errorf("%s: bar %+v", name, b.rect)
				}
			}
		}
	}
}
