package synth

import (
	"math"
	"math/rand/v2"

	"imlab/core/dataset"
	"imlab/core/sampling"
)

// streams are the independent generators of one data set, one per
// ingredient, so that e.g. the norms do not change when D does.
type streams struct {
	densities, pattern, values, norms, labels *rand.Rand
}

func newStreams(seed uint64) streams {
	master := sampling.NewRand(seed)
	next := func() *rand.Rand { return sampling.NewRand(master.Uint64()) }
	return streams{densities: next(), pattern: next(), values: next(), norms: next(), labels: next()}
}

// Generate builds the data set described by cfg (see the package comment).
func Generate(cfg Config) (*dataset.Dataset, error) { return GenerateYield(cfg, nil) }

// yieldEvery is how many stored values GenerateYield makes between calls of
// its yield function: about a millisecond of work in a browser.
const yieldEvery = 1 << 16

// GenerateYield is Generate calling yield, if not nil, after every 2^16
// stored values, so that a browser can hand control back to its event loop
// while a large data set is built. The data set does not depend on yield.
func GenerateYield(cfg Config, yield func()) (*dataset.Dataset, error) {
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	s := newStreams(cfg.Seed)
	L, err := NormSquares(cfg.Norms, cfg.N, s.norms)
	if err != nil {
		return nil, err
	}
	thresholds := bernoulliThresholds(densities(cfg.D, cfg.Density, s.densities))
	ds := allocate(cfg.N, thresholds)
	scratch := make([]int32, cfg.D+1)
	nextYield := yieldEvery
	for i := 0; i < cfg.N; i++ {
		start := len(ds.Col)
		ds.Col = appendPattern(ds.Col, scratch, thresholds, s.pattern)
		for range ds.Col[start:] {
			ds.Val = append(ds.Val, nonZeroNormal(s.values))
		}
		if !rescale(ds.Val[start:], L[i]) {
			ds.Col, ds.Val = ds.Col[:start], ds.Val[:start] // L_i = 0: an empty row
		}
		ds.RowPtr[i+1] = len(ds.Col)
		if yield != nil && len(ds.Col) >= nextYield {
			yield()
			nextYield = len(ds.Col) + yieldEvery
		}
	}
	label(ds, s.labels)
	return ds, nil
}

// densities returns d feature densities in [0, 1] with mean exactly ω'
// (up to rounding): antithetic pairs ω' ± h(2u−1), h = min(ω', 1−ω'),
// and ω' itself for an odd last feature, shuffled so pairs are not adjacent.
func densities(d int, mean float64, r *rand.Rand) []float64 {
	h := math.Min(mean, 1-mean)
	out := make([]float64, d)
	for k := 0; k+1 < d; k += 2 {
		a := h * (2*r.Float64() - 1)
		out[k] = math.Min(1, math.Max(0, mean+a))
		out[k+1] = math.Min(1, math.Max(0, mean-a))
	}
	if d%2 == 1 {
		out[d-1] = mean
	}
	r.Shuffle(d, func(a, b int) { out[a], out[b] = out[b], out[a] })
	return out
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

// allocate returns a data set with room for the expected number of
// non-zeros plus five standard deviations, so that appends rarely regrow.
func allocate(n int, thresholds []uint64) *dataset.Dataset {
	mean, variance, pEmpty := 0.0, 0.0, 1.0
	for _, t := range thresholds {
		p := float64(t) / (1 << 32)
		mean += p
		variance += p * (1 - p)
		pEmpty *= 1 - p
	}
	nf := float64(n)
	capacity := int(nf*(mean+pEmpty) + 5*math.Sqrt(nf*variance) + 16)
	return &dataset.Dataset{
		N:      n,
		D:      len(thresholds),
		RowPtr: make([]int, n+1),
		Col:    make([]int32, 0, capacity),
		Val:    make([]float64, 0, capacity),
		Y:      make([]float64, n),
	}
}

// appendPattern appends the features of one example in increasing order:
// feature j with probability t_j/2³², or one uniformly random feature if
// none was drawn. scratch has room for every feature.
func appendPattern(col, scratch []int32, thresholds []uint64, r *rand.Rand) []int32 {
	const low = 1<<32 - 1
	d, m := len(thresholds), 0
	// Branch-free: for u, t ≤ 2³², u − t wraps (top bit set) exactly when
	// u < t; writing unconditionally avoids mispredicting ~ω' of the trials.
	j := 0
	for ; j+1 < d; j += 2 {
		u := r.Uint64()
		scratch[m] = int32(j)
		m += int((u&low - thresholds[j]) >> 63)
		scratch[m] = int32(j + 1)
		m += int((u>>32 - thresholds[j+1]) >> 63)
	}
	if j < d {
		scratch[m] = int32(j)
		m += int((r.Uint64()&low - thresholds[j]) >> 63)
	}
	if m == 0 {
		return append(col, int32(r.IntN(d)))
	}
	return append(col, scratch[:m]...)
}

// nonZeroNormal draws a standard normal value, redrawing the exact zero that
// NormFloat64 returns with probability 2⁻³² (stored values must be non-zero).
func nonZeroNormal(r *rand.Rand) float64 {
	for {
		if v := r.NormFloat64(); v != 0 {
			return v
		}
	}
}

// rescale scales val in place so that its squared norm is L, and reports
// false if L is zero (the row must then be emptied).
func rescale(val []float64, L float64) bool {
	if L == 0 {
		return false
	}
	s := 0.0
	for _, v := range val {
		s += v * v
	}
	c := math.Sqrt(L / s)
	for k := range val {
		val[k] *= c
	}
	return true
}

// label sets y_i = sign(x_iᵀu) (+1 on a tie) for a Gaussian direction u,
// flipped with probability LabelNoise.
func label(ds *dataset.Dataset, r *rand.Rand) {
	u := make([]float64, ds.D)
	for j := range u {
		u[j] = r.NormFloat64()
	}
	for i := range ds.Y {
		idx, val := ds.Row(i)
		margin := 0.0
		for k, j := range idx {
			margin += val[k] * u[j]
		}
		y := 1.0
		if margin < 0 {
			y = -1
		}
		if r.Float64() < LabelNoise {
			y = -y
		}
		ds.Y[i] = y
	}
}
