package libsvm

import (
	"math"
	"testing"

	"imlab/internal/shareddata"
)

// The expected figures are those of ../shared/data/README.md and the paper's
// data table (σ with the bias feature).
func TestSharedData(t *testing.T) {
	for _, tc := range []struct {
		file               string
		n, d, nnz          int
		neg, pos           int
		sigmaBias          float64
		positiveClassLabel string
	}{
		{file: "w8a.gz", n: 49_749, d: 300, nnz: 579_586, neg: 48_270, pos: 1_479, sigmaBias: 9.09},
		{file: "ijcnn1.tr.gz", n: 35_000, d: 22, nnz: 454_999, neg: 31_585, pos: 3_415, sigmaBias: 2.04},
		{file: "a9a.gz", n: 32_561, d: 123, nnz: 451_592, neg: 24_720, pos: 7_841},
	} {
		t.Run(tc.file, func(t *testing.T) {
			path := shareddata.Path(t, tc.file)
			ds, err := ReadFile(path, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if ds.N != tc.n || ds.D != tc.d || ds.NNZ() != tc.nnz {
				t.Errorf("n=%d d=%d nnz=%d, want %d, %d, %d", ds.N, ds.D, ds.NNZ(), tc.n, tc.d, tc.nnz)
			}
			if neg, pos := labelCounts(t, ds); neg != tc.neg || pos != tc.pos {
				t.Errorf("labels −1: %d, +1: %d; want %d, %d", neg, pos, tc.neg, tc.pos)
			}
			if err := ds.Validate(); err != nil {
				t.Error(err)
			}
			if tc.sigmaBias == 0 {
				return
			}
			biased, err := ReadFile(path, Options{Bias: true})
			if err != nil {
				t.Fatal(err)
			}
			st := biased.Summarize()
			if st.D != tc.d+1 || st.NNZ != tc.nnz+tc.n || math.Abs(st.Sigma-tc.sigmaBias) > 0.005 {
				t.Errorf("with bias: d=%d nnz=%d σ=%.4f, want %d, %d, %.2f", st.D, st.NNZ, st.Sigma, tc.d+1, tc.nnz+tc.n, tc.sigmaBias)
			}
		})
	}
}

// TestSharedBzip2 reads the full ijcnn1 file, bzip2 compressed as stored.
func TestSharedBzip2(t *testing.T) {
	if testing.Short() {
		t.Skip("bzip2 decompression of 50k rows is slow under wasm")
	}
	ds, err := ReadFile(shareddata.Path(t, "ijcnn1.trn.bz2"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	neg, pos := labelCounts(t, ds)
	if ds.N != 49_990 || ds.D != 22 || ds.NNZ() != 649_869 || neg != 45_137 || pos != 4_853 {
		t.Errorf("n=%d d=%d nnz=%d −1: %d +1: %d; want 49990, 22, 649869, 45137, 4853", ds.N, ds.D, ds.NNZ(), neg, pos)
	}
}
