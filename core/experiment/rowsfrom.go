package experiment

import (
	"math"

	"imlab/core/dfsdca"
)

// RowsFrom is Rows for traces made elsewhere (by workers running each job
// on its own): trace(k) is the trace so far of Jobs()[k], nil if none.
func (e *Experiment) RowsFrom(trace func(k int) []dfsdca.Point) []Row {
	rows := make([]Row, 0, len(e.cfg.Taus))
	for _, tau := range e.cfg.Taus {
		r := Row{Tau: tau, ThetaNice: math.NaN(), ThetaImp: math.NaN(), NiceX: math.NaN(), ImpX: math.NaN()}
		for k, j := range e.jobs {
			if j.Tau != tau {
				continue
			}
			x := math.NaN()
			if v, ok := Crossing(trace(k), e.cfg.Eps); ok {
				x = v
			}
			switch j.Sampling {
			case "nice":
				r.ThetaNice, r.NiceX = j.Plan.Theta, x
			case "imp":
				r.ThetaImp, r.ImpX = j.Plan.Theta, x
			}
		}
		r.Theory = r.ThetaImp / r.ThetaNice
		r.Empirical = r.NiceX / r.ImpX
		rows = append(rows, r)
	}
	return rows
}
