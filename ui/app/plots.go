//go:build js && wasm

package app

import (
	"time"

	"imlab/ui/browser"
	"imlab/ui/chart"
	"imlab/ui/lab"
)

// plotState remembers what each canvas shows, so a frame redraws a canvas
// only when its content or size changed.
type plotState struct {
	curves lab.PlotKey
	data   *lab.DataInfo
	size   map[string][2]float64
	valid  bool
	at     time.Duration // when the curves were last drawn
	font   float64       // plot text size in pixels (larger in presenter mode)
}

func (ps *plotState) invalidate() { ps.valid = false }

// draw redraws the canvases whose content changed since the last frame; while
// a run advances, the curves are redrawn at most every plotEvery. It reports
// false if it deferred a redraw.
func (ps *plotState) draw(s *lab.Snapshot, now time.Duration, running bool) bool {
	if ps.size == nil {
		ps.size = map[string][2]float64{}
	}
	key := s.Key()
	resized := ps.sizeChanged("plot-nice") || ps.sizeChanged("plot-imp")
	deferred := false
	if !ps.valid || resized || (key != ps.curves && (key.Version != ps.curves.Version || !running || now-ps.at >= plotEvery)) {
		nice, imp := lab.Plots(s)
		hint := ""
		if len(s.Jobs) == 0 {
			hint = "press Run: one curve per τ appears here"
		}
		for id, lp := range map[string]*chart.LinePlot{"plot-nice": nice, "plot-imp": imp} {
			lp.FontSize = ps.font
			paintCanvas(id, func(p chart.Painter, w, h float64) {
				lp.Draw(p, w, h)
				if hint != "" {
					a := lp.Frame(w, h).Area
					p.Text(a.X+a.W/2, a.Y+a.H/2, hint, chart.TextStyle{Size: 13, Color: "#6b7280",
						Align: chart.AlignCenter, Baseline: chart.BaselineMiddle})
				}
			})
		}
		ps.curves, ps.at = key, now
	} else if key != ps.curves {
		deferred = true
	}
	if !ps.valid || s.Data != ps.data || ps.sizeChanged("histogram") {
		if hp := lab.Histogram(s); hp != nil {
			hp.FontSize = ps.font
			paintCanvas("histogram", func(p chart.Painter, w, h float64) { hp.Draw(p, w, h) })
		}
		ps.data = s.Data
	}
	for _, id := range []string{"plot-nice", "plot-imp", "histogram"} {
		ps.size[id] = cssSize(id)
	}
	ps.valid = true
	return !deferred
}

func (ps *plotState) sizeChanged(id string) bool {
	return cssSize(id) != ps.size[id]
}

// cssSize is the laid-out size in CSS pixels of the element with the given
// id (0 × 0 if there is none).
func cssSize(id string) [2]float64 {
	w, h := browser.ClientSize(browser.Element(id))
	return [2]float64{w, h}
}
