package schedule

import (
	"testing"
	"time"
)

func TestSizeCache(t *testing.T) {
	var c Sizes
	if _, ok := c.Size("plot"); ok {
		t.Fatal("a size before the observer reported one")
	}
	if _, ok := c.Ready("plot", false); ok {
		t.Fatal("ready before the observer reported a size")
	}
	b := Box{W: 400, H: 300, Ratio: 2}
	if !c.SetSize("plot", b) {
		t.Error("the first size is no change")
	}
	if c.SetSize("plot", b) {
		t.Error("the same size again is a change")
	}
	if got, ok := c.Size("plot"); !ok || got != b {
		t.Errorf("size = %v, %v; want %v", got, ok, b)
	}
	if !c.SetSize("plot", Box{W: 401, H: 300, Ratio: 2}) {
		t.Error("a new width is no change")
	}
	if !c.SetRatio(1.5) || c.SetRatio(1.5) {
		t.Error("setRatio: a new ratio is a change once")
	}
	if got, _ := c.Size("plot"); got != (Box{W: 401, H: 300, Ratio: 1.5}) {
		t.Errorf("after setRatio: %v", got)
	}

	// Off screen: not drawn while a run advances, drawn otherwise.
	if c.SetVisible("plot", false) {
		t.Error("going off screen is coming on screen")
	}
	if _, ok := c.Ready("plot", true); ok {
		t.Error("off screen, ready while running")
	}
	if _, ok := c.Ready("plot", false); !ok {
		t.Error("off screen, not ready when no run advances")
	}
	if !c.SetVisible("plot", true) {
		t.Error("coming on screen is not reported")
	}
	if c.SetVisible("plot", true) {
		t.Error("staying on screen is reported")
	}
	if _, ok := c.Ready("plot", true); !ok {
		t.Error("on screen, not ready while running")
	}
	// Visibility reported before the size: still not ready.
	c.SetVisible("other", true)
	if _, ok := c.Ready("other", false); ok {
		t.Error("ready without a size")
	}

	// A replaced element: nothing known until the observer reports again.
	c.Forget("plot")
	if _, ok := c.Size("plot"); ok {
		t.Error("a size after forget")
	}
	if !c.SetSize("plot", b) {
		t.Error("the first size after forget is no change")
	}
	if !(Box{W: 1, H: 1}).Drawable() || (Box{W: 0, H: 300}).Drawable() {
		t.Error("drawable")
	}
}

func TestDrawNow(t *testing.T) {
	ms := time.Millisecond
	for _, c := range []struct {
		spent, estimate time.Duration
		waited          int
		want            bool
	}{
		{0, 200 * ms, 0, true},                 // an idle frame starts anything: it goes on in the next frames
		{3 * ms, 200 * ms, 0, true},            // as does a frame that did next to nothing
		{5 * ms, 5 * ms, 0, true},              // within the budget
		{5 * ms, FrameBudget - 5*ms, 0, true},  // exactly the budget
		{5 * ms, FrameBudget - 4*ms, 0, false}, // over it: the next frame
		{30 * ms, 1 * ms, 0, false},            // a frame over budget already
		{30 * ms, 30 * ms, 2, false},
		{30 * ms, 30 * ms, maxWait, true}, // waited long enough
	} {
		if got := DrawNow(c.spent, c.estimate, c.waited); got != c.want {
			t.Errorf("DrawNow(%v, %v, %d) = %v, want %v", c.spent, c.estimate, c.waited, got, c.want)
		}
	}
}

func TestDrawCosts(t *testing.T) {
	ms := time.Millisecond
	c := DrawCosts{}
	if c.Estimate("plot") != 0 {
		t.Error("an estimate before any drawing")
	}
	c.Add("plot", 40*ms)
	c.Add("plot", 8*ms)
	if got := c.Estimate("plot"); got != 30*ms {
		t.Errorf("after 40 then 8 ms: %v, want 30ms (40 decayed by a quarter)", got)
	}
	c.Add("plot", 50*ms)
	if got := c.Estimate("plot"); got != 50*ms {
		t.Errorf("a longer drawing: %v, want 50ms", got)
	}
	if c.Estimate("sampling") != 0 {
		t.Error("estimates are per canvas")
	}
}
