package lab

import (
	"bytes"
	"fmt"
	"strconv"

	"imlab/core/experiment"
	"imlab/core/table"
)

// TraceHeader is the header of the traces CSV, the CLI's trace columns with
// the run's sampling and τ in front.
var TraceHeader = []string{"sampling", "tau", "iter_per_n", "primal", "gap", "seconds"}

// TracesTable is every trace point of every started run, in run order.
func TracesTable(jobs []JobView) *table.Table {
	t := &table.Table{Header: TraceHeader}
	for _, j := range jobs {
		for _, p := range j.Trace {
			t.Add(j.Sampling, strconv.Itoa(j.Tau), table.Float(p.IterPerN), table.Float(p.Primal),
				table.Float(p.Gap), table.Float(p.Seconds))
		}
	}
	return t
}

// RatioTable is the paper's ratio table, one row per τ. With exact set the
// cells round-trip (for CSV); otherwise they are rounded as the paper
// prints them (for Markdown and the page).
func RatioTable(rows []experiment.Row, exact bool) *table.Table {
	t := &table.Table{Header: []string{"tau", "theta_nice", "theta_imp", "theory",
		"nice_iter_per_n", "imp_iter_per_n", "empirical"}}
	f := table.Float
	if !exact {
		f = func(x float64) string { return table.Sig(x, 3) }
	}
	for _, r := range rows {
		t.Add(strconv.Itoa(r.Tau), f(r.ThetaNice), f(r.ThetaImp), f(r.Theory), f(r.NiceX), f(r.ImpX), f(r.Empirical))
	}
	return t
}

// Export is one downloadable file.
type Export struct {
	Name, MIME string
	Data       []byte
}

// Exports returns the traces (CSV) and the ratio table (CSV and Markdown)
// of s; file names start with base.
func Exports(s *Snapshot, base string) ([]Export, error) {
	var out []Export
	for _, e := range []struct {
		name, mime, format string
		t                  *table.Table
	}{
		{base + "-traces.csv", "text/csv", "csv", TracesTable(s.Jobs)},
		{base + "-ratios.csv", "text/csv", "csv", RatioTable(s.Rows, true)},
		{base + "-ratios.md", "text/markdown", "md", RatioTable(s.Rows, false)},
	} {
		var b bytes.Buffer
		if e.format == "md" {
			fmt.Fprintf(&b, "Ratios for %s; loss %s, λ = %s, ε = %s, partition %s, seed %d.\n\n",
				s.Data.Name, s.Settings.Loss, table.Sig(s.Lambda, 4), table.Float(s.Settings.Eps),
				s.Settings.Partition, s.Settings.Seed)
		}
		if err := e.t.Write(&b, e.format); err != nil {
			return nil, err
		}
		out = append(out, Export{Name: e.name, MIME: e.mime, Data: b.Bytes()})
	}
	return out, nil
}
