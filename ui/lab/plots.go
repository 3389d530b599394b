package lab

import (
	"fmt"
	"slices"

	"imlab/ui/chart"
)

// Plot captions and axis labels, as the paper draws its figures.
const (
	PlotXLabel = "iterations / n  (passes ÷ τ)"
	PlotYLabel = "P(w) − P*"
)

// Plots returns the two convergence plots, τ-nice (left) and τ-importance
// (right), one curve per τ in the same style on both, on shared axis ranges
// so that they compare at a glance. Before a run they are empty frames.
func Plots(s *Snapshot) (nice, imp *chart.LinePlot) {
	nice = chart.NewLinePlot(SamplingName("nice")+" sampling", PlotXLabel, PlotYLabel, true)
	imp = chart.NewLinePlot(SamplingName("imp")+" sampling", PlotXLabel, PlotYLabel, true)
	taus := s.Settings.Taus
	for _, j := range s.Jobs {
		style := slices.Index(taus, j.Tau)
		if style < 0 {
			style = 0
		}
		ser := chart.Series{Label: fmt.Sprintf("τ = %d", j.Tau), Style: style % chart.NumStyles,
			X: make([]float64, len(j.Trace)), Y: make([]float64, len(j.Trace))}
		for k, p := range j.Trace {
			ser.X[k], ser.Y[k] = p.IterPerN, p.Gap
		}
		switch j.Sampling {
		case "nice":
			nice.Series = append(nice.Series, ser)
		case "imp":
			imp.Series = append(imp.Series, ser)
		}
	}
	chart.SharedRanges(nice, imp)
	return nice, imp
}

// Histogram returns the plot of the ‖x_i‖² histogram of the loaded data, or
// nil before any. The count axis is logarithmic so that a lone heavy example
// (the "extreme" law) stays visible.
func Histogram(s *Snapshot) *chart.HistPlot {
	if s.Data == nil {
		return nil
	}
	return &chart.HistPlot{Title: "‖xᵢ‖² of the examples", XLabel: "‖xᵢ‖²", YLabel: "examples",
		Hist: s.Data.Hist, LogCount: true}
}

// PlotKey identifies what a plot shows, so the UI redraws only on change.
type PlotKey struct {
	Version uint64 // Snapshot.RunID
	Points  int    // total trace points
	Jobs    int
}

// Key returns the PlotKey of s.
func (s Snapshot) Key() PlotKey {
	k := PlotKey{Version: s.RunID, Jobs: len(s.Jobs)}
	for _, j := range s.Jobs {
		k.Points += len(j.Trace)
	}
	return k
}
