package main

import (
	"context"
	"fmt"
	"math"
	"path/filepath"
	"strconv"
	"strings"

	"imlab/core/dataset"
	"imlab/core/libsvm"
	"imlab/core/paper"
	"imlab/core/table"
)

// presetSources are the data sets of the paper table named preset ("sparse",
// "dense" or "real"), and a title describing them: artificial data at
// size, or for "real" the -data files, with a bias feature as the paper has.
func presetSources(preset, size string, prob problemFlags) (paper.Table, []paper.Source, string, error) {
	t, err := paper.ParseTable(preset)
	if err != nil {
		return 0, nil, "", fmt.Errorf("-%w: %w", err, errUsage)
	}
	if t == paper.RealTable {
		if prob.path == "" {
			return 0, nil, "", fmt.Errorf("-preset real needs -data FILE[,FILE…]: %w", errUsage)
		}
		var sources []paper.Source
		for _, path := range strings.Split(prob.path, ",") {
			opt := libsvm.Options{Bias: true, PositiveClass: prob.class, Budget: prob.mem.b}
			sources = append(sources, paper.Source{Name: dataName(path), Table: t,
				Load: func(ctx context.Context) (*dataset.Dataset, error) { return readFile(ctx, path, opt) }})
		}
		return t, sources, "real data with a bias feature", nil
	}
	sz, err := paper.ParseSize(size)
	if err != nil {
		return 0, nil, "", fmt.Errorf("-%w: %w", err, errUsage)
	}
	sources, title, err := paper.Artificial(t, sz, prob.mem.b)
	return t, sources, title, err
}

// dataName is a file's data-set name: w8a.gz → w8a, ijcnn1.tr.gz → ijcnn1.
func dataName(path string) string {
	name := filepath.Base(path)
	for _, ext := range []string{".gz", ".bz2", ".svm", ".libsvm", ".txt", ".tr", ".trn", ".t"} {
		name = strings.TrimSuffix(name, ext)
	}
	return name
}

// resultTable lays a reproduced table out like the paper ("md": one row per
// data set and rule, cells theory : empirical ± sd, the paper's row
// beneath) or long ("csv": one row per data set, rule and τ, with the
// paper's numbers).
func resultTable(r *paper.Result, format string) *table.Table {
	if format == "csv" {
		t := &table.Table{Header: []string{"data", "partition", "tau", "theory", "empirical", "empirical_sd", "paper_theory", "paper_empirical"}}
		for s, src := range r.Sources {
			for k, rule := range r.Rules {
				for _, row := range r.Cells[s][k].Rows {
					pt, pe, ok := paper.Cell(src.Table.Rows(), src.Name, row.Tau)
					if !ok {
						pt, pe = math.NaN(), math.NaN()
					}
					t.Add(src.Name, string(rule), strconv.Itoa(row.Tau), table.Float(row.Theory), empirical(row, r.Cells[s][k], table.Float),
						sdCell(row.SD), table.Float(pt), table.Float(pe))
				}
			}
		}
		return t
	}
	header := []string{"data", "partition"}
	for _, tau := range r.Taus {
		header = append(header, fmt.Sprintf("τ=%d", tau))
	}
	t := &table.Table{Header: header}
	for s, src := range r.Sources {
		any := false
		for k, rule := range r.Rules {
			c := r.Cells[s][k]
			if c.Seeds == 0 {
				continue // not reached before an interrupt
			}
			any = true
			cells := []string{src.Name, string(rule)}
			for _, row := range c.Rows {
				cell := table.Sig(row.Theory, 2) + " : " + empirical(row, c, func(x float64) string { return table.Sig(x, 2) })
				if !math.IsNaN(row.SD) {
					cell += " ±" + table.Sig(row.SD, 1)
				}
				cells = append(cells, cell)
			}
			t.Add(cells...)
		}
		if _, ok := src.Table.Rows()[src.Name]; ok && any {
			cells := []string{src.Name, "paper"}
			for _, tau := range r.Taus {
				pt, pe, ok := paper.Cell(src.Table.Rows(), src.Name, tau)
				cell := "–"
				if ok {
					cell = table.Sig(pt, 2) + " : " + table.Sig(pe, 2)
				}
				cells = append(cells, cell)
			}
			t.Add(cells...)
		}
	}
	return t
}
