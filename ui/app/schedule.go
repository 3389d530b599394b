package app

import (
	"time"

	"imlab/ui/lab"
)

// Redraw intervals while a run advances: the status line and the plots are
// refreshed at most this often; everything else waits for a real change.
const (
	liveEvery = 100 * time.Millisecond
	plotEvery = 80 * time.Millisecond
)

// curvesDue decides, for one animation frame, whether the convergence
// plots are redrawn: shown is what they show, key what the snapshot holds,
// stale that they must be redrawn anyway (first frame, resize, presenter
// mode), since how long ago they were drawn. A frame with no new data draws
// nothing; while a run advances, new points wait until plotEvery has passed
// (later: ask for another frame); a new run, or the end of one, is drawn at
// once.
func curvesDue(shown, key lab.PlotKey, stale, running bool, since time.Duration) (redraw, later bool) {
	if stale {
		return true, false
	}
	if key == shown {
		return false, false
	}
	if key.Version != shown.Version || !running || since >= plotEvery {
		return true, false
	}
	return false, true
}
