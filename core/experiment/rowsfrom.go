package experiment

import (
	"imlab/core/dfsdca"
	"imlab/core/sampling"
)

// RowsFrom is Rows for traces made elsewhere (by workers running each job
// on its own): trace(k) is the trace so far of Jobs()[k], nil if none.
func (e *Experiment) RowsFrom(trace func(k int) []dfsdca.Point) []Row {
	rows := make([]Row, 0, len(e.cfg.Taus))
	for _, tau := range e.cfg.Taus {
		var nice, imp *Job
		var niceTrace, impTrace []dfsdca.Point
		for k, j := range e.jobs {
			if j.Tau != tau {
				continue
			}
			switch j.Sampling {
			case sampling.Nice:
				nice, niceTrace = j, trace(k)
			case sampling.Imp:
				imp, impTrace = j, trace(k)
			}
		}
		rows = append(rows, rowOf(tau, nice, imp, niceTrace, impTrace, e.cfg.Eps))
	}
	return rows
}
