package app

// box is a canvas's laid-out size in CSS pixels and the device pixel ratio
// it is drawn at.
type box struct{ W, H, Ratio float64 }

// drawable reports whether a canvas of this size can be drawn on.
func (b box) drawable() bool { return b.W > 0 && b.H > 0 }

// sizeCache is what the page's observers (browser.Observer) last reported
// of each canvas, by id: its size, and whether it is on screen. A frame
// reads it instead of the canvases' clientWidth, which would force the
// page's layout in the middle of the frame.
type sizeCache struct {
	m map[string]*canvasInfo
}

type canvasInfo struct {
	box     box
	sized   bool // the ResizeObserver has reported a size
	offview bool // the IntersectionObserver reported it off screen
}

func (c *sizeCache) info(id string) *canvasInfo {
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
func (c *sizeCache) setSize(id string, b box) (changed bool) {
	in := c.info(id)
	changed = !in.sized || in.box != b
	in.box, in.sized = b, true
	return changed
}

// setRatio records a new device pixel ratio for every canvas (the window
// moved to another screen, or was zoomed); it reports whether any changed.
func (c *sizeCache) setRatio(ratio float64) (changed bool) {
	for _, in := range c.m {
		if in.sized && in.box.Ratio != ratio {
			in.box.Ratio, changed = ratio, true
		}
	}
	return changed
}

// setVisible records whether canvas id is on screen; it reports whether it
// came on screen.
func (c *sizeCache) setVisible(id string, on bool) (shown bool) {
	in := c.info(id)
	shown = in.offview && on
	in.offview = !on
	return shown
}

// forget drops what is known of canvas id (the page replaced its element:
// the new one's size and visibility are not reported yet).
func (c *sizeCache) forget(id string) { delete(c.m, id) }

// size is canvas id's size, and whether it is known.
func (c *sizeCache) size(id string) (box, bool) {
	if in := c.m[id]; in != nil && in.sized {
		return in.box, true
	}
	return box{}, false
}

// ready is canvas id's size if it can be drawn now: its size is known and
// it is on screen, or off screen while no run advances (a run's updates to
// a canvas no one sees wait until it scrolls into view or the run ends).
func (c *sizeCache) ready(id string, running bool) (box, bool) {
	in := c.m[id]
	if in == nil || !in.sized || (running && in.offview) {
		return box{}, false
	}
	return in.box, true
}
