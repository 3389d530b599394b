package main

import (
	"context"
	"fmt"
	"math"
	"path/filepath"
	"strconv"
	"strings"

	"imlab/core/dataset"
	"imlab/core/experiment"
	"imlab/core/libsvm"
	"imlab/core/problem"
	"imlab/core/synth"
	"imlab/core/table"
	"imlab/core/theory"
)

// Sizes of the artificial presets. "paper" is the paper's n = 50,000 with
// d = 10,000 sparse and d = 1,000 dense (NOTES.md); "quick" scales n and d
// down tenfold, keeping ω' and d/n, so a table takes minutes on two cores;
// "tiny" takes seconds, for smoke tests.
var presetSizes = map[string]struct{ n, dSparse, dDense int }{
	"tiny":  {500, 100, 10},
	"quick": {5000, 1000, 100},
	"paper": {50000, 10000, 1000},
}

// paperLawOrder is the order of the norm laws in the paper's tables.
var paperLawOrder = []string{"uniform", "chisq100", "chisq10", "chisq1", "extreme"}

// presetDataSeed seeds every artificial data set of the presets.
const presetDataSeed = 1

// dataSource is one data set (row group) of a preset table.
type dataSource struct {
	name string
	load func(context.Context) (*dataset.Dataset, error)
}

// presetTable is one of the paper's ratio tables, rebuilt on our data.
type presetTable struct {
	name, title string
	sources     []dataSource
	published   map[string]published
	prob        problemFlags
	seeds       int
}

// newPresetTable describes the preset "sparse", "dense" or "real".
func newPresetTable(preset, size string, prob problemFlags, seeds int) (*presetTable, error) {
	t := &presetTable{name: preset, prob: prob, seeds: seeds}
	switch preset {
	case "sparse", "dense":
		sz, ok := presetSizes[size]
		if !ok {
			return nil, fmt.Errorf("-size %q: want quick, paper or tiny: %w", size, errUsage)
		}
		density, d, pub := 0.1, sz.dSparse, paperSparse
		if preset == "dense" {
			density, d, pub = 0.8, sz.dDense, paperDense
		}
		t.published = pub
		t.title = fmt.Sprintf("artificial data, ω' = %g, n = %d, d = %d (data seed %d)", density, sz.n, d, presetDataSeed)
		for _, law := range paperLawOrder {
			cfg := synth.Config{N: sz.n, D: d, Density: density, Norms: law, Seed: presetDataSeed, Budget: prob.mem.b}
			t.sources = append(t.sources, dataSource{law, func(context.Context) (*dataset.Dataset, error) { return synth.Generate(cfg) }})
		}
	case "real":
		t.published = paperReal
		t.title = "real data with a bias feature"
		paths := strings.Split(prob.path, ",")
		if prob.path == "" {
			return nil, fmt.Errorf("-preset real needs -data FILE[,FILE…]: %w", errUsage)
		}
		for _, path := range paths {
			opt := libsvm.Options{Bias: true, PositiveClass: prob.class, Budget: prob.mem.b}
			t.sources = append(t.sources, dataSource{dataName(path), func(ctx context.Context) (*dataset.Dataset, error) { return readFile(ctx, path, opt) }})
		}
	default:
		return nil, fmt.Errorf("-preset %q: want sparse, dense or real: %w", preset, errUsage)
	}
	return t, nil
}

// dataName is a file's data-set name: w8a.gz → w8a, ijcnn1.tr.gz → ijcnn1.
func dataName(path string) string {
	name := filepath.Base(path)
	for _, ext := range []string{".gz", ".bz2", ".svm", ".libsvm", ".txt", ".tr", ".trn", ".t"} {
		name = strings.TrimSuffix(name, ext)
	}
	return name
}

// presetResult holds the seed averages of every data set and partition rule.
type presetResult struct {
	tab   *presetTable
	taus  []int
	rules []string
	cells map[string]map[string]seedAverage // data set → partition rule → averages
	pr    map[string]*problem.Problem
}

