package schedule

// Box is a canvas's laid-out size in CSS pixels and the device pixel ratio
// it is drawn at.
type Box struct{ W, H, Ratio float64 }

// drawable reports whether a canvas of this size can be drawn on.
func (b Box) Drawable() bool { return b.W > 0 && b.H > 0 }

// Sizes is what the page's observers (browser.Observer) last reported
// of each canvas, by id: its size, and whether it is on screen. A frame
// reads it instead of the canvases' clientWidth, which would force the
// page's layout in the middle of the frame.
type Sizes struct {
	m map[string]*canvasInfo
}

type canvasInfo struct {
	box     Box
	sized   bool // the ResizeObserver has reported a size
	offview bool // the IntersectionObserver reported it off screen
}

func (c *Sizes) info(id string) *canvasInfo {
	if c.m == nil {
		c.m = map[string]*canvasInfo{}
	}
	in := c.m[id]
	if in == nil {
		in = &canvasInfo{}
		c.m[id] = in
	}
	return in
}

// setSize records canvas id's size; it reports whether that changed it.
func (c *Sizes) SetSize(id string, b Box) (changed bool) {
	in := c.info(id)
	changed = !in.sized || in.box != b
	in.box, in.sized = b, true
	return changed
}

// setRatio records a new device pixel ratio for every canvas (the window
// moved to another screen, or was zoomed); it reports whether any changed.
func (c *Sizes) SetRatio(ratio float64) (changed bool) {
	for _, in := range c.m {
		if in.sized && in.box.Ratio != ratio {
			in.box.Ratio, changed = ratio, true
		}
	}
	return changed
}

// setVisible records whether canvas id is on screen; it reports whether it
// came on screen.
func (c *Sizes) SetVisible(id string, on bool) (shown bool) {
	in := c.info(id)
	shown = in.offview && on
	in.offview = !on
	return shown
}

// forget drops what is known of canvas id (the page replaced its element:
// the new one's size and visibility are not reported yet).
func (c *Sizes) Forget(id string) { delete(c.m, id) }

// size is canvas id's size, and whether it is known.
func (c *Sizes) Size(id string) (Box, bool) {
	if in := c.m[id]; in != nil && in.sized {
		return in.box, true
	}
	return Box{}, false
}

// ready is canvas id's size if it can be drawn now: its size is known and
// it is on screen, or off screen while no run advances (a run's updates to
// a canvas no one sees wait until it scrolls into view or the run ends).
func (c *Sizes) Ready(id string, running bool) (Box, bool) {
	in := c.m[id]
	if in == nil || !in.sized || (running && in.offview) {
		return Box{}, false
	}
	return in.box, true
}
