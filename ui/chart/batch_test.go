package chart

import (
	"reflect"
	"testing"

	"imlab/core/dataset"
)

// TestBatchReplay checks that a batch replays exactly the calls recorded in
// it, for each kind of plot and every Painter call.
func TestBatchReplay(t *testing.T) {
	hist := &HistPlot{Title: "h", XLabel: "x", YLabel: "n", LogCount: true,
		Hist: dataset.Histogram{Min: 0, Max: 3, Counts: []int{5, 0, 1}}}
	sp := &SamplingPlot{Title: "s", Norms: []float64{1, 2, 3, 4}, P: []float64{.1, .2, .3, .4},
		Other: []float64{.25, .25, .25, .25}, Buckets: [][]int{{0, 3}, {1, 2}}, Recent: [][]int{{0, 1}, {2, 3}},
		Visits: []int{1, 2, 0, 1}, Iters: 2}
	draws := map[string]func(Painter){
		"lineplot": func(p Painter) { benchPlot(300).Draw(p, 640, 360) },
		"hist":     func(p Painter) { hist.Draw(p, 400, 300) },
		"sampling": func(p Painter) { sp.Draw(p, 500, 400) },
		"every call": func(p Painter) {
			p.Clip(1, 2, 3, 4)
			p.Polyline([]Point{{1, 2}, {3, 4}, {5, 6}}, Stroke{Color: "red", Width: 1.5, Dash: []float64{4, 2}})
			p.Polyline([]Point{{1, 2}}, Stroke{Color: "red", Width: 1})
			for m := MarkerNone; m <= MarkerPlus; m++ {
				p.Marker(10, 20, m, 7, "blue")
			}
			p.Text(5, 6, "τ = 1", TextStyle{Size: 12, Color: "#111", Align: AlignRight, Baseline: BaselineTop, Bold: true, Rotate: true})
			p.Rect(0, 0, 10, 10, "white")
			p.Unclip()
		},
	}
	var b Batch
	for name, draw := range draws {
		direct := &recorder{}
		draw(direct)
		b.Reset()
		draw(&b)
		replayed := &recorder{}
		b.Replay(replayed)
		// A one-point polyline draws nothing: the batch leaves it out.
		var want []call
		for _, c := range direct.calls {
			if c.op != "polyline" || len(c.pts) >= 2 {
				want = append(want, c)
			}
		}
		if len(want) == 0 || !reflect.DeepEqual(normal(want), normal(replayed.calls)) {
			t.Errorf("%s: replay made %d calls, want the %d recorded", name, len(replayed.calls), len(want))
		}
	}
}

// normal makes empty and nil dash patterns compare equal.
func normal(calls []call) []call {
	out := make([]call, len(calls))
	for k, c := range calls {
		if len(c.stroke.Dash) == 0 {
			c.stroke.Dash = nil
		}
		out[k] = c
	}
	return out
}

// TestBatchStrings checks that each string is stored once.
func TestBatchStrings(t *testing.T) {
	var b Batch
	for range 100 {
		b.Rect(0, 0, 1, 1, "red")
	}
	b.Text(0, 0, "a", TextStyle{Size: 10, Color: "red"})
	if got, want := b.Strings(), "red\x00a\x0010.00px "+FontFamily; got != want {
		t.Errorf("Strings() = %q, want %q", got, want)
	}
	b.Reset()
	if b.Len() != 0 || b.Strings() != "" {
		t.Errorf("after Reset: %d numbers, strings %q", b.Len(), b.Strings())
	}
}
