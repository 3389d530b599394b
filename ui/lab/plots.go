package lab

import (
	"imlab/core/method"
	"imlab/core/method/catalog"
	"imlab/ui/chart"
	"imlab/ui/figures"
	"imlab/ui/lab/setup"
)

// Plots returns the two convergence plots of the snapshot (figures.Convergence:
// τ-nice left, the run's τ-importance, static or adaptive, right, shared
// ranges). Before a run they are empty frames.
func Plots(s *Snapshot) (nice, imp *chart.LinePlot) {
	curves := make([]figures.Curve, len(s.Jobs))
	for k, j := range s.Jobs {
		curves[k] = figures.Curve{Tau: j.Tau, Sampling: j.Sampling, Trace: j.Trace, X: j.X}
	}
	if len(s.Settings.Methods()) > 1 {
		return comparePlots(s) // methodcompare.go
	}
	m := s.Settings.Method
	if catalog.AxisOf(m) == method.Iterations { // the paper's plots
		return figures.Convergence("", s.Settings.Taus, s.Settings.Importance, curves)
	}
	nice, imp = figures.Convergence(setup.MethodName(m), s.Settings.Taus, s.Settings.Importance, curves)
	nice.XLabel, imp.XLabel = AxisLabel(m), AxisLabel(m)
	return nice, imp
}

// AxisLabel is the x label of the convergence plots of method m: the
// paper's iterations/n for dfSDCA, passes through the data for the others,
// as `imlab run` counts them.
func AxisLabel(m catalog.Name) string {
	if catalog.AxisOf(m) == method.Iterations {
		return figures.XLabel
	}
	return passesLabel
}

// passesLabel is the x label of the convergence plots of a method other
// than dfSDCA: every gradient or coordinate evaluation counted, L-SVRG's
// full gradients included.
const passesLabel = "passes through the data"

// Histogram returns the plot of the ‖x_i‖² histogram of the loaded data, or
// nil before any.
func Histogram(s *Snapshot) *chart.HistPlot {
	if s.Data == nil {
		return nil
	}
	return figures.Histogram("‖xᵢ‖² of the examples", s.Data.Hist)
}

// PlotKey identifies what the plots show, so the UI redraws only on change.
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
	for _, j := range s.Compared {
		k.Points += len(j.Trace)
	}
	return k
}
