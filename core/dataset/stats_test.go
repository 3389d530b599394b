package dataset

import (
	"fmt"
	"math"
	"slices"
	"testing"
)

func TestStatistics(t *testing.T) {
	ds := tiny(t)
	if got, want := ds.SquaredNorms(), []float64{5, 9, 16}; !slices.Equal(got, want) {
		t.Errorf("SquaredNorms = %v, want %v", got, want)
	}
	if got, want := ds.FeatureCounts(), []int{1, 1, 1, 1}; !slices.Equal(got, want) {
		t.Errorf("FeatureCounts = %v, want %v", got, want)
	}
	// σ = max/mean = 16 / (30/3); density 4/12; max norm √16.
	want := Stats{N: 3, D: 4, NNZ: 4, Density: 4.0 / 12, Sigma: 1.6, MaxNorm: 4}
	if got := ds.Summarize(); got != want {
		t.Errorf("Summarize = %+v, want %+v", got, want)
	}
	biased := ds.WithBias()
	if got, want := biased.FeatureCounts(), []int{1, 1, 1, 1, 3}; !slices.Equal(got, want) {
		t.Errorf("FeatureCounts with bias = %v, want %v", got, want)
	}
}

func TestSigmaOfAllZeroDataIsNaN(t *testing.T) {
	var b Builder
	b.Append(nil, nil, 1)
	b.SetMinFeatures(2)
	ds, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	if st := ds.Summarize(); !math.IsNaN(st.Sigma) || st.MaxNorm != 0 || st.Density != 0 {
		t.Errorf("all-zero data: %+v", st)
	}
}

func TestHistogram(t *testing.T) {
	for _, tc := range []struct {
		name     string
		values   []float64
		bins     int
		min, max float64
		counts   []int
	}{
		{"spread", []float64{0, 1, 2, 3, 4}, 4, 0, 4, []int{1, 1, 1, 2}}, // last bin closed
		{"one bin", []float64{3, -1, 2}, 1, -1, 3, []int{3}},
		{"equal values", []float64{2, 2, 2}, 3, 2, 2, []int{0, 0, 3}},
		{"empty", nil, 2, 0, 0, []int{0, 0}},
		{"uneven", []float64{0, 0.1, 0.2, 9.9, 10}, 10, 0, 10, []int{3, 0, 0, 0, 0, 0, 0, 0, 0, 2}},
	} {
		h := NewHistogram(tc.values, tc.bins)
		if h.Min != tc.min || h.Max != tc.max || !slices.Equal(h.Counts, tc.counts) {
			t.Errorf("%s: %+v, want [%v, %v] %v", tc.name, h, tc.min, tc.max, tc.counts)
		}
	}
}

func TestHistogramBinEdges(t *testing.T) {
	h := NewHistogram([]float64{1, 3}, 4)
	if got, want := h.BinEdges(), []float64{1, 1.5, 2, 2.5, 3}; !slices.Equal(got, want) {
		t.Errorf("BinEdges = %v, want %v", got, want)
	}
}

func TestHistogramPanicsWithoutBins(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("NewHistogram(…, 0) did not panic")
		}
	}()
	NewHistogram([]float64{1}, 0)
}

func ExampleDataset_Summarize() {
	var b Builder
	b.Append([]int32{0, 2}, []float64{1, 2}, 1) // ‖x‖² = 5
	b.Append([]int32{3}, []float64{3}, -1)      // ‖x‖² = 9
	b.Append([]int32{1}, []float64{-4}, 1)      // ‖x‖² = 16
	ds, err := b.Build()
	if err != nil {
		fmt.Println(err)
		return
	}
	st := ds.Summarize()
	fmt.Printf("%d×%d, %d non-zeros, σ = 16/((5+9+16)/3) = %v\n", st.N, st.D, st.NNZ, st.Sigma)
	fmt.Println("with bias:", ds.WithBias().FeatureCounts())
	// Output:
	// 3×4, 4 non-zeros, σ = 16/((5+9+16)/3) = 1.6
	// with bias: [1 1 1 1 3]
}

// benchData is an n×d data set with every third entry non-zero.
func benchData(n, d int) *Dataset {
	var b Builder
	idx, val := []int32{}, []float64{}
	for i := 0; i < n; i++ {
		idx, val = idx[:0], val[:0]
		for j := i % 3; j < d; j += 3 {
			idx = append(idx, int32(j))
			val = append(val, float64(1+(i+j)%7))
		}
		b.Append(idx, val, 1)
	}
	ds, err := b.Build()
	if err != nil {
		panic(err)
	}
	return ds
}

func BenchmarkSummarize(b *testing.B) {
	for _, size := range [][2]int{{1000, 30}, {10000, 300}, {50000, 300}} {
		ds := benchData(size[0], size[1])
		b.Run(fmt.Sprintf("n=%d/d=%d", size[0], size[1]), func(b *testing.B) {
			for range b.N {
				ds.Summarize()
			}
		})
	}
}

func BenchmarkValidate(b *testing.B) {
	for _, n := range []int{1000, 50000} {
		ds := benchData(n, 300)
		b.Run(fmt.Sprintf("n=%d/d=300", n), func(b *testing.B) {
			for range b.N {
				if err := ds.Validate(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
