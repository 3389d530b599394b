package synth

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"imlab/core/dataset"
	"imlab/core/internal/pace"
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
func Generate(cfg Config) (*dataset.Dataset, error) {
	return GenerateContext(context.Background(), cfg)
}

// GenerateContext is Generate, stopping between two steps (see Generator)
// once ctx is done, with an error wrapping ErrCanceled and ctx.Err().
func GenerateContext(ctx context.Context, cfg Config) (*dataset.Dataset, error) {
	g, err := NewGenerator(cfg)
	if err != nil {
		return nil, err
	}
	return g.Until(ctx)
}

// stepWork is how much work, in units of about a nanosecond natively, one
// Generator.Step does: about a millisecond in a browser.
const stepWork = 1 << 19

// pacer counts the work of one step.
type pacer struct{ work int }

// add counts units of work done and reports false once the step's work is
// done, starting the count of the next step.
func (p *pacer) add(units int) bool {
	if p.work += units; p.work >= stepWork {
		p.work = 0
		return false
	}
	return true
}

// phase is where a Generator is: the ingredients in the order they are
// drawn.
type phase int

const (
	drawingNorms phase = iota
	drawingDensities
	drawingRows
	drawingHyperplane
	drawingLabels
	finished
)

// A Generator builds the data set of a Config in steps of about a
// millisecond of work (stepWork units, see pattern.work), so that a browser
// can hand control back to its event loop between them: the caller owns
// the loop. The data set does not depend on how the steps fall.
type Generator struct {
	cfg   Config
	s     streams
	phase phase
	next  int // index in the phase's loop to resume at
	pace  pacer

	L   []float64      // the rows' squared norms
	g   *gammaQuantile // the χ² Law's quantile, if any
	pat *pattern
	ds  *dataset.Dataset
	// col and val are ds's Col and Val while the rows grow, stored here
	// and into ds only between steps: a slice stored into a heap object
	// per row costs a write barrier while the collector marks, which under
	// WebAssembly (one thread, the marking in the mutator's time) was 7 %
	// of the generation.
	col []int32
	val []float64
	u   []float64 // the labels' hyperplane
}

// NewGenerator returns a generator of the data set cfg describes, or cfg's
// error (see Config.Check). It allocates the norms only; the rest comes in
// Steps.
func NewGenerator(cfg Config) (*Generator, error) {
	if err := cfg.Check(); err != nil {
		return nil, err
	}
	return &Generator{cfg: cfg, s: newStreams(cfg.Seed), L: make([]float64, cfg.N), g: cfg.Norms.quantiler()}, nil
}

// Step does about a millisecond of the generation and reports whether the
// data set is done (Dataset then returns it). Once done, it does nothing.
func (g *Generator) Step() (done bool, err error) {
	for g.phase != finished {
		if !g.stepPhase() {
			return false, nil
		}
	}
	return true, nil
}

// Done reports whether the data set is complete.
func (g *Generator) Done() bool { return g.phase == finished }

// Dataset returns the data set once Step has reported done, else nil.
func (g *Generator) Dataset() *dataset.Dataset {
	if g.phase != finished {
		return nil
	}
	return g.ds
}

// Until steps g until the data set is done, and returns it, or until ctx
// is done (checked between steps), with an error wrapping ErrCanceled and
// ctx.Err().
func (g *Generator) Until(ctx context.Context) (*dataset.Dataset, error) {
	if err := pace.Steps(ctx, g); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrCanceled, err)
	}
	return g.ds, nil
}

// stepPhase works on the current phase until the step's work is spent
// (false) or the phase is over (true, and g is in the next phase).
func (g *Generator) stepPhase() bool {
	s := &g.s
	switch g.phase {
	case drawingNorms:
		if g.next = drawNorms(g.cfg.Norms, g.L, g.next, s.norms, g.g, &g.pace); g.next < len(g.L) {
			return false
		}
	case drawingDensities:
		// The shuffle cannot stop midway: it is a step's work on its own.
		p := densities(g.cfg.D, g.cfg.Density, s.densities)
		g.pat = newPattern(p, g.cfg.Density)
		g.ds = allocate(g.cfg.N, g.pat.thresholds)
		g.col, g.val = g.ds.Col, g.ds.Val
		g.advance()
		return g.pace.add(g.cfg.D * normalWork)
	case drawingRows:
		// The rows grow in local slices, stored into g once per step (see
		// Generator.col).
		col, val := g.col, g.val
		for i := g.next; i < g.cfg.N; i++ {
			start := len(col)
			col, val = g.pat.row(col, val, g.L[i], s)
			g.ds.RowPtr[i+1] = len(col)
			if !g.pace.add(g.pat.work(len(col) - start)) {
				g.col, g.val, g.next = col, val, i+1
				return false
			}
		}
		g.ds.Col, g.ds.Val = col, val
		g.col, g.val = nil, nil
		g.u = make([]float64, g.ds.D)
	case drawingHyperplane:
		for j := g.next; j < len(g.u); j++ {
			g.u[j] = s.labels.normFloat64()
			if !g.pace.add(normalWork) {
				g.next = j + 1
				return false
			}
		}
	case drawingLabels:
		if g.next = label(g.ds, g.next, g.u, s.labels, &g.pace); g.next < g.ds.N {
			return false
		}
		g.u = nil
	}
	g.advance()
	return true
}

// advance moves g to its next phase.
func (g *Generator) advance() { g.phase, g.next = g.phase+1, 0 }

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
func densities(d int, mean float64, r *rand.Rand) []float64 {
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

// label sets y_i = sign(x_iᵀu) (+1 on a tie), flipped with probability
// LabelNoise, for i from `from` on, u being a Gaussian direction. It stops
// once pace's step is spent and returns the row to resume at, ds.N once
// every label is set.
func label(ds *dataset.Dataset, from int, u []float64, r *pcg, pace *pacer) int {
	for i := from; i < ds.N; i++ {
		idx, val := ds.Row(i)
		margin := sparse.DotOrdered(idx, val, u)
		y := 1.0
		if margin < 0 {
			y = -1
		}
		if r.float64() < LabelNoise {
			y = -y
		}
		ds.Y[i] = y
		if !pace.add(rowWork + len(idx)) {
			return i + 1
		}
	}
	return ds.N
}
