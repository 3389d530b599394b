package schedule

import (
	"fmt"
	"math"
	"slices"
	"testing"
	"time"

	"imlab/ui/chart"
)

// testPlot is a convergence plot of 12 curves of n points, with a legend.
func testPlot(n int) *chart.LinePlot {
	lp := chart.NewLinePlot("τ-nice", "iterations / n", "P(w) − P*", true)
	for s := range 12 {
		ser := chart.Series{Label: fmt.Sprintf("τ = %d", 1<<s), Style: s % chart.NumStyles}
		for i := range n {
			x := 30 * float64(i) / float64(n)
			ser.X = append(ser.X, x)
			ser.Y = append(ser.Y, math.Exp(-float64(s+2)*x/3)*(1+0.2*math.Sin(float64(i))))
		}
		lp.Series = append(lp.Series, ser)
	}
	return lp
}

// recordInParts records draw with a clock that passes every deadline, so
// that the drawing stops at every check; it returns the batch and the
// number of parts.
func recordInParts(t *testing.T, draw func(p chart.Painter)) (*chart.Batch, int) {
	t.Helper()
	var b chart.Batch
	var clock time.Duration
	now := func() time.Duration { clock++; return clock }
	r := StartRecording(&b, now, draw)
	parts := 1
	for !r.Step(clock) {
		parts++
		if parts > 1e6 {
			t.Fatal("the recording does not end")
		}
	}
	return &b, parts
}

// A drawing recorded in parts is the drawing recorded in one go, command
// for command.
func TestRecordingInPartsIsTheWholeDrawing(t *testing.T) {
	lp := testPlot(300)
	sp := &chart.SamplingPlot{Title: "τ-importance, τ = 4", Norms: []float64{}, P: []float64{}}
	for i := range 2000 {
		sp.Norms = append(sp.Norms, 0.1+float64(i%97))
		sp.P = append(sp.P, (0.1+float64(i%97))/50000)
		sp.Visits = append(sp.Visits, i%5)
	}
	sp.Iters = 400
	sp.Recent = [][]int{{1, 2, 3, 4}, {500, 600, 700, 800}}
	for _, c := range []struct {
		name string
		draw func(p chart.Painter)
	}{
		{"line plot", func(p chart.Painter) { lp.Draw(p, 640, 360) }},
		{"sampling plot", func(p chart.Painter) { sp.Draw(p, 700, 525) }},
	} {
		var whole chart.Batch
		c.draw(&whole)
		calls := commandCount(&whole)
		got, parts := recordInParts(t, c.draw)
		if want := calls/checkEvery + 1; parts != want || parts < 2 {
			t.Errorf("%s: %d calls recorded in %d parts, want %d: one at every %d calls", c.name, calls, parts, want, checkEvery)
		}
		if !slices.Equal(got.Ops, whole.Ops) || got.Strings() != whole.Strings() {
			t.Errorf("%s: %d numbers in %d parts, %d in one go, or another string table", c.name, got.Len(), parts, whole.Len())
		}
	}
}

// A recording whose clock never reaches the deadline ends in one part.
func TestRecordingWithinTheDeadlineIsOnePart(t *testing.T) {
	var b chart.Batch
	r := StartRecording(&b, func() time.Duration { return 0 }, func(p chart.Painter) { testPlot(100).Draw(p, 640, 360) })
	if !r.Step(time.Hour) || !r.Step(time.Hour) {
		t.Error("a recording with time to spare did not end in its first step")
	}
	if b.Len() == 0 {
		t.Error("nothing recorded")
	}
}

// A panic in the drawing reaches the frame that stepped it.
func TestRecordingPanicReachesTheStep(t *testing.T) {
	var b chart.Batch
	r := StartRecording(&b, func() time.Duration { return 0 }, func(p chart.Painter) { panic("boom") })
	defer func() {
		if v := recover(); v != "boom" {
			t.Errorf("step recovered %v, want the drawing's panic", v)
		}
	}()
	r.Step(time.Hour)
	t.Error("step returned after the drawing panicked")
}

// commandCount is the number of painter calls b recorded.
func commandCount(b *chart.Batch) int {
	var c counter
	b.Replay(&c)
	return int(c)
}

// counter is a Painter that counts its calls.
type counter int

func (c *counter) Polyline([]chart.Point, chart.Stroke)                       { *c++ }
func (c *counter) Rect(x, y, w, h float64, fill string)                       { *c++ }
func (c *counter) Marker(x, y float64, m chart.Marker, s float64, col string) { *c++ }
func (c *counter) Text(x, y float64, s string, st chart.TextStyle)            { *c++ }
func (c *counter) Clip(x, y, w, h float64)                                    { *c++ }
func (c *counter) Unclip()                                                    { *c++ }

// An abandoned recording ends its goroutine where it stopped, and step
// then reports the end; one abandoned before its first step draws nothing.
func TestRecordingStop(t *testing.T) {
	var b chart.Batch
	var clock time.Duration
	now := func() time.Duration { clock++; return clock }
	calls := 0
	draw := func(p chart.Painter) {
		for range 10 * checkEvery {
			calls++
			p.Rect(0, 0, 1, 1, "red")
		}
	}
	r := StartRecording(&b, now, draw)
	if r.Step(clock) {
		t.Fatal("a drawing of 10 parts ended in one")
	}
	r.Stop()
	if calls != checkEvery || b.Len() != (checkEvery-1)*6 || !r.Step(clock) {
		t.Errorf("stopped after its first part: %d calls, %d numbers recorded; want %d calls, %d numbers, and the end", calls, b.Len(), checkEvery, (checkEvery-1)*6)
	}
	r.Stop() // again: nothing left to stop

	calls = 0
	r = StartRecording(&b, now, draw)
	r.Stop()
	if calls != 0 || !r.Step(clock) {
		t.Errorf("stopped before its first step: %d calls", calls)
	}
}
