package schedule

import (
	"time"

	"imlab/ui/lab"
)

// Redraw intervals while a run advances: the status line and the plots are
// refreshed at most this often; everything else waits for a real change.
// A new status text costs the browser a layout and a paint of the page
// (about 2 ms of its thread in a trace of the default run, where the
// status line's and the sampling summary's changes made 14 paints a
// second): four a second are as readable as ten.
// While a run advances, a frame with nothing to draw at once asks for the
// next one RestEvery later, not at the display's next refresh.
const (
	LiveEvery = 250 * time.Millisecond
	PlotEvery = 80 * time.Millisecond
	RestEvery = 40 * time.Millisecond
)

// redrawDuty bounds the share of the time a canvas's drawings take while a
// run advances: one part in redrawDuty.
const redrawDuty = 8

// RedrawEvery is the least time between two drawings of a canvas while a
// run advances: every, or redrawDuty times what its drawings cost (cost, as
// DrawCosts estimates it), whichever is longer. On a quiet machine that is
// every; on a loaded one, where a drawing's time stretches, the page draws
// less often and leaves the cores to the workers.
func RedrawEvery(every, cost time.Duration) time.Duration { return max(every, redrawDuty*cost) }

// CurvesDue decides, for one animation frame, whether the convergence
// plots are redrawn: shown is what they show, key what the snapshot holds,
// stale that they must be redrawn anyway (first frame, resize, presenter
// mode), since how long ago they were drawn. A frame with no new data draws
// nothing; while a run advances, new points wait until every has passed
// (later: ask for another frame); a new run, or the end of one, is drawn at
// once.
func CurvesDue(shown, key lab.PlotKey, stale, running bool, since, every time.Duration) (redraw, later bool) {
	if stale {
		return true, false
	}
	if key == shown {
		return false, false
	}
	if key.Version != shown.Version || !running || since >= every {
		return true, false
	}
	return false, true
}
