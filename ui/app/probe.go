//go:build js && wasm

package app

import (
	"fmt"
	"strings"
	"time"

	"imlab/ui/browser"
	"imlab/ui/lab"
	"imlab/ui/lab/worker"
)

// The page's measurement probes, off unless probeFrames is set: each frame
// over 40 ms logged to the console with its parts and drawings, and each
// run's totals at its end (for bench/page.sh with IMLAB_BENCH_CONSOLE=1).
// Page.frame and canvases call them; they cost nothing when off.

// probeFrames switches the probes on.
const probeFrames = false

var (
	probeAt  [4]worker.SliceStats     // the frame parts' totals when the run started
	probeSum map[string]time.Duration // the run's drawing costs, by canvas and step
)

// probeAdd adds d to the probe's sum under k.
func probeAdd(k string, d time.Duration) {
	if probeSum == nil {
		probeSum = map[string]time.Duration{}
	}
	probeSum[k] += d
}

// probeFrame starts the probe of a frame that began at t0; the function it
// returns, deferred, logs the frame if it took over 40 ms.
func (p *Page) probeFrame(t0 time.Duration) (end func()) {
	if !probeFrames {
		return func() {}
	}
	p.cv.log = p.cv.log[:0]
	return func() {
		if d := browser.Now() - t0; d > 40*time.Millisecond {
			println("imlab probe: frame", d.String(), "after", (t0 - min(t0, p.frames.Began)).String(), "phase", p.snap.Phase.String(),
				"parts", p.cost.probe[0].String(), p.cost.probe[1].String(), p.cost.probe[2].String(), "draws", strings.Join(p.cv.log, " "))
		}
	}
}

// frameCost is the time spent in the page's frames (Page.FrameStats,
// Page.FrameParts), from the latest run's first frame.
type frameCost struct {
	whole worker.SliceStats    // per frame
	parts [4]worker.SliceStats // of which: snapshot, re-render, plots, teaching views
	probe [3]time.Duration     // this frame's snapshot, re-render and plots (probes on)
}

// add counts d, this frame's time in part k.
func (c *frameCost) add(k int, d time.Duration) {
	c.parts[k].Add(d)
	if probeFrames && k < len(c.probe) {
		c.probe[k] = d
	}
}

// probeRun starts the run's totals when a run starts and logs them when it
// ends, as the phase goes from was to now.
func (p *Page) probeRun(was, now lab.Phase) {
	if !probeFrames {
		return
	}
	if was != lab.Running && now == lab.Running {
		probeAt, probeSum = p.cost.parts, map[string]time.Duration{}
	}
	if was == lab.Running && now == lab.Done {
		var b strings.Builder
		for k, part := range p.cost.parts {
			fmt.Fprintf(&b, " part%d=%v/%d", k, part.Total-probeAt[k].Total, part.Count-probeAt[k].Count)
		}
		for k, v := range probeSum {
			fmt.Fprintf(&b, " %s=%v", k, v)
		}
		println("imlab probe: run", b.String())
	}
}
