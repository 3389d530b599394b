package synth

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"imlab/core/dataset"
	"imlab/core/sampling"
	"imlab/core/sparse"
)

// streams are the independent generators of one data set, one per
// ingredient, so that e.g. the norms do not change when D does.
type streams struct {
	densities, pattern *rand.Rand
	norms              *rand.PCG
	// patternSrc is pattern's source, which the Bernoulli trials step
	// inline (the same stream).
	patternSrc *pcg
	// values draws the stored values (fillNormals), labels the labels'
	// hyperplane and noise (rand.Rand's NormFloat64 and Float64).
	values, labels *pcg
}

func newStreams(seed uint64) streams {
	master := sampling.NewRand(seed)
	next := func() *rand.Rand { return sampling.NewRand(master.Uint64()) }
	s := streams{densities: next()}
	s.patternSrc = newPCG(sampling.NewSource(master.Uint64()))
	s.pattern = rand.New(s.patternSrc)
	s.values = newPCG(sampling.NewSource(master.Uint64()))
	s.norms = sampling.NewSource(master.Uint64())
	s.labels = newPCG(sampling.NewSource(master.Uint64()))
	return s
}

// Generate builds the data set described by cfg (see the package comment).
func Generate(cfg Config) (*dataset.Dataset, error) { return GenerateYield(cfg, nil) }

// yieldEvery is how much work, in units of about a nanosecond natively,
// GenerateYield does between calls of its yield function: about a
// millisecond in a browser.
const yieldEvery = 1 << 19

// pacer calls yield, if not nil, after every yieldEvery units of work, and
// then checks ctx.
type pacer struct {
	ctx   context.Context
	yield func()
	work  int
}

// add counts units of work done and reports false once ctx is done.
func (p *pacer) add(units int) bool {
	if p.work += units; p.work >= yieldEvery {
		p.work -= yieldEvery
		if p.yield != nil {
			p.yield()
		}
		return p.ctx.Err() == nil
	}
	return true
}

// GenerateYield is Generate calling yield, if not nil, after every
// yieldEvery units of work (see pattern.work), so that a browser can hand
// control back to its event loop, and Pause act, while a large data set is
// built. The data set does not depend on yield.
func GenerateYield(cfg Config, yield func()) (*dataset.Dataset, error) {
	return GenerateContext(context.Background(), cfg, yield)
}

// GenerateContext is GenerateYield, stopping at its next yield once ctx is
// done with an error wrapping ErrCanceled and ctx.Err().
func GenerateContext(ctx context.Context, cfg Config, yield func()) (*dataset.Dataset, error) {
	if err := cfg.Check(); err != nil {
		return nil, err
	}
	s := newStreams(cfg.Seed)
	pace := pacer{ctx: ctx, yield: yield}
	canceled := func() (*dataset.Dataset, error) {
		return nil, fmt.Errorf("%w: %w", ErrCanceled, ctx.Err())
	}
	L := make([]float64, cfg.N)
	if ok, err := drawNorms(cfg.Norms, L, s.norms, &pace); err != nil {
		return nil, err
	} else if !ok {
		return canceled()
	}
	p := densities(cfg.D, cfg.Density, s.densities, func() {
		if ctx.Err() == nil { // the shuffle cannot stop, but need not yield
			pace.add(normalWork)
		}
	})
	if ctx.Err() != nil {
		return canceled()
	}
	pat := newPattern(p, cfg.Density)
	ds := allocate(cfg.N, pat.thresholds)
	// The rows grow in local slices, stored into ds once at the end: a
	// slice stored into the heap-allocated ds costs a write barrier while
	// the collector marks, which under WebAssembly (one thread, the marking
	// in the mutator's time) was 7 % of the generation.
	col, val := ds.Col, ds.Val
	for i := 0; i < cfg.N; i++ {
		start := len(col)
		col, val = pat.row(col, val, L[i], &s)
		ds.RowPtr[i+1] = len(col)
		if !pace.add(pat.work(len(col) - start)) {
			return canceled()
		}
	}
	ds.Col, ds.Val = col, val
	if !label(ds, s.labels, &pace) {
		return canceled()
	}
	return ds, nil
}

