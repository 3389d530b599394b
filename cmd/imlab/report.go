package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"imlab/core/dataset"
	"imlab/core/experiment"
	"imlab/core/method/catalog"
	"imlab/core/paper"
	"imlab/core/sampling"
	"imlab/ui/chart"
	"imlab/ui/figures"
)

// Figure sizes in CSS pixels.
const (
	plotW, plotH = 440.0, 320.0
	histW, histH = 300.0, 220.0
)

// runReport rebuilds every table of the paper on our data and writes a
// results document with the tables, the paper's numbers beside ours, and the
// figures as SVG.
func runReport(args []string, e *env) error {
	fs := newFlags("report")
	var p problemFlags
	p.register(fs)
	size := fs.String("size", "quick", "artificial data size: quick or paper (n = 50,000)")
	seeds := fs.Int("seeds", 3, "seeds per table cell")
	out := fs.String("o", "docs", "output `dir`: results.md and figures/")
	partitions := fs.String("partition", "random,balanced", "bucket partition rules, comma-separated")
	jobs := jobsFlag(fs)
	m := methodFlag(fs)
	var cfg experiment.Config
	stop := registerStop(fs, m, false)
	if err := parse(fs, args, e); err != nil {
		return err
	}
	var err error
	if cfg.Eps, cfg.MaxPassesPerTau, err = stop.values(); err != nil {
		return err
	}
	if *seeds < 1 {
		return fmt.Errorf("-seeds must be at least 1: %w", errUsage)
	}
	rules, err := commaList(*partitions, sampling.ParseRule)
	if err != nil {
		return fmt.Errorf("-partition: %w: %w", err, errUsage)
	}
	cfg.Taus = paper.Taus
	figDir := filepath.Join(*out, "figures")
	if err := os.MkdirAll(figDir, 0o755); err != nil {
		return err
	}
	start := time.Now()
	// Every table's sources run as one set of jobs, so that the cores stay
	// busy across the tables' boundaries.
	var parts []reportPart
	var sources []paper.Source
	for _, preset := range []string{"sparse", "dense", "real"} {
		if preset == "real" && p.path == "" {
			continue
		}
		t, src, title, err := presetSources(preset, *size, p)
		if err != nil {
			return err
		}
		parts = append(parts, reportPart{table: t, title: title, from: len(sources), to: len(sources) + len(src)})
		sources = append(sources, src...)
	}
	res, err := paper.Reproduce(e.ctx, sources, paper.Config{Run: cfg, Rules: rules, Seeds: *seeds, Jobs: *jobs,
		Method: *m, Pose: p.problemFor, Events: progress(e)})
	if err != nil {
		return err
	}
	var sections []string
	for _, part := range parts {
		sec, err := part.section(*m, res, figDir, *out)
		if err != nil {
			return err
		}
		sections = append(sections, sec)
	}
	var full []*paper.TheoryTable
	if *size == "quick" { // the quick tables' companion: their theory at full size
		full, err = paper.FullSizeTheory(e.ctx, paper.TheoryConfig{Method: *m, Pose: p.problemFor, Taus: paper.Taus,
			Partition: sampling.RandomRule, Seed: 1, Events: progress(e)}, p.mem.b)
		if err != nil {
			return err
		}
		sec, err := paper.TheorySection(full)
		if err != nil {
			return err
		}
		sections = append(sections, sec)
	}
	var doc strings.Builder
	fmt.Fprintf(&doc, reportHeader, *size, *seeds, joinRules(rules), cfg.Eps,
		strings.Join(os.Args[1:], " "), time.Now().UTC().Format("2006-01-02"), runtime.Version(),
		runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), cpuModel(), *jobs, time.Since(start).Round(time.Second))
	if !catalog.Describe(*m).Paper {
		fmt.Fprintf(&doc, methodNote, *m, *m, cfg.Eps, catalog.SGDFloor)
	}
	for _, s := range sections {
		doc.WriteString(s)
	}
	if catalog.Describe(*m).Paper {
		doc.WriteString(paper.Discussion(res, full, cfg.Eps))
	}
	path := filepath.Join(*out, reportFile(*m))
	if err := writeFile(e.ctx, path, func(w io.Writer) error {
		_, err := io.WriteString(w, doc.String())
		return err
	}); err != nil {
		return err
	}
	fmt.Fprintf(e.stderr, "imlab report: wrote %s in %s, %d CPUs, %d jobs at once\n",
		path, time.Since(start).Round(time.Second), runtime.NumCPU(), *jobs)
	return unreached(e, res, cfg)
}

// reportFile is the report's file name: results.md for dfSDCA, the paper's
// method, and results-M.md for method M.
func reportFile(m catalog.Name) string {
	if catalog.Describe(m).Paper {
		return "results.md"
	}
	return "results-" + string(m) + ".md"
}

// figurePrefix starts the names of a method's convergence figures:
// nothing for dfSDCA, "M-" for method M, so that reports of several methods
// share one figures directory.
func figurePrefix(m catalog.Name) string {
	if catalog.Describe(m).Paper {
		return ""
	}
	return string(m) + "-"
}

