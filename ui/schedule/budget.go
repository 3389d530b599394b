package schedule

import "time"

// Drawing is bounded per animation frame: a drawing is recorded and
// replayed in parts that stop at FrameBudget from the frame's start (at
// least MinChunk each), and a frame that already spent time (re-rendering
// the results, say) leaves a canvas whose whole drawing would take it over
// FrameBudget to the next frame, so that the two costs do not add up in
// one frame; none waits more than maxWait frames. FrameBudget is wall
// time: on a machine whose other processes leave the page half a core, a
// frame still ends within it, doing half the work.
const (
	FrameBudget = 12 * time.Millisecond
	IdleSpent   = 4 * time.Millisecond // a frame that spent less has done nothing else of note
	maxWait     = 3
)

// DrawNow decides whether a canvas drawing estimated to take estimate goes
// into a frame that has spent spent already, after waiting waited frames.
func DrawNow(spent, estimate time.Duration, waited int) bool {
	return spent < IdleSpent || spent+estimate <= FrameBudget || waited >= maxWait
}

// DrawCosts estimates each canvas's next drawing from its last ones: the
// last, or more if an earlier one took longer (decaying by a quarter per
// drawing), since a canvas's drawings cost about the same from one to the
// next but jump with the load of the machine.
type DrawCosts map[string]time.Duration

func (c DrawCosts) Add(id string, took time.Duration) {
	c[id] = max(took, c[id]*3/4)
}

func (c DrawCosts) Estimate(id string) time.Duration { return c[id] }