// row appends one example's features and values, scaled to the squared
// norm L (an empty row if L is 0). It is a function of its own, called
// once per row, so that a browser's WebAssembly engine, which optimises a
// function only between its calls, runs the rows in optimised code after
// the first few instead of the whole generation in its baseline code.
func (pat *pattern) row(col []int32, val []float64, L float64, s *streams) ([]int32, []float64) {
	start := len(col)
	col = pat.appendRow(col, s.patternSrc, s.pattern)
	// Grow val once per row and fill it by index: an append per value costs
	// a capacity check and a slice header each, which in WebAssembly was a
	// third of the generation's time.
	val = slices.Grow(val, len(col)-start)[:len(col)]
	sumSquares := s.values.fillNormals(val[start:])
	if L == 0 {
		return col[:start], val[:start]
	}
	scale(val[start:], math.Sqrt(L/sumSquares))
	return col, val
}

// densities returns d feature densities in [0, 1] with mean exactly ω'
// (up to rounding): antithetic pairs ω' ± h(2u−1), h = min(ω', 1−ω'),
// and ω' itself for an odd last feature, shuffled so pairs are not adjacent.
// step, if not nil, is called once per swap of the shuffle, for pacing.
func densities(d int, mean float64, r *rand.Rand, step func()) []float64 {
	h := math.Min(mean, 1-mean)
	out := make([]float64, d)
	for k := 0; k+1 < d; k += 2 {
		u := float64(r.Float64())
		a := float64(h * (2*u - 1))
		out[k] = math.Min(1, math.Max(0, mean+a))
		out[k+1] = math.Min(1, math.Max(0, mean-a))
	}
	if d%2 == 1 {
		out[d-1] = mean
	}
	r.Shuffle(d, func(a, b int) {
		out[a], out[b] = out[b], out[a]
		if step != nil {
			step()
		}
	})
	return out
}

// allocate returns a data set with room for the expected number of
// non-zeros plus five standard deviations, so that appends rarely regrow.
func allocate(n int, thresholds []uint64) *dataset.Dataset {
	mean, variance, pEmpty := 0.0, 0.0, 1.0
	for _, t := range thresholds {
		p := float64(float64(t) / (1 << 32))
		mean += p
		variance += float64(p * (1 - p))
		pEmpty *= 1 - p
	}
	nf := float64(n)
	capacity := int(float64(nf*(mean+pEmpty)) + float64(5*math.Sqrt(nf*variance)) + 16)
	return &dataset.Dataset{
		N:      n,
		D:      len(thresholds),
		RowPtr: make([]int, n+1),
		Col:    make([]int32, 0, capacity),
		Val:    make([]float64, 0, capacity),
		Y:      make([]float64, n),
	}
}

// scale multiplies every value of val by c, one rounding each: the row's
// squared norm, sumSquares before, becomes about c²·sumSquares.
func scale(val []float64, c float64) { scaleKernel(val, c) }

// scaleGeneric is scale in Go: natively the kernel, and the reference for
// the assembly.
func scaleGeneric(val []float64, c float64) {
	for k := range val {
		val[k] *= c
	}
}

// label sets y_i = sign(x_iᵀu) (+1 on a tie) for a Gaussian direction u,
// flipped with probability LabelNoise. It reports false if pace says stop.
func label(ds *dataset.Dataset, r *pcg, pace *pacer) bool {
	u := make([]float64, ds.D)
	for j := range u {
		u[j] = r.normFloat64()
		if !pace.add(normalWork) {
			return false
		}
	}
	for i := range ds.Y {
		idx, val := ds.Row(i)
		if !pace.add(rowWork + len(idx)) {
			return false
		}
		margin := sparse.DotOrdered(idx, val, u)
		y := 1.0
		if margin < 0 {
			y = -1
		}
		if r.float64() < LabelNoise {
			y = -y
		}
		ds.Y[i] = y
	}
	return true
}
