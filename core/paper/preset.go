package paper

import (
	"context"
	"fmt"

	"imlab/core/budget"
	"imlab/core/dataset"
	"imlab/core/synth"
)

// Size scales the artificial presets of Tables 2 and 3.
type Size string

// The sizes. Full is the paper's n = 50,000 with d = 10,000 sparse and
// d = 1,000 dense; Quick scales n and d down tenfold, keeping ω' and d/n,
// so a table takes minutes on two cores; Tiny takes seconds, for tests.
const (
	Tiny  Size = "tiny"
	Quick Size = "quick"
	Full  Size = "paper"
)

// Sizes lists every Size.
var Sizes = []Size{Tiny, Quick, Full}

// ParseSize returns the Size named s.
func ParseSize(s string) (Size, error) {
	for _, z := range Sizes {
		if string(z) == s {
			return z, nil
		}
	}
	return "", fmt.Errorf("size %q: want quick, paper or tiny", s)
}

// dims are the size's n and its d for sparse and for dense data.
func (s Size) dims() (n, dSparse, dDense int) {
	switch s {
	case Tiny:
		return 500, 100, 10
	case Quick:
		return 5000, 1000, 100
	}
	return SizeN, SizeDSparse, SizeDDense
}

// DataSeed seeds every artificial data set of the presets.
const DataSeed = 1

// Name is the table's preset name: "sparse", "dense" or "real".
func (t Table) Name() string {
	switch t {
	case SparseTable:
		return "sparse"
	case DenseTable:
		return "dense"
	case RealTable:
		return "real"
	}
	return "unknown"
}

// ParseTable returns the table whose Name is name.
func ParseTable(name string) (Table, error) {
	for _, t := range []Table{SparseTable, DenseTable, RealTable} {
		if t.Name() == name {
			return t, nil
		}
	}
	return 0, fmt.Errorf("preset %q: want sparse, dense or real", name)
}

// Source is one data set of a reproduced table: one group of its rows.
type Source struct {
	Name  string // the row's name in the paper's table: a norm law or a data set
	Table Table  // the table whose published row it is compared with
	// Law is the norm law of an artificial source (Artificial); zero for
	// real data.
	Law synth.PaperLaw
	// Load makes or reads the data; it should stop when ctx ends.
	Load func(ctx context.Context) (*dataset.Dataset, error)
}

// Artificial returns the sources of SparseTable or DenseTable at size, one
// per norm law in synth.PaperLaws' order, generated with DataSeed under the memory budget
// b, and a title that describes them.
func Artificial(t Table, size Size, b budget.Budget) ([]Source, string, error) {
	n, d, _ := size.dims()
	density := SparseDensity
	switch t {
	case SparseTable:
	case DenseTable:
		_, _, d = size.dims()
		density = DenseDensity
	default:
		return nil, "", fmt.Errorf("paper: %v has no artificial data", t)
	}
	var sources []Source
	for _, law := range synth.PaperLaws {
		cfg := synth.Config{N: n, D: d, Density: density, Norms: synth.Norms{Paper: law}, Seed: DataSeed, Budget: b}
		sources = append(sources, Source{Name: law.String(), Table: t, Law: law, Load: func(ctx context.Context) (*dataset.Dataset, error) {
			return synth.GenerateContext(ctx, cfg)
		}})
	}
	title := fmt.Sprintf("artificial data, ω' = %g, n = %d, d = %d (data seed %d)", density, n, d, DataSeed)
	return sources, title, nil
}
