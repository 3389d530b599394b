package synth

import (
	"math"
	"math/rand/v2"

	"imlab/core/internal/pcgstep"
)

// skipBelow is the mean density below which patterns are drawn by skipping
// rather than by one trial per feature. Trials cost d/2 random numbers per
// row, at most 1/(2ω') ≤ 8 per stored value above it; below it skipping's
// logarithm per candidate is cheaper. The paper's presets (ω' = 0.1 and
// 0.8) use trials, so their data are those of earlier versions bit for bit.
const skipBelow = 1.0 / 16

// Work units (about a nanosecond each natively) for sizing Generator steps.
const (
	trialWork     = 1  // one Uint64: two Bernoulli trials
	candidateWork = 16 // a geometric skip (a logarithm) and a thinning test
	normalWork    = 8  // one normal draw
	rowWork       = 32 // a row's fixed cost: a norm, a rescale, a label
)

// pattern draws which features of a row are non-zero: feature j with
// probability t_j/2³², independently.
type pattern struct {
	thresholds []uint64 // t_j: ω'_j rounded to a multiple of 2⁻³², times 2³²
	scratch    []int32  // trials: room for every feature
	// Skipping: candidates come at the largest rate pmax = tmax/2³², a
	// geometric gap apart, and each is kept with probability t_j/tmax.
	skipping bool
	tmax     uint64
	logMiss  float64 // log(1 − pmax)
	lastRow  int     // candidates drawn for the last row
}

// newPattern prepares the draw for feature densities p of mean ω'.
func newPattern(p []float64, mean float64) *pattern {
	pat := &pattern{thresholds: bernoulliThresholds(p), skipping: mean < skipBelow}
	if !pat.skipping {
		pat.scratch = make([]int32, len(p)+1)
		return pat
	}
	for _, t := range pat.thresholds {
		pat.tmax = max(pat.tmax, t)
	}
	pat.logMiss = math.Log1p(-float64(pat.tmax) / (1 << 32))
	return pat
}

// bernoulliThresholds turns probabilities into 32-bit thresholds t_j: a
// uniform 32-bit integer u is below t_j with probability t_j/2³², which is
// ω'_j rounded to the nearest multiple of 2⁻³². Integer comparisons make the
// pattern identical on every platform, and two trials fit in one Uint64.
func bernoulliThresholds(p []float64) []uint64 {
	t := make([]uint64, len(p))
	for j, pj := range p {
		t[j] = uint64(math.Round(pj * (1 << 32)))
	}
	return t
}

// appendRow appends the features of one example in increasing order, or
// one uniformly random feature if none was drawn. src is r's source.
func (pat *pattern) appendRow(col []int32, src *pcg, r *rand.Rand) []int32 {
	start := len(col)
	if pat.skipping {
		col = pat.appendSkipping(col, r)
	} else {
		col = pat.appendTrials(col, src)
	}
	if len(col) == start {
		col = append(col, int32(r.IntN(len(pat.thresholds))))
	}
	return col
}

// work is the cost of the last row drawn, which stored nnz values.
func (pat *pattern) work(nnz int) int {
	w := rowWork + nnz*normalWork
	if pat.skipping {
		return w + (pat.lastRow+1)*candidateWork
	}
	return w + len(pat.thresholds)/2*trialWork
}

// appendTrials makes one Bernoulli trial per feature, two per Uint64 of
// src. The trials write straight into col's spare capacity when it has room
// for every feature (no copy), else into a scratch row.
func (pat *pattern) appendTrials(col []int32, src *pcg) []int32 {
	const low = 1<<32 - 1
	thresholds := pat.thresholds
	d := len(thresholds)
	out := pat.scratch
	if cap(col)-len(col) > d {
		out = col[len(col) : len(col)+d+1]
	}
	out = out[:d+1]
	m := trialPairs(out, thresholds, src)
	j := d &^ 1
	if j < d {
		out[m] = int32(j)
		m += int((src.Uint64()&low - thresholds[j]) >> 63)
	}
	if cap(col)-len(col) > d {
		return col[:len(col)+m]
	}
	return append(col, out[:m]...)
}

// trialPairs makes the trials of features 0 … d&^1 − 1 (d =
// len(thresholds)), two per number of p's stream: it writes the features
// drawn, in increasing order, to out from the start and returns how many.
// out must have room for d&^1 entries; it is also written past the last
// feature drawn.
func trialPairs(out []int32, thresholds []uint64, p *pcg) int {
	return trialPairsKernel(out, thresholds, p)
}

// trialPairsGeneric is trialPairs in Go: natively the kernel, and the
// reference for the assembly.
func trialPairsGeneric(out []int32, thresholds []uint64, p *pcg) int {
	const low = 1<<32 - 1
	d := len(thresholds) &^ 1
	out = out[:d]
	// Branch-free: for u, t ≤ 2³², u − t wraps (top bit set) exactly when
	// u < t; writing unconditionally avoids mispredicting ~ω' of the trials.
	// The PCG steps inline, its state in locals.
	hi, lo := p.hi, p.lo
	m := 0
	for j := 0; j+1 < d; j += 2 {
		hi, lo = pcgstep.Next(hi, lo)
		u := pcgstep.Out(hi, lo)
		out[m] = int32(j)
		m += int((u&low - thresholds[j]) >> 63)
		out[m] = int32(j + 1)
		m += int((u>>32 - thresholds[j+1]) >> 63)
	}
	p.hi, p.lo = hi, lo
	return m
}

// appendSkipping draws candidates a Geometric(pmax) gap apart and keeps
// candidate j with probability t_j/tmax (thinning), so feature j is drawn
// with probability t_j/2³² in time proportional to the candidates, about
// d·pmax ≤ 2·d·ω' per row. The gap is ⌊log U / log(1 − pmax)⌋ with U in
// (0, 1]: math.Log and math.Log1p are the same algorithm natively and in
// wasm, so the pattern is the same on every platform.
func (pat *pattern) appendSkipping(col []int32, r *rand.Rand) []int32 {
	pat.lastRow = 0
	if pat.tmax == 0 {
		return col
	}
	d := len(pat.thresholds)
	for j := -1; ; {
		gap := math.Floor(math.Log(1-float64(r.Float64())) / pat.logMiss)
		if !(gap < float64(d-1-j)) {
			return col
		}
		j += int(gap) + 1
		pat.lastRow++
		// u·tmax < t_j·2³² with probability ⌈t_j·2³²/tmax⌉/2³² ≈ t_j/tmax;
		// t_j ≤ tmax < 2³² here, so neither side overflows.
		if uint64(r.Uint32())*pat.tmax < pat.thresholds[j]<<32 {
			col = append(col, int32(j))
		}
	}
}