// joinRules lists partition rules in prose: "random and balanced".
func joinRules(rules []sampling.Rule) string {
	names := make([]string, len(rules))
	for i, r := range rules {
		names[i] = string(r)
	}
	return strings.Join(names, " and ")
}

// reportPart is one table of the report: Sources[from:to] of the result.
type reportPart struct {
	table    paper.Table
	title    string
	from, to int
}

// of returns the part's share of the whole report's result.
func (part reportPart) of(res *paper.Result) *paper.Result {
	return &paper.Result{Sources: res.Sources[part.from:part.to], Rules: res.Rules, Taus: res.Taus,
		Cells: res.Cells[part.from:part.to], Norms: res.Norms[part.from:part.to]}
}

// section writes a table's figures and returns its part of the document.
func (part reportPart) section(m catalog.Name, whole *paper.Result, figDir, docDir string) (string, error) {
	r := part.of(whole)
	name := part.table.Name()
	var b strings.Builder
	fmt.Fprintf(&b, "\n## %s: %s\n\n", part.table.Heading(), part.title)
	b.WriteString("Each cell is **theoretical : empirical** ratio θ_imp/θ_nice, the empirical one the mean over the seeds (± their standard deviation); the paper's row follows ours.\n\n")
	if err := resultTable(r, "md").WriteMarkdown(&b); err != nil {
		return "", err
	}
	b.WriteString("\n" + r.Comparison() + "\n")
	rel := func(name string) string { rel, _ := filepath.Rel(docDir, filepath.Join(figDir, name)); return rel }
	for s, src := range r.Sources {
		if part.table != paper.RealTable {
			file := fmt.Sprintf("hist-%s-%s.svg", name, src.Name)
			h := figures.Histogram(src.Name, dataset.NewHistogram(r.Norms[s], 40))
			if err := writeSVG(filepath.Join(figDir, file), histW, histH, func(p chart.Painter) { h.Draw(p, histW, histH) }); err != nil {
				return "", err
			}
			fmt.Fprintf(&b, "![‖x_i‖² of %s](%s) ", src.Name, rel(file))
		}
		var curves []figures.Curve
		for _, tr := range r.Cells[s][0].Traces {
			curves = append(curves, figures.Curve{Tau: tr.Tau, Sampling: tr.Sampling, Trace: tr.Points, X: tr.PerTau})
		}
		nice, imp := figures.Convergence(src.Name, r.Taus, sampling.Imp, curves)
		for _, pl := range []struct {
			suffix string
			plot   *chart.LinePlot
		}{{"nice", nice}, {"imp", imp}} {
			file := fmt.Sprintf("conv-%s%s-%s-%s.svg", figurePrefix(m), name, src.Name, pl.suffix)
			if err := writeSVG(filepath.Join(figDir, file), plotW, plotH, func(p chart.Painter) { pl.plot.Draw(p, plotW, plotH) }); err != nil {
				return "", err
			}
			fmt.Fprintf(&b, "![%s, %s](%s) ", src.Name, pl.suffix, rel(file))
		}
		b.WriteString("\n\n")
	}
	return b.String(), nil
}

// writeSVG draws one figure into an SVG file. The runs are over by then,
// and a figure takes a moment: it is written whole, interrupted or not.
func writeSVG(path string, w, h float64, draw func(chart.Painter)) error {
	return writeFile(context.Background(), path, func(out io.Writer) error {
		_, err := out.Write(chart.SVG(w, h, draw))
		return err
	})
}

// cpuModel names the processor, where Linux tells.
func cpuModel() string {
	b, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		return "unknown CPU"
	}
	for _, line := range strings.Split(string(b), "\n") {
		if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" {
			return strings.TrimSpace(v)
		}
	}
	return "unknown CPU"
}

const reportHeader = `# Reproducing "Importance Sampling for Minibatches"

This document is generated: ` + "`./build.sh results`" + ` rebuilds it (tables, comparison and figures) from scratch.
Size **%s**, **%d** seeds per cell (seeds 1, 2, …; each seed redraws the bucket partition and the samples),
partition rules %s, target gap ε = %g, logistic loss, λ = maxᵢ‖xᵢ‖/n.

Command: ` + "`imlab %s`" + ` — run on %s with %s %s/%s, %d CPUs (%s), %d jobs at once; it took %s.

Axes of every convergence figure: P(w) − P* (log scale) against iterations/n (passes ÷ τ), τ-nice left and
τ-importance right on the same ranges. Histograms: ‖xᵢ‖² of the data, count on a log scale.
`

// methodNote follows the header of a report for a method other than
// dfSDCA: what its ratios mean.
const methodNote = `
Method: **%s** (` + "`-method %s`" + `), each run with its safe step for its sampling (docs/methods.md). Its
theoretical ratio is the passes per e-fold its theory predicts with τ-nice over those with τ-importance
(` + "`imlab theory -method`" + `); its empirical ratio is the passes to ε = %g of τ-nice over τ-importance (SGD:
decreasing steps, to no less than %g). The paper's rows are dfSDCA's, for comparison. Convergence figures are
against passes/τ (each gradient or coordinate evaluation counted, L-SVRG's full gradients included).
`
