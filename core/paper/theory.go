package paper

import (
	"context"
	"fmt"
	"strings"

	"imlab/core/budget"
	"imlab/core/dataset"
	"imlab/core/method/catalog"
	"imlab/core/problem"
	"imlab/core/sampling"
	"imlab/core/table"
)

// TheoryTable is the theoretical half of a ratio table: the ratios the
// theory of a method predicts on each source, with no run. It costs
// O(nnz) a cell, so it is made at the paper's size, where the runs would
// take hours.
type TheoryTable struct {
	Table Table
	Title string // what the sources are, as Artificial describes them
	Taus  []int
	Rows  []TheoryRow
}

// TheoryRow is one source of a TheoryTable.
type TheoryRow struct {
	Source Source
	Ratio  []float64 // by Taus: catalog.Speedup of τ-importance over τ-nice
	Sigma  float64   // σ = max‖xᵢ‖² / mean‖xᵢ‖² of the source's data
}

// TheoryConfig is what Theory computes the ratios with.
type TheoryConfig struct {
	Method    catalog.Name
	Pose      func(*dataset.Dataset) (*problem.Problem, error) // as Config.Pose
	Taus      []int
	Partition sampling.Rule
	Seed      uint64
	Events    func(Event) // hears Loading for each source, if not nil
}

// Theory computes the theoretical ratios of cfg.Method on sources, the
// data sets of table t described by title, loading one at a time.
func Theory(ctx context.Context, t Table, sources []Source, title string, cfg TheoryConfig) (*TheoryTable, error) {
	tt := &TheoryTable{Table: t, Title: title, Taus: cfg.Taus}
	for _, src := range sources {
		if cfg.Events != nil {
			cfg.Events(Event{Kind: Loading, Source: src.Name})
		}
		ds, err := src.Load(ctx)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", src.Name, err)
		}
		pr, err := cfg.Pose(ds)
		if err != nil {
			return nil, err
		}
		row := TheoryRow{Source: src, Sigma: pr.Data.SummarizeNorms(pr.SquaredNorms()).Sigma} // the norms the problem measured
		for _, tau := range cfg.Taus {
			nice, imp, err := catalog.Ratio(cfg.Method, pr, tau, cfg.Partition, cfg.Seed)
			if err != nil {
				return nil, fmt.Errorf("%s τ=%d: %w", src.Name, tau, err)
			}
			row.Ratio = append(row.Ratio, catalog.Speedup(cfg.Method, nice, imp))
		}
		tt.Rows = append(tt.Rows, row)
	}
	return tt, nil
}

// Cells lays the table out with a column per τ, each cell "ours (the
// paper's)" where the paper has the cell.
func (tt *TheoryTable) Cells() *table.Table {
	header := []string{"data"}
	for _, tau := range tt.Taus {
		header = append(header, fmt.Sprintf("τ=%d", tau))
	}
	tab := &table.Table{Header: header}
	for _, row := range tt.Rows {
		cells := []string{row.Source.Name}
		for k, tau := range tt.Taus {
			cell := table.Sig(row.Ratio[k], 2)
			if pt, _, ok := Cell(tt.Table.Rows(), row.Source.Name, tau); ok {
				cell += " (" + table.Sig(pt, 2) + ")"
			}
			cells = append(cells, cell)
		}
		tab.Add(cells...)
	}
	return tab
}

// FullSizeTheory is the theoretical half of Tables 2 and 3 at the paper's
// size, its data made under the memory budget b, for a report whose runs
// are smaller.
func FullSizeTheory(ctx context.Context, cfg TheoryConfig, b budget.Budget) ([]*TheoryTable, error) {
	var tables []*TheoryTable
	for _, t := range []Table{SparseTable, DenseTable} {
		sources, title, err := Artificial(t, Full, b)
		if err != nil {
			return nil, err
		}
		tt, err := Theory(ctx, t, sources, title, cfg)
		if err != nil {
			return nil, err
		}
		tables = append(tables, tt)
	}
	return tables, nil
}

// TheorySection is the report's section of the tables of FullSizeTheory.
func TheorySection(tables []*TheoryTable) (string, error) {
	var b strings.Builder
	b.WriteString("\n## Theoretical ratios at the paper's size\n\n")
	fmt.Fprintf(&b, "Full runs at n = %s take hours on two cores, but the theoretical ratios take seconds: ", thousands(SizeN))
	b.WriteString("here they are for the paper's own sizes (random partition, seed 1), ours with the paper's in brackets.\n")
	for _, tt := range tables {
		fmt.Fprintf(&b, "\n%s, %s:\n\n", tt.Table.Heading(), tt.Title)
		if err := tt.Cells().WriteMarkdown(&b); err != nil {
			return "", err
		}
	}
	return b.String(), nil
}

// Heading names the table as a report's headings do.
func (t Table) Heading() string {
	switch t {
	case SparseTable:
		return "Table 2 (sparse artificial data)"
	case DenseTable:
		return "Table 3 (dense artificial data)"
	case RealTable:
		return "Table 5 (real data)"
	}
	return t.String()
}

// thousands writes n with commas: 50,000.
func thousands(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
