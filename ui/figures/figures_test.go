package figures

import (
	"math"
	"testing"

	"imlab/core/dataset"
	"imlab/core/method"
	"imlab/core/sampling"
)

func trace(rate float64) []method.Point {
	var tr []method.Point
	for x := 0.0; x <= 10; x += 0.5 {
		tr = append(tr, method.Point{Passes: x, Gap: math.Exp(-rate * x)})
	}
	return tr
}

func passes(p method.Point) float64 { return p.Passes }

func TestConvergenceSplitsAndSharesAxes(t *testing.T) {
	taus := []int{1, 4, 16}
	curves := []Curve{
		{Tau: 1, Sampling: "nice", Trace: trace(1), X: passes},
		{Tau: 16, Sampling: "nice", Trace: trace(0.5), X: passes},
		{Tau: 16, Sampling: "imp", Trace: trace(3), X: passes},
		{Tau: 4, Sampling: "uniform", Trace: trace(2), X: passes}, // not part of the paper's figure
	}
	nice, imp := Convergence("w8a", taus, sampling.Imp, curves)
	if len(nice.Series) != 2 || len(imp.Series) != 1 {
		t.Fatalf("%d nice and %d imp curves, want 2 and 1", len(nice.Series), len(imp.Series))
	}
	if nice.Title != "w8a, τ-nice" || imp.Title != "w8a, τ-importance" || !nice.LogY {
		t.Errorf("titles %q, %q; logY %v", nice.Title, imp.Title, nice.LogY)
	}
	// Adaptive τ-importance's runs go where τ-importance's would, named.
	adaptive := append(curves[:2:2], Curve{Tau: 4, Sampling: sampling.AdaptiveImp, Trace: trace(3), X: passes})
	if _, ad := Convergence("w8a", taus, sampling.AdaptiveImp, adaptive); len(ad.Series) != 1 || ad.Title != "w8a, adaptive τ-importance" {
		t.Errorf("adaptive: %d curves titled %q", len(ad.Series), ad.Title)
	}
	// τ = 16 has the same style on both plots: its index in taus.
	if nice.Series[1].Style != 2 || imp.Series[0].Style != 2 || nice.Series[0].Style != 0 {
		t.Errorf("styles %d, %d, %d; want 0, 2, 2", nice.Series[0].Style, nice.Series[1].Style, imp.Series[0].Style)
	}
	a0, a1, a2, a3 := nice.Ranges()
	b0, b1, b2, b3 := imp.Ranges()
	if a0 != b0 || a1 != b1 || a2 != b2 || a3 != b3 {
		t.Errorf("ranges differ: nice %v %v %v %v, imp %v %v %v %v", a0, a1, a2, a3, b0, b1, b2, b3)
	}
	if !(a2 <= math.Exp(-30)) {
		t.Errorf("shared y range starts at %v, above the imp curve's minimum %v", a2, math.Exp(-30))
	}
}

func TestHistogramIsLogCount(t *testing.T) {
	h := Histogram("extreme", dataset.NewHistogram([]float64{1, 1, 1, 1000}, 10))
	if !h.LogCount || h.Hist.Counts[0] != 3 || h.Hist.Counts[9] != 1 {
		t.Errorf("histogram plot %+v", h)
	}
}