// run computes the table: for each data set its P*, then every rule's seeds.
func (t *presetTable) run(ctx context.Context, cfg experiment.Config, rules []string, e *env) (*presetResult, error) {
	res := &presetResult{tab: t, taus: cfg.Taus, rules: rules,
		cells: map[string]map[string]seedAverage{}, pr: map[string]*problem.Problem{}}
	for _, src := range t.sources {
		fmt.Fprintf(e.stderr, "imlab: %s: %s\n", t.name, src.name)
		ds, err := src.load(e.ctx)
		if err != nil {
			return res, fmt.Errorf("%s: %w", src.name, err)
		}
		prob := t.prob
		pr, err := prob.problemFor(ds)
		if err != nil {
			return res, err
		}
		pstar, err := solveOptimum(pr, e)
		if err != nil {
			return res, fmt.Errorf("%s: %w", src.name, err)
		}
		res.pr[src.name] = pr
		res.cells[src.name] = map[string]seedAverage{}
		for _, rule := range rules {
			c := cfg
			c.Partition = rule
			avg, err := averageSeeds(ctx, pr, pstar, c, t.seeds, e)
			res.cells[src.name][rule] = avg
			if err != nil {
				return res, fmt.Errorf("%s, %s partition: %w", src.name, rule, err)
			}
		}
	}
	return res, nil
}

// finished counts the data set and partition cells with at least one seed.
func (r *presetResult) finished() int {
	n := 0
	for _, rules := range r.cells {
		for _, avg := range rules {
			if avg.seeds > 0 {
				n++
			}
		}
	}
	return n
}

// table lays the result out like the paper ("md": one row per data set and
// rule, cells theory : empirical ± sd, the paper's row beneath) or long
// ("csv": one row per data set, rule and τ, with the paper's numbers).
func (r *presetResult) table(format string) *table.Table {
	if format == "csv" {
		t := &table.Table{Header: []string{"data", "partition", "tau", "theory", "empirical", "empirical_sd", "paper_theory", "paper_empirical"}}
		for _, src := range r.tab.sources {
			for _, rule := range r.rules {
				for _, row := range r.cells[src.name][rule].rows {
					pt, pe, ok := paperCell(r.tab.published, src.name, row.tau)
					if !ok {
						pt, pe = math.NaN(), math.NaN()
					}
					t.Add(src.name, rule, strconv.Itoa(row.tau), table.Float(row.theory), table.Float(row.empirical),
						table.Float(row.sd), table.Float(pt), table.Float(pe))
				}
			}
		}
		return t
	}
	header := []string{"data", "partition"}
	for _, tau := range r.taus {
		header = append(header, fmt.Sprintf("τ=%d", tau))
	}
	t := &table.Table{Header: header}
	for _, src := range r.tab.sources {
		if len(r.cells[src.name]) == 0 {
			continue // not reached before an interrupt
		}
		for _, rule := range r.rules {
			if r.cells[src.name][rule].seeds == 0 {
				continue
			}
			cells := []string{src.name, rule}
			for _, row := range r.cells[src.name][rule].rows {
				cell := table.Sig(row.theory, 2) + " : " + table.Sig(row.empirical, 2)
				if !math.IsNaN(row.sd) {
					cell += " ±" + table.Sig(row.sd, 1)
				}
				cells = append(cells, cell)
			}
			t.Add(cells...)
		}
		if _, ok := r.tab.published[src.name]; ok {
			cells := []string{src.name, "paper"}
			for _, tau := range r.taus {
				pt, pe, ok := paperCell(r.tab.published, src.name, tau)
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

// theoryTable computes only the theoretical ratios of the preset, for each
// data set and τ (partition rule and seed as given): cheap, O(nnz) per cell,
// so it runs at the paper's size where the solver runs would take hours.
// Cells read "ours (paper)".
func (t *presetTable) theoryTable(taus []int, rule string, seed uint64, e *env) (*table.Table, error) {
	header := []string{"data"}
	for _, tau := range taus {
		header = append(header, fmt.Sprintf("τ=%d", tau))
	}
	tab := &table.Table{Header: header}
	for _, src := range t.sources {
		fmt.Fprintf(e.stderr, "imlab: %s theory: %s\n", t.name, src.name)
		ds, err := src.load(e.ctx)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", src.name, err)
		}
		pr, err := t.prob.problemFor(ds)
		if err != nil {
			return nil, err
		}
		cells := []string{src.name}
		for _, tau := range taus {
			nice, imp, err := theory.Ratio(pr, tau, rule, seed)
			if err != nil {
				return nil, fmt.Errorf("%s τ=%d: %w", src.name, tau, err)
			}
			cell := table.Sig(imp/nice, 2)
			if pt, _, ok := paperCell(t.published, src.name, tau); ok {
				cell += " (" + table.Sig(pt, 2) + ")"
			}
			cells = append(cells, cell)
		}
		tab.Add(cells...)
	}
	return tab, nil
}
