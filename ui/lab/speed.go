package lab

// SetSpeed slows runs down to k minibatches per animation frame, so that a
// class can watch minibatches go by, or with k = 0 lets them run at full
// speed. While slowed down, Step advances by exactly one minibatch. A run
// slowed down goes on the page's own thread, which shows its minibatches
// as they go (pagePace). Negative k counts as 0.
func (c *Controller) SetSpeed(k int) {
	c.mu.Lock()
	c.speed = max(k, 0)
	c.changedLocked()
	c.mu.Unlock()
	c.notify()
}
