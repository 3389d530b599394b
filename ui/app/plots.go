//go:build js && wasm

package app

import (
	"syscall/js"

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
}

func (ps *plotState) invalidate() { ps.valid = false }

// draw redraws the canvases whose content changed since the last frame.
func (ps *plotState) draw(s *lab.Snapshot) {
	if ps.size == nil {
		ps.size = map[string][2]float64{}
	}
	key := s.Key()
	if !ps.valid || key != ps.curves || ps.sizeChanged("plot-nice") || ps.sizeChanged("plot-imp") {
		nice, imp := lab.Plots(s)
		paintCanvas("plot-nice", func(p chart.Painter, w, h float64) { nice.Draw(p, w, h) })
		paintCanvas("plot-imp", func(p chart.Painter, w, h float64) { imp.Draw(p, w, h) })
		ps.curves = key
	}
	if !ps.valid || s.Data != ps.data || ps.sizeChanged("histogram") {
		if hp := lab.Histogram(s); hp != nil {
			paintCanvas("histogram", func(p chart.Painter, w, h float64) { hp.Draw(p, w, h) })
		}
		ps.data = s.Data
	}
	for _, id := range []string{"plot-nice", "plot-imp", "histogram"} {
		ps.size[id] = cssSize(browser.Element(id))
	}
	ps.valid = true
}

func (ps *plotState) sizeChanged(id string) bool {
	return cssSize(browser.Element(id)) != ps.size[id]
}

// cssSize is an element's laid-out size in CSS pixels.
func cssSize(el js.Value) [2]float64 {
	if !el.Truthy() {
		return [2]float64{}
	}
	return [2]float64{el.Get("clientWidth").Float(), el.Get("clientHeight").Float()}
}
