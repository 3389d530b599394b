package paper

import "imlab/core/synth"

// Published is one row of a ratio table: theoretical and empirical ratios
// θ_imp/θ_nice at τ = Taus[k].
type Published struct{ Theory, Empirical [6]float64 }

// Taus are the minibatch sizes of every ratio table in the paper.
var Taus = []int{1, 2, 4, 8, 16, 32}

// Table names one of the paper's ratio tables.
type Table int

// The ratio tables, numbered as in the arXiv LaTeX source (Table 1 lists
// the norm laws, Table 4 the real data sets).
const (
	SparseTable Table = 2 // artificial data, ω' = 0.1
	DenseTable  Table = 3 // artificial data, ω' = 0.8
	RealTable   Table = 5 // real data, with a bias feature
)

// String names the table as the paper captions it.
func (t Table) String() string {
	switch t {
	case SparseTable:
		return "Table 2 (sparse artificial data, ω' = 0.1)"
	case DenseTable:
		return "Table 3 (dense artificial data, ω' = 0.8)"
	case RealTable:
		return "Table 5 (real data)"
	}
	return "unknown table"
}

// Rows returns the table's rows by data set name.
func (t Table) Rows() map[string]Published {
	switch t {
	case SparseTable:
		return Sparse
	case DenseTable:
		return Dense
	case RealTable:
		return Real
	}
	return nil
}

// Sparse is Table 2: artificial data with ω' = 0.1, by norm law.
var Sparse = map[string]Published{
	"uniform":  {[6]float64{1.2, 1.2, 1.2, 1.2, 1.3, 1.4}, [6]float64{1.0, 1.1, 1.1, 1.1, 1.1, 1.1}},
	"chisq100": {[6]float64{1.5, 1.5, 1.5, 1.6, 1.6, 1.6}, [6]float64{1.3, 1.3, 1.4, 1.4, 1.4, 1.4}},
	"chisq10":  {[6]float64{1.9, 1.9, 2.0, 2.2, 2.5, 2.8}, [6]float64{1.4, 1.5, 1.4, 1.5, 1.6, 1.7}},
	"chisq1":   {[6]float64{1.9, 2.0, 2.2, 2.5, 3.1, 4.2}, [6]float64{1.4, 1.4, 1.5, 1.6, 1.6, 1.7}},
	"extreme":  {[6]float64{8.8, 9.6, 11, 14, 20, 32}, [6]float64{4.8, 6.6, 6.4, 6.4, 6.9, 6.1}},
}

// Dense is Table 3: artificial data with ω' = 0.8, by norm law.
var Dense = map[string]Published{
	"uniform":  {[6]float64{1.2, 1.2, 1.4, 1.5, 1.7, 1.8}, [6]float64{1.1, 1.1, 1.2, 1.2, 1.3, 1.3}},
	"chisq100": {[6]float64{1.5, 1.6, 1.6, 1.7, 1.7, 1.7}, [6]float64{1.3, 1.4, 1.5, 1.5, 1.6, 1.6}},
	"chisq10":  {[6]float64{1.9, 2.2, 2.7, 3.1, 3.5, 3.6}, [6]float64{1.3, 1.6, 2.1, 2.3, 2.5, 2.7}},
	"chisq1":   {[6]float64{1.9, 2.6, 3.7, 5.6, 7.9, 10}, [6]float64{1.3, 1.8, 2.3, 2.9, 3.2, 3.9}},
	"extreme":  {[6]float64{8.8, 15, 27, 50, 91, 154}, [6]float64{5.0, 7.8, 12, 16, 21, 28}},
}

// Sigma is Table 1's σ = max‖xᵢ‖² / mean‖xᵢ‖² of each artificial law: the
// paper's single draw at n = SizeN.
var Sigma = map[synth.PaperLaw]float64{
	synth.ExtremeLaw: 980.4, synth.ChiSq1Law: 17.1, synth.ChiSq10Law: 3.9, synth.ChiSq100Law: 1.7, synth.UniformLaw: 2.0,
}

// Real is Table 5: real data sets, with a bias feature appended.
var Real = map[string]Published{
	"ijcnn1":  {[6]float64{1.2, 1.4, 1.6, 1.9, 2.2, 2.3}, [6]float64{1.1, 1.1, 1.3, 1.6, 1.6, 1.8}},
	"protein": {[6]float64{1.3, 1.4, 1.5, 1.7, 1.8, 1.9}, [6]float64{1.2, 1.2, 1.4, 1.4, 1.5, 1.5}},
	"w8a":     {[6]float64{2.8, 2.9, 2.9, 3.0, 3.0, 3.0}, [6]float64{2.0, 1.9, 1.9, 1.9, 1.8, 1.8}},
	"url":     {[6]float64{3.0, 2.6, 2.0, 1.7, 1.8, 1.8}, [6]float64{2.3, 2.1, 1.8, 1.6, 1.6, 1.7}},
	"aloi":    {[6]float64{13, 12, 11, 9.9, 9.3, 8.8}, [6]float64{7.8, 8.0, 7.7, 7.4, 7.0, 6.7}},
}

// Cell returns the paper's theoretical and empirical ratio for the named
// data set of table at τ, if the paper reports one.
func Cell(table map[string]Published, name string, tau int) (theory, empirical float64, ok bool) {
	p, found := table[name]
	if !found {
		return 0, 0, false
	}
	for k, t := range Taus {
		if t == tau {
			return p.Theory[k], p.Empirical[k], true
		}
	}
	return 0, 0, false
}
