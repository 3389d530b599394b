package figures

import (
	"fmt"
	"slices"

	"imlab/core/dataset"
	"imlab/core/method"
	"imlab/core/sampling"
	"imlab/ui/chart"
)

// Axis labels of the convergence plots, as the paper draws them.
const (
	XLabel = "iterations / n  (passes ÷ τ)"
	YLabel = "P(w) − P*"
)

// Curve is the trace of one run: one sampling at one minibatch size.
type Curve struct {
	Tau      int
	Sampling sampling.Kind // sampling.Nice or sampling.Imp (or AdaptiveImp, drawn with Imp's); other samplings are not drawn
	Trace    []method.Point
	// X is a point's position on the plots' x axis (method.Axis.PerTau,
	// passes/τ, for the paper's plots).
	X func(method.Point) float64
}

// Convergence returns the paper's pair of plots: gap against iterations/n on
// a log scale, τ-nice left and τ-importance right, one curve per τ with the
// same style on both (the style index is τ's position in taus), on shared
// axis ranges so that the two compare at a glance. prefix starts each title
// (e.g. the data set's name) and may be empty; importance is the sampling
// of the right plot's runs, sampling.Imp or sampling.AdaptiveImp, which its
// title names.
func Convergence(prefix string, taus []int, importance sampling.Kind, curves []Curve) (nice, imp *chart.LinePlot) {
	title := func(s sampling.Kind) string {
		if prefix == "" {
			return s.Label()
		}
		return prefix + ", " + s.Label()
	}
	nice = chart.NewLinePlot(title(sampling.Nice), XLabel, YLabel, true)
	imp = chart.NewLinePlot(title(importance), XLabel, YLabel, true)
	for _, c := range curves {
		style := max(slices.Index(taus, c.Tau), 0)
		ser := chart.Series{Label: fmt.Sprintf("τ = %d", c.Tau), Style: style % chart.NumStyles,
			X: make([]float64, len(c.Trace)), Y: make([]float64, len(c.Trace))}
		for k, p := range c.Trace {
			ser.X[k], ser.Y[k] = c.X(p), p.Gap
		}
		if lp := Side(nice, imp, c.Sampling); lp != nil {
			lp.Series = append(lp.Series, ser)
		}
	}
	chart.SharedRanges(nice, imp)
	return nice, imp
}

// Side returns the plot of the pair that draws runs of sampling k: nice for
// τ-nice, imp for τ-importance, static or adaptive; nil for a sampling the
// paper's figures leave out.
func Side(nice, imp *chart.LinePlot, k sampling.Kind) *chart.LinePlot {
	switch k.Static() {
	case sampling.Nice:
		return nice
	case sampling.Imp:
		return imp
	}
	return nil
}

// Histogram returns the plot of a histogram of ‖x_i‖² (the paper's Figure
// 1). The count axis is logarithmic so that a lone heavy example, as in the
// "extreme" law, stays visible beside thousands of light ones.
func Histogram(title string, h dataset.Histogram) *chart.HistPlot {
	return &chart.HistPlot{Title: title, XLabel: "‖xᵢ‖²", YLabel: "examples", Hist: h, LogCount: true}
}
