package dataset

import "math"

// SquaredNorms returns ‖x_i‖² for every example, each the sum of its
// row's squares in the row's order.
func (ds *Dataset) SquaredNorms() []float64 {
	out := make([]float64, ds.N)
	for i := range out {
		out[i] = sumSquares(ds.Val[ds.RowPtr[i]:ds.RowPtr[i+1]])
	}
	return out
}

// sumSquares returns Σ v² over val, added in order: a kernel called once
// per row, so that a browser's WebAssembly engine, which optimises a
// function only between its calls, runs it in optimised code after the
// first rows (and, under js/wasm, in assembly: squares_wasm.s).
func sumSquares(val []float64) float64 { return sumSquaresKernel(val) }

// sumSquaresGeneric is sumSquares in Go: natively the kernel, and the
// reference for the assembly.
func sumSquaresGeneric(val []float64) float64 {
	s := 0.0
	for _, v := range val {
		s += float64(v * v)
	}
	return s
}

// FeatureCounts returns |J_j|, the number of examples with a non-zero in
// feature j, for every feature.
func (ds *Dataset) FeatureCounts() []int {
	out := make([]int, ds.D)
	for _, j := range ds.Col {
		out[j]++
	}
	return out
}

// Stats summarises a data set as the paper's data table does.
type Stats struct {
	N, D    int
	NNZ     int
	Density float64 // NNZ / (N·D)
	Sigma   float64 // max_i ‖x_i‖² / mean_i ‖x_i‖²; NaN if every example is zero
	MaxNorm float64 // max_i ‖x_i‖ (the norm, not its square)
}

// Summarize computes the Stats of ds.
func (ds *Dataset) Summarize() Stats { return ds.SummarizeNorms(ds.SquaredNorms()) }

// SummarizeNorms is Summarize from ds's SquaredNorms, sq, at hand: one pass
// over the values fewer.
func (ds *Dataset) SummarizeNorms(sq []float64) Stats {
	st := Stats{N: ds.N, D: ds.D, NNZ: ds.NNZ()}
	if ds.N > 0 && ds.D > 0 {
		st.Density = float64(st.NNZ) / (float64(ds.N) * float64(ds.D))
	}
	maxSq, sum := 0.0, 0.0
	for _, s := range sq {
		sum += s
		maxSq = math.Max(maxSq, s)
	}
	st.MaxNorm = math.Sqrt(maxSq)
	st.Sigma = math.NaN()
	if sum > 0 {
		st.Sigma = maxSq / (sum / float64(len(sq)))
	}
	return st
}

// Histogram is a binned count of values over equal-width bins spanning
// [Min, Max]; the last bin is closed on the right.
type Histogram struct {
	Min, Max float64
	Counts   []int
}

// NewHistogram bins values into bins equal-width bins. It panics if bins < 1.
func NewHistogram(values []float64, bins int) Histogram {
	if bins < 1 {
		panic("dataset: histogram needs at least one bin")
	}
	h := Histogram{Counts: make([]int, bins)}
	if len(values) == 0 {
		return h
	}
	h.Min, h.Max = values[0], values[0]
	for _, v := range values {
		h.Min = math.Min(h.Min, v)
		h.Max = math.Max(h.Max, v)
	}
	width := (h.Max - h.Min) / float64(bins)
	for _, v := range values {
		b := bins - 1
		if width > 0 {
			b = min(int((v-h.Min)/width), bins-1)
		}
		h.Counts[b]++
	}
	return h
}

// BinEdges returns the bins+1 edges of h.
func (h Histogram) BinEdges() []float64 {
	edges := make([]float64, len(h.Counts)+1)
	for k := range edges {
		edges[k] = h.Min + (h.Max-h.Min)*float64(k)/float64(len(h.Counts))
	}
	return edges
}
