package lab

import (
	"bytes"
	"fmt"
	"math"
	"strconv"

	"imlab/core/experiment"
	"imlab/core/sampling"
	"imlab/core/table"
	"imlab/ui/chart"
	"imlab/ui/figures"
	"imlab/ui/lab/setup"
	"imlab/ui/lab/worker"
)

// tracesTable is every trace point of every started run, in run order,
// under the CLI's trace columns (the same for every method, as `imlab run`
// prints them) with the run's sampling and τ in front.
func tracesTable(jobs []JobView) *table.Table {
	t := &table.Table{Header: experiment.TracesHeader()}
	for _, j := range jobs {
		experiment.AddTrace(t, j.Sampling, j.Tau, j.Trace)
	}
	return t
}

// ratioTable is the paper's ratio table, one row per τ. With exact set the
// cells round-trip (for CSV); otherwise they are rounded as the paper
// prints them (for Markdown and the page).
func ratioTable(rows []experiment.Row, exact bool) *table.Table {
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

// methodRatioTable is the ratio table of a method other than dfSDCA, one
// row per τ: its safe steps, its theory's ratio and the measured one, on
// the passes axis. exact as for ratioTable.
func methodRatioTable(rows []MethodRow, exact bool) *table.Table {
	t := &table.Table{Header: []string{"tau", "step_nice", "step_imp", "theory", "nice_passes", "imp_passes", "empirical"}}
	f := table.Float
	if !exact {
		f = func(x float64) string { return table.Sig(x, 3) }
	}
	for _, r := range rows {
		t.Add(strconv.Itoa(r.Tau), f(r.StepNice), f(r.StepImp), f(r.Theory), f(r.NicePasses), f(r.ImpPasses), f(r.Empirical))
	}
	return t
}

// ratioTableOf is the ratio table of s's method.
func ratioTableOf(s *Snapshot, exact bool) *table.Table {
	if s.Settings.Method == setup.DefaultMethod || s.Method == nil {
		return ratioTable(s.Rows, exact)
	}
	return methodRatioTable(s.Method.Rows, exact)
}

// methodOf is " of M" for a method other than dfSDCA, "" for it.
func methodOf(st setup.Settings) string {
	if st.Method == setup.DefaultMethod {
		return ""
	}
	return " of " + setup.MethodName(st.Method)
}

// Export is one downloadable file.
type Export struct {
	Name, MIME string
	Data       []byte
}

// Exports returns the traces (CSV) and the ratio table (CSV and Markdown)
// of s; file names start with base. The CSV files begin with the
// provenance of the results as '#' comment lines.
func Exports(s *Snapshot, base string) ([]Export, error) {
	var out []Export
	for _, e := range []struct {
		name, mime, format string
		t                  *table.Table
	}{
		{base + "-traces.csv", "text/csv", "csv", tracesTableOf(s)},
		{base + "-ratios.csv", "text/csv", "csv", ratioTableOf(s, true)},
		{base + "-ratios.md", "text/markdown", "md", ratioTableOf(s, false)},
	} {
		var b bytes.Buffer
		if e.format == "csv" {
			for _, line := range provenance(s) {
				b.WriteString("# " + line + "\n")
			}
		}
		if e.format == "md" {
			fmt.Fprintf(&b, "Ratios%s for %s; loss %s, λ = %s, ε = %s, partition %s, seed %d.\n\n",
				methodOf(s.Settings), s.Data.Name, s.Settings.Loss, table.Sig(s.Lambda, 4), table.Float(s.Settings.Eps),
				s.Settings.Partition, s.Settings.Seed)
		}
		if err := e.t.Write(&b, e.format); err != nil {
			return nil, err
		}
		out = append(out, Export{Name: e.name, MIME: e.mime, Data: b.Bytes()})
	}
	return out, nil
}

// provenance describes where results come from, in lines of text: the lab's
// version, the data (name, n, d, non-zeros, the file's fingerprint), the
// problem and run settings, and the link that reproduces them.
func provenance(s *Snapshot) []string {
	st := s.Settings
	lines := []string{"imlab " + Version}
	if d := s.Data; d != nil {
		fp := "none (synthetic preset, data seed " + strconv.FormatUint(st.DataSeed, 10) + ")"
		if d.Source == worker.SourceFile {
			fp = d.File.Fingerprint + " (SHA-256, first 8 bytes, of " + strconv.FormatInt(d.File.Size, 10) + " bytes)"
		}
		lines = append(lines, fmt.Sprintf("data: %s; n=%d, d=%d, nnz=%d, fingerprint=%s",
			d.Name, d.Stats.N, d.Stats.D, d.Stats.NNZ, fp))
	}
	lines = append(lines, runLine(s, table.Float), "link: #"+st.Hash())
	return lines
}

// runLine is the settings of s's run in one line, its numbers written by
// num: exactly in the exports' provenance, to 4 significant digits on a
// figure's title.
func runLine(s *Snapshot, num func(float64) string) string {
	st := s.Settings
	lambda := "the paper's default"
	if !math.IsNaN(s.Lambda) {
		lambda = num(s.Lambda)
	} else if st.Lambda != 0 {
		lambda = num(st.Lambda)
	}
	run := fmt.Sprintf("loss=%s, lambda=%s, eps=%s, maxpasses=%s, taus=%s, partition=%s, seed=%d",
		st.Loss, lambda, num(st.Eps), num(st.MaxPasses), setup.FormatTaus(st.Taus), st.Partition, st.Seed)
	if st.Method != setup.DefaultMethod {
		run = "method=" + string(st.Method) + ", " + run
	}
	if st.Importance == sampling.AdaptiveImp {
		run += ", imp=" + string(st.Importance)
	}
	return run
}

// plotTitle is the title of an exported convergence plot of the sampling
// (sampling.Nice or sampling.Imp): what it shows, then its data and
// settings, numbers to 4 significant digits (the exact ones are in the
// other exports' provenance and the link).
func plotTitle(s *Snapshot, smp sampling.Kind) []string {
	if smp == sampling.Imp {
		smp = s.Settings.Importance // the right plot's runs: static or adaptive
	}
	title := []string{"Primal gap, " + smp.Label() + " sampling"}
	if d := s.Data; d != nil {
		title = append(title, d.Name)
	}
	return append(title, runLine(s, func(x float64) string { return chart.FormatNumber(x, 4) }), provenance(s)[0])
}

// DrawPlot draws the convergence plot of the sampling on a width × height
// figure below its plotTitle: the picture the PNG and SVG exports hold.
func DrawPlot(p chart.Painter, width, height float64, s *Snapshot, smp sampling.Kind) {
	nice, imp := Plots(s)
	plot := nice
	if smp == sampling.Imp {
		plot = imp
	}
	figures.DrawTitled(p, width, height, plotTitle(s, smp), plot)
}

// PlotSVG is DrawPlot as an SVG document.
func PlotSVG(s *Snapshot, smp sampling.Kind, width, height float64) []byte {
	return chart.SVG(width, height, func(p chart.Painter) { DrawPlot(p, width, height, s, smp) })
}
