package lab

import (
	"fmt"
	"slices"
	"strconv"

	"imlab/core/experiment"
	"imlab/core/method/catalog"
	"imlab/core/sampling"
	"imlab/core/table"
	"imlab/ui/chart"
	"imlab/ui/figures"
	"imlab/ui/lab/setup"
)

// ComparedJob is a job of a method compared with the run's (the Compare
// setting): its view, and its method.
type ComparedJob struct {
	Method catalog.Name
	JobView
}

// comparedLocked returns the views of the pool's jobs (pj) beyond the
// experiment's own, the compared methods'. Call with c.mu held.
func (c *Controller) comparedLocked(pj []poolJob) []ComparedJob {
	own := c.ownJobsLocked()
	var out []ComparedJob
	for k := own; k < len(pj); k++ {
		spec := c.pool.specs[k]
		v := c.jobViewLocked(pj[k], spec)
		out = append(out, ComparedJob{Method: spec.Method, JobView: v})
	}
	return out
}

// comparePlots are the convergence plots of a run with compared methods:
// every method's curves, τ-nice left and τ-importance right, against
// passes through the data (dfSDCA's iterations/n times τ), on shared
// ranges. Each method has its own style (colour, dash and marker), named
// once in a legend above the plot area; each curve's τ is written at its
// end.
func comparePlots(s *Snapshot) (nice, imp *chart.LinePlot) {
	nice = chart.NewLinePlot("methods compared, "+sampling.Nice.Label(), passesLabel, figures.YLabel, true)
	imp = chart.NewLinePlot("methods compared, "+s.Settings.Importance.Label(), passesLabel, figures.YLabel, true)
	nice.LegendAbove, imp.LegendAbove = true, true
	methods := s.Settings.Methods()
	named := map[*chart.LinePlot]map[catalog.Name]bool{nice: {}, imp: {}}
	add := func(m catalog.Name, j JobView) {
		lp := figures.Side(nice, imp, j.Sampling)
		if lp == nil {
			return
		}
		ser := chart.Series{Style: max(slices.Index(methods, m), 0) % chart.NumStyles, EndLabel: fmt.Sprintf("τ=%d", j.Tau),
			X: make([]float64, len(j.Trace)), Y: make([]float64, len(j.Trace))}
		if !named[lp][m] {
			ser.Label, named[lp][m] = setup.MethodName(m), true
		}
		for k, p := range j.Trace {
			ser.X[k], ser.Y[k] = p.Passes, p.Gap
		}
		lp.Series = append(lp.Series, ser)
	}
	for _, j := range s.Jobs {
		add(s.Settings.Method, j)
	}
	for _, j := range s.Compared {
		add(j.Method, j.JobView)
	}
	chart.SharedRanges(nice, imp)
	return nice, imp
}

// compareTracesTable is every trace point of a run with compared methods,
// the run's method first, each row led by its method, on the passes axis.
func compareTracesTable(s *Snapshot) *table.Table {
	t := &table.Table{Header: append([]string{"method"}, experiment.TracesHeader()...)}
	add := func(m catalog.Name, j JobView) {
		for _, p := range j.Trace {
			t.Add(append([]string{string(m), string(j.Sampling), strconv.Itoa(j.Tau)}, experiment.TraceCells(p)...)...)
		}
	}
	for _, j := range s.Jobs {
		add(s.Settings.Method, j)
	}
	for _, j := range s.Compared {
		add(j.Method, j.JobView)
	}
	return t
}

// tracesTableOf is the traces table of s: tracesTable, or
// compareTracesTable when methods are compared.
func tracesTableOf(s *Snapshot) *table.Table {
	if len(s.Compared) > 0 {
		return compareTracesTable(s)
	}
	return tracesTable(s.Jobs)
}
