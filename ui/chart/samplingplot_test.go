package chart

import (
	"math"
	"math/rand"
	"slices"
	"testing"
)

func samplingFixture(buckets [][]int) *SamplingPlot {
	norms := []float64{1, 1, 1, 1, 1, 1, 1000, 2}
	p := make([]float64, len(norms))
	if buckets == nil {
		for i := range p {
			p[i] = 2.0 / 8
		}
	} else {
		for _, b := range buckets {
			sum := 0.0
			for _, i := range b {
				sum += 1 + norms[i]
			}
			for _, i := range b {
				p[i] = (1 + norms[i]) / sum
			}
		}
	}
	return &SamplingPlot{Title: "t", Norms: norms, P: p, Buckets: buckets,
		Recent: [][]int{{0, 6}, {6, 3}}, Visits: []int{1, 0, 0, 1, 0, 0, 2, 0}, Iters: 2}
}

func TestSamplingPlotLightsTheLatestMinibatch(t *testing.T) {
	for _, buckets := range [][][]int{nil, {{0, 1, 2, 6}, {3, 4, 5, 7}}} {
		sp := samplingFixture(buckets)
		sp.Other = samplingFixture(nil).P
		var r recorder
		sp.Draw(&r, 640, 400)
		big := r.find("marker", func(c call) bool { return c.fill == samplingLit && c.marker == MarkerCircle })
		if len(big) != 4 { // 2 + 2 recent examples
			t.Errorf("buckets %v: %d lit markers, want 4", buckets, len(big))
		}
		// In the strip, the newest minibatch's examples (6 and 3) are lit.
		strips := r.find("rect", func(c call) bool { return c.fill == samplingLit })
		if len(strips) != 2 {
			t.Errorf("buckets %v: %d lit strip rectangles, want 2", buckets, len(strips))
		}
		rows := 1
		if buckets != nil {
			rows = 2
		}
		combs := r.find("polyline", func(c call) bool { return c.stroke.Color == samplingStrip })
		if len(combs) != rows {
			t.Errorf("%d combs for %d rows", len(combs), rows)
		}
		bars := 0
		for _, c := range combs {
			bars += len(c.pts) / 3
		}
		if bars != 8 {
			t.Errorf("%d probability bars, want one per example (8)", bars)
		}
		if other := r.find("rect", func(c call) bool { return c.fill == samplingOther }); len(other) != 8 {
			t.Errorf("%d dots of the other sampling, want 8", len(other))
		}
		if crosses := r.find("rect", func(c call) bool { return c.fill == samplingCross }); len(crosses) != 2*3 {
			t.Errorf("%d measured cross bars, want 2 for each of 3 examples visited", len(crosses))
		}
		for _, c := range r.calls {
			if c.op == "text" && (c.pts[0].Y > 400 || c.pts[0].Y < 0) {
				t.Errorf("text %q at y = %v outside the plot", c.text, c.pts[0].Y)
			}
		}
	}
	if _, err := parseSVG(SVG(500, 300, func(p Painter) { samplingFixture(nil).Draw(p, 500, 300) })); err != nil {
		t.Fatal(err)
	}
}

// SamplingOrder is the order of a stable sort by ‖x_i‖², ties in index
// order.
func TestSamplingOrderIsStable(t *testing.T) {
	r := rand.New(rand.NewSource(3))
	norms := make([]float64, 5000)
	for i := range norms {
		norms[i] = float64(r.Intn(40)) / 4 // many ties
	}
	norms[4000] = math.Inf(1)
	want := make([]int, len(norms))
	for i := range want {
		want[i] = i
	}
	slices.SortStableFunc(want, func(a, b int) int { return -cmpDesc(norms[a], norms[b]) })
	if got := SamplingOrder(norms); !slices.Equal(got, want) {
		t.Error("SamplingOrder differs from a stable sort by ‖x_i‖²")
	}
}
