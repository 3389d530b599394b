package paper

import (
	"fmt"

	"imlab/core/dataset"
	"imlab/core/synth"
)

// Size is the paper's artificial data size: n = 50,000 examples, with
// d = 10,000 features when sparse and 1,000 when dense (NOTES.md).
const (
	SizeN       = 50000
	SizeDSparse = 10000
	SizeDDense  = 1000
)

// Densities of the paper's sparse and dense artificial data.
const (
	SparseDensity = 0.1
	DenseDensity  = 0.8
)

// realSet is a real data set as the paper solved it, with its bias feature.
type realSet struct {
	name string
	n, d int
	nnz  int
}

// realSets are recognised by size: counted on LIBSVM's files with a
// constant-1 feature appended (w8a: 49,749 × 301; ijcnn1.tr: 35,000 × 23,
// 14 entries per row, one of them a stored zero that is dropped).
var realSets = []realSet{
	{"w8a", 49749, 301, 629335},
	{"ijcnn1", 35000, 23, 489999},
}

// Match says which row of which of the paper's tables some data mirrors.
type Match struct {
	Table Table
	Row   string // the row's data set or norm law
	// Same is true when the data is the paper's own (a real data set, or a
	// preset at the paper's size); false when it is a scaled-down preset of
	// the same law and density.
	Same bool
}

// Cell returns the paper's theoretical and empirical ratio at τ.
func (m Match) Cell(tau int) (theory, empirical float64, ok bool) {
	return Cell(m.Table.Rows(), m.Row, tau)
}

// String describes the match for a caption.
func (m Match) String() string {
	if m.Same {
		return fmt.Sprintf("the paper's %s, row %s", m.Table, m.Row)
	}
	return fmt.Sprintf("scaled down from the paper's %s, row %s (n = 50,000 there)", m.Table, m.Row)
}

// MatchReal recognises one of the paper's real data sets, with the bias
// feature, by its size and number of non-zeros.
func MatchReal(st dataset.Stats) (Match, bool) {
	for _, r := range realSets {
		if st.N == r.n && st.D == r.d && st.NNZ == r.nnz {
			return Match{Table: RealTable, Row: r.name, Same: true}, true
		}
	}
	return Match{}, false
}

// MatchPreset recognises artificial data made with one of the paper's norm
// laws (Table 1's labels) at its sparse or dense density; it is the paper's
// own data when n and d are the paper's too.
func MatchPreset(law synth.Norms, density float64, n, d int) (Match, bool) {
	var m Match
	switch density {
	case SparseDensity:
		m.Table = SparseTable
		m.Same = n == SizeN && d == SizeDSparse
	case DenseDensity:
		m.Table = DenseTable
		m.Same = n == SizeN && d == SizeDDense
	default:
		return Match{}, false
	}
	if _, ok := m.Table.Rows()[law.String()]; !ok || law.Paper == 0 {
		return Match{}, false
	}
	m.Row = law.String()
	return m, true
}
