package schedule

import (
	"strings"
	"testing"
	"time"

	"imlab/ui/lab"
)

func TestCurvesDue(t *testing.T) {
	shown := lab.PlotKey{Version: 3, Points: 40, Jobs: 12}
	more := lab.PlotKey{Version: 3, Points: 41, Jobs: 12}
	newRun := lab.PlotKey{Version: 4, Points: 0, Jobs: 12}
	for _, c := range []struct {
		name           string
		key            lab.PlotKey
		stale, running bool
		since          time.Duration
		redraw, later  bool
	}{
		{"no new data draws nothing", shown, false, true, time.Hour, false, false},
		{"no new data, stopped", shown, false, false, time.Hour, false, false},
		{"stale canvas is redrawn", shown, true, true, 0, true, false},
		{"new points wait while running", more, false, true, PlotEvery - time.Millisecond, false, true},
		{"new points after PlotEvery", more, false, true, PlotEvery, true, false},
		{"new points once stopped", more, false, false, 0, true, false},
		{"a new run at once", newRun, false, true, 0, true, false},
		{"costly drawings wait longer", more, false, true, PlotEvery + time.Millisecond, false, true},
		{"costly drawings, stopped", more, false, false, 0, true, false},
		{"costly drawings after their time", more, false, true, 2 * PlotEvery, true, false},
	} {
		every := PlotEvery
		if strings.HasPrefix(c.name, "costly") {
			every = RedrawEvery(PlotEvery, PlotEvery/4) // 2 × PlotEvery
		}
		redraw, later := CurvesDue(shown, c.key, c.stale, c.running, c.since, every)
		if redraw != c.redraw || later != c.later {
			t.Errorf("%s: CurvesDue = (%v, %v), want (%v, %v)", c.name, redraw, later, c.redraw, c.later)
		}
	}
}

func TestRedrawEvery(t *testing.T) {
	for _, c := range []struct{ every, cost, want time.Duration }{
		{PlotEvery, 0, PlotEvery},                                  // nothing drawn yet
		{PlotEvery, 3 * time.Millisecond, PlotEvery},               // a quiet machine
		{PlotEvery, PlotEvery / redrawDuty, PlotEvery},             // at the bound
		{PlotEvery, 50 * time.Millisecond, 400 * time.Millisecond}, // a loaded one: one part in 8
	} {
		if got := RedrawEvery(c.every, c.cost); got != c.want {
			t.Errorf("RedrawEvery(%v, %v) = %v, want %v", c.every, c.cost, got, c.want)
		}
	}
}
