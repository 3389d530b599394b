package lab

// Speeds are the run speeds the page offers, in minibatches per frame;
// 0 is full speed (slices sized to fill a frame's budget).
var Speeds = []int{1, 4, 16, 64, 256, 0}

// SetSpeed slows runs down to k minibatches per animation frame, so that a
// class can watch minibatches go by, or with k = 0 lets them run at full
// speed. While slowed down, Step advances by exactly one minibatch.
// Negative k counts as 0.
func (c *Controller) SetSpeed(k int) {
	c.mu.Lock()
	c.speed = max(k, 0)
	c.changedLocked()
	c.mu.Unlock()
	c.notify()
}

// sliceIterations is how many iterations the next slice does at minibatch
// size tau: one while stepping slowed down, the speed while slowed down,
// else what fits the slice target. Call with c.mu held.
func (c *Controller) sliceIterations(tau int) int {
	switch {
	case c.speed > 0 && c.stepping:
		return 1
	case c.speed > 0:
		return c.speed
	}
	return c.slicer.Iterations(tau)
}

// waitFrame waits for the next frame when the run is slowed down.
func (c *Controller) waitFrame() {
	c.mu.Lock()
	slow := c.speed > 0
	c.mu.Unlock()
	if slow {
		c.env.Frame()
	}
}
