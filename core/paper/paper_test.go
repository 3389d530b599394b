package paper

import (
	"path/filepath"
	"testing"

	"imlab/core/dataset"
	"imlab/core/libsvm"
	"imlab/core/synth"
	"imlab/internal/shareddata"
)

func TestMatchRealFiles(t *testing.T) {
	dir := shareddata.Dir(t)
	for file, want := range map[string]string{"w8a.gz": "w8a", "ijcnn1.tr.gz": "ijcnn1"} {
		for _, bias := range []bool{true, false} {
			ds, err := libsvm.ReadFile(filepath.Join(dir, file), libsvm.Options{Bias: bias})
			if err != nil {
				t.Fatal(err)
			}
			m, ok := MatchReal(ds.Summarize())
			t.Logf("%s bias=%v: %+v", file, bias, ds.Summarize())
			if ok != bias || (ok && (m.Row != want || m.Table != RealTable || !m.Same)) {
				t.Errorf("%s bias=%v: %+v, %v", file, bias, m, ok)
			}
		}
	}
}

func TestMatchPreset(t *testing.T) {
	m, ok := MatchPreset(synth.Norms{Paper: synth.ChiSq1Law}, 0.8, 10000, 100)
	if !ok || m.Table != DenseTable || m.Same || m.Row != "chisq1" {
		t.Errorf("scaled-down dense chisq1: %+v %v", m, ok)
	}
	if th, em, ok := m.Cell(32); !ok || th != 10 || em != 3.9 {
		t.Errorf("Table 3 chisq1 τ=32: %v : %v", th, em)
	}
	if m, ok := MatchPreset(synth.Norms{Paper: synth.ExtremeLaw}, 0.1, SizeN, SizeDSparse); !ok || !m.Same || m.Table != SparseTable {
		t.Errorf("full-size sparse extreme: %+v", m)
	}
	if _, _, ok := m.Cell(3); ok {
		t.Error("τ = 3 has a paper cell")
	}
	for _, c := range []struct {
		law     synth.Norms
		density float64
	}{{synth.Norms{Law: synth.Law{Family: synth.ChiSquare, Param: 2}}, 0.8}, {synth.Norms{Paper: synth.ChiSq1Law}, 0.5}, {synth.Norms{}, 0.1}} {
		if _, ok := MatchPreset(c.law, c.density, 100, 10); ok {
			t.Errorf("%q at %v matched", c.law, c.density)
		}
	}
	if _, ok := MatchReal(dataset.Stats{N: 49749, D: 301, NNZ: 1}); ok {
		t.Error("w8a's size with another nnz matched")
	}
	if SparseTable.String() == DenseTable.String() || RealTable.Rows()["w8a"].Theory[0] != 2.8 {
		t.Error("tables")
	}
}
