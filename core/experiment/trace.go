package experiment

import (
	"strconv"

	"imlab/core/dfsdca"
	"imlab/core/sampling"
	"imlab/core/table"
)

// TraceColumns are the columns of a trace written as a table, one row per
// evaluation of P: the CLI's `imlab run` output and, after JobColumns, the
// page's traces CSV.
var TraceColumns = []string{"iter_per_n", "primal", "gap", "seconds"}

// JobColumns name a run in a table holding the traces of several runs.
var JobColumns = []string{"sampling", "tau"}

// TraceCells are the cells of p under TraceColumns, exact (table.Float).
func TraceCells(p dfsdca.Point) []string {
	return []string{table.Float(p.IterPerN), table.Float(p.Primal), table.Float(p.Gap), table.Float(p.Seconds)}
}

// TraceTable is one run's trace under TraceColumns.
func TraceTable(trace []dfsdca.Point) *table.Table {
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
func AddTrace(t *table.Table, kind sampling.Kind, tau int, trace []dfsdca.Point) {
	for _, p := range trace {
		t.Add(append([]string{string(kind), strconv.Itoa(tau)}, TraceCells(p)...)...)
	}
}
