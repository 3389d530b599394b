package experiment

import (
	"strconv"

	"imlab/core/method"
	"imlab/core/sampling"
	"imlab/core/table"
)

// TraceColumns are the columns of a trace written as a table, one row per
// evaluation of P, the same for every method: the CLI's `imlab run` output
// and, after JobColumns, the page's traces CSV. dfSDCA's axis, iterations/n,
// is iter/n.
var TraceColumns = []string{"passes", "iter", "primal", "gap", "seconds"}

// JobColumns name a run in a table holding the traces of several runs.
var JobColumns = []string{"sampling", "tau"}

// TraceCells are the cells of p under TraceColumns, exact (table.Float).
func TraceCells(p method.Point) []string {
	return []string{table.Float(p.Passes), strconv.Itoa(p.Iter), table.Float(p.Primal), table.Float(p.Gap), table.Float(p.Seconds)}
}

// TraceTable is one run's trace under TraceColumns.
func TraceTable(trace []method.Point) *table.Table {
	t := &table.Table{Header: TraceColumns}
	for _, p := range trace {
		t.Add(TraceCells(p)...)
	}
	return t
}

// TracesHeader is JobColumns followed by TraceColumns.
func TracesHeader() []string { return append(append([]string(nil), JobColumns...), TraceColumns...) }

// AddTrace appends the rows of one run's trace to a table under
// TracesHeader.
func AddTrace(t *table.Table, kind sampling.Kind, tau int, trace []method.Point) {
	for _, p := range trace {
		t.Add(append([]string{string(kind), strconv.Itoa(tau)}, TraceCells(p)...)...)
	}
}
