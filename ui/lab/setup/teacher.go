package setup

import (
	"fmt"
	"slices"
	"strconv"

	"imlab/ui/lab/lesson"
)

// The teacher's keys of Teaching, which the page's teacher panel writes as
// a link would: speed= and predict=.

// readClassKey reads speed= or predict= into t.
func (t *Teaching) readClassKey(key, v string) error {
	switch key {
	case "speed":
		k, err := strconv.Atoi(v)
		if err != nil || !slices.Contains(Speeds, k) {
			return fmt.Errorf("%w: link: speed=%q is not one of %v (minibatches per frame; 0 = full speed)", ErrSettings, v, Speeds)
		}
		t.Speed = k
	case "predict":
		switch v {
		case "0", "false":
			t.NoPredict = true
		case "1", "true":
			t.NoPredict = false
		default:
			return fmt.Errorf("%w: link: predict=%q is not 0 or 1", ErrSettings, v)
		}
	}
	return nil
}

// classKeys writes speed= and predict= where they differ from the default.
func (t Teaching) classKeys() []string {
	var parts []string
	if t.Speed != 0 {
		parts = append(parts, "speed="+strconv.Itoa(t.Speed))
	}
	if t.NoPredict {
		parts = append(parts, "predict=0")
	}
	return parts
}

// Asks returns the prediction lesson k (1-based) asks for before its run
// under t, or nil.
func (t Teaching) Asks(k int) *lesson.Prediction {
	if t.NoPredict || k < 1 || k > len(lesson.Lessons) {
		return nil
	}
	return lesson.Lessons[k-1].Predict
}

// Speeds are the run speeds the page offers, in minibatches per frame;
// 0 is full speed (slices sized to fill a frame's budget).
var Speeds = []int{1, 4, 16, 64, 256, 0}
