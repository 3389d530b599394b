package synth

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/gonum/floats"

	"imlab/core/dataset"
)

func mustGenerate(t testing.TB, cfg Config) *dataset.Dataset {
	t.Helper()
	ds, err := Generate(cfg)
	if err != nil {
		t.Fatalf("Generate(%+v): %v", cfg, err)
	}
	if err := ds.Validate(); err != nil {
		t.Fatalf("Generate(%+v) is not a valid data set: %v", cfg, err)
	}
	if ds.N != cfg.N || ds.D != cfg.D {
		t.Fatalf("Generate(%+v) is %d×%d", cfg, ds.N, ds.D)
	}
	return ds
}

func TestGenerateRejectsInvalidConfig(t *testing.T) {
	ok := Config{N: 10, D: 5, Density: 0.5, Norms: Norms{Paper: ChiSq10Law}, Seed: 1}
	for _, tc := range []struct {
		name string
		edit func(*Config)
		want error
		says string // the message must name the bad field
	}{
		{"no examples", func(c *Config) { c.N = 0 }, ErrConfig, "N = 0"},
		{"negative examples", func(c *Config) { c.N = -3 }, ErrConfig, "N = -3"},
		{"no features", func(c *Config) { c.D = 0 }, ErrConfig, "D = 0"},
		{"zero density", func(c *Config) { c.Density = 0 }, ErrConfig, "density"},
		{"negative density", func(c *Config) { c.Density = -0.1 }, ErrConfig, "density"},
		{"density above one", func(c *Config) { c.Density = 1.5 }, ErrConfig, "density"},
		{"NaN density", func(c *Config) { c.Density = math.NaN() }, ErrConfig, "density"},
		{"unknown law", func(c *Config) { c.Norms = Norms{Paper: ExtremeLaw + 1} }, ErrLaw, "PaperLaw(6)"},
		{"no law", func(c *Config) { c.Norms = Norms{} }, ErrLaw, "none given"},
		{"law out of range", func(c *Config) { c.Norms = Norms{Law: Law{ChiSquare, 0.05}} }, ErrLaw, "chisq:0.05"},
		{"too large", func(c *Config) { c.N, c.D = 1<<20, 1<<20 }, ErrTooLarge, "non-zeros"},
	} {
		cfg := ok
		tc.edit(&cfg)
		ds, err := Generate(cfg)
		if !errors.Is(err, tc.want) || ds != nil {
			t.Errorf("%s: Generate(%+v) = %v, %v; want error %v", tc.name, cfg, ds, err, tc.want)
			continue
		}
		if !strings.Contains(err.Error(), tc.says) {
			t.Errorf("%s: error %q does not mention %q", tc.name, err, tc.says)
		}
	}
	if _, err := Generate(ok); err != nil {
		t.Errorf("the valid base config failed: %v", err)
	}
}

func TestDensitiesHaveExactMean(t *testing.T) {
	for _, d := range []int{1, 2, 7, 1000} {
		for _, mean := range []float64{0.001, 0.1, 0.5, 0.8, 1} {
			p := densities(d, mean, newStreams(uint64(d)).densities)
			for j, pj := range p {
				if pj < 0 || pj > 1 {
					t.Fatalf("d=%d ω'=%v: ω'_%d = %v outside [0,1]", d, mean, j, pj)
				}
			}
			if got := floats.Sum(p) / float64(d); math.Abs(got-mean) > 1e-14 {
				t.Errorf("d=%d ω'=%v: mean density %v", d, mean, got)
			}
			if d == 1000 && mean < 1 && slices.Max(p)-slices.Min(p) < math.Min(mean, 1-mean) {
				t.Errorf("d=%d ω'=%v: densities span only [%v, %v]", d, mean, slices.Min(p), slices.Max(p))
			}
		}
	}
}

// TestPatternFollowsDensities compares each feature's count |J_j| with its
// Binomial(n, ω'_j) law (5 standard deviations), and the total with n·Σω'_j.
func TestPatternFollowsDensities(t *testing.T) {
	for _, shape := range []struct {
		d    int
		mean float64
	}{{60, 0.1}, {60, 0.8}, {2000, 0.02}, {30000, 0.001}} { // trials, then skipping
		mean := shape.mean
		cfg := Config{N: 4000, D: shape.d, Density: mean, Norms: Norms{Paper: ChiSq10Law}, Seed: 9}
		ds := mustGenerate(t, cfg)
		p := densities(cfg.D, mean, newStreams(cfg.Seed).densities)
		for j, count := range ds.FeatureCounts() {
			want, sd := float64(cfg.N)*p[j], math.Sqrt(float64(cfg.N)*p[j]*(1-p[j]))
			if math.Abs(float64(count)-want) > 5*sd+2 { // +2: rows forced non-empty
				t.Errorf("ω'=%v: |J_%d| = %d, want %.1f ± %.1f", mean, j, count, want, 5*sd)
			}
		}
		if got := ds.Summarize().Density; math.Abs(got-mean) > 0.01 {
			t.Errorf("ω'=%v: realised density %.4f", mean, got)
		}
	}
}

func TestEveryRowCarriesItsNorm(t *testing.T) {
	for _, paper := range PaperLaws {
		law := Norms{Paper: paper}
		// D = 3 at ω' = 0.05 leaves most rows without a drawn feature.
		for _, shape := range [][2]int{{500, 3}, {300, 200}} {
			cfg := Config{N: shape[0], D: shape[1], Density: 0.05, Norms: law, Seed: 3}
			ds := mustGenerate(t, cfg)
			L, err := NormSquares(law, cfg.N, newStreams(cfg.Seed).norms)
			if err != nil {
				t.Fatal(err)
			}
			for i, sq := range ds.SquaredNorms() {
				if math.Abs(sq-L[i]) > 1e-12*L[i] {
					t.Fatalf("%s %v: ‖x_%d‖² = %v, want L_%d = %v", law, shape, i, sq, i, L[i])
				}
				if ds.RowPtr[i+1] == ds.RowPtr[i] && L[i] != 0 {
					t.Fatalf("%s %v: row %d is empty", law, shape, i)
				}
			}
		}
	}
}

// TestExtremeSigma checks σ = max_i L_i / mean_i L_i for the extreme law at the
// paper's n = 50,000: L has one ExtremeNorm and n−1 ones, so the mean is
// (n−1+ExtremeNorm)/n and σ = ExtremeNorm·n/(n−1+ExtremeNorm) — the table's 980.4.
func TestExtremeSigma(t *testing.T) {
	const n = 50000
	ds := mustGenerate(t, Config{N: n, D: 4, Density: 0.5, Norms: Norms{Paper: ExtremeLaw}, Seed: 1})
	st := ds.Summarize()
	want := ExtremeNorm / ((n - 1 + ExtremeNorm) / float64(n))
	if math.Abs(st.Sigma-want) > 1e-9*want {
		t.Errorf("σ = %v, want %v", st.Sigma, want)
	}
	if math.Round(10*st.Sigma)/10 != 980.4 {
		t.Errorf("σ = %v does not round to the paper's 980.4", st.Sigma)
	}
	sq := ds.SquaredNorms()
	big := 0
	for _, s := range sq {
		if math.Abs(s-ExtremeNorm) < 1e-9 {
			big++
		} else if math.Abs(s-1) > 1e-12 {
			t.Fatalf("extreme norm² %v is neither 1 nor %d", s, ExtremeNorm)
		}
	}
	if big != 1 || math.Abs(sq[0]-ExtremeNorm) > 1e-9 {
		t.Errorf("%d examples of norm² %d (first is %v), want exactly one, the first", big, ExtremeNorm, sq[0])
	}
}

// TestLabelsFollowHyperplane regenerates the hidden direction u and checks
// that the fraction of labels disagreeing with sign(x_iᵀu) is LabelNoise.
func TestLabelsFollowHyperplane(t *testing.T) {
	cfg := Config{N: 5000, D: 40, Density: 0.3, Norms: Norms{Paper: UniformLaw}, Seed: 11}
	ds := mustGenerate(t, cfg)
	r := rand.New(newStreams(cfg.Seed).labels)
	u := make([]float64, cfg.D)
	for j := range u {
		u[j] = r.NormFloat64()
	}
	flipped, positive := 0, 0
	for i, y := range ds.Y {
		if y != 1 && y != -1 {
			t.Fatalf("y_%d = %v, want ±1", i, y)
		}
		if y == 1 {
			positive++
		}
		idx, val := ds.Row(i)
		margin := 0.0
		for k, j := range idx {
			margin += val[k] * u[j]
		}
		if (margin < 0) != (y < 0) {
			flipped++
		}
	}
	n := float64(cfg.N)
	if sd := math.Sqrt(n * LabelNoise * (1 - LabelNoise)); math.Abs(float64(flipped)-n*LabelNoise) > 5*sd {
		t.Errorf("%d of %d labels disagree with the hyperplane, want %.0f ± %.0f", flipped, cfg.N, n*LabelNoise, 5*sd)
	}
	if positive < cfg.N/4 || positive > 3*cfg.N/4 {
		t.Errorf("%d of %d labels are +1: classes badly unbalanced", positive, cfg.N)
	}
}

func TestGenerateIsDeterministic(t *testing.T) {
	cfg := Config{N: 300, D: 50, Density: 0.2, Norms: Norms{Paper: ChiSq1Law}, Seed: 5}
	a, b := mustGenerate(t, cfg), mustGenerate(t, cfg)
	if !reflect.DeepEqual(a, b) {
		t.Fatal("the same config gave different data sets")
	}
	other := cfg
	other.Seed++
	if c := mustGenerate(t, other); reflect.DeepEqual(a.Val, c.Val) || reflect.DeepEqual(a.Col, c.Col) {
		t.Error("seeds 5 and 6 gave the same pattern or values")
	}
}

// TestRowsDoNotDependOnN: every ingredient is drawn row by row from its own
// stream, so a longer data set starts with the shorter one.
func TestRowsDoNotDependOnN(t *testing.T) {
	short := mustGenerate(t, Config{N: 100, D: 30, Density: 0.4, Norms: Norms{Paper: ChiSq10Law}, Seed: 8})
	long := mustGenerate(t, Config{N: 250, D: 30, Density: 0.4, Norms: Norms{Paper: ChiSq10Law}, Seed: 8})
	for i := 0; i < short.N; i++ {
		si, sv := short.Row(i)
		li, lv := long.Row(i)
		if !slices.Equal(si, li) || !slices.Equal(sv, lv) || short.Y[i] != long.Y[i] {
			t.Fatalf("row %d differs between N=100 and N=250", i)
		}
	}
}

func TestFullDensityIsDense(t *testing.T) {
	ds := mustGenerate(t, Config{N: 50, D: 9, Density: 1, Norms: Norms{Paper: ExtremeLaw}, Seed: 2})
	if ds.NNZ() != 50*9 {
		t.Errorf("ω' = 1 gave %d non-zeros, want %d", ds.NNZ(), 50*9)
	}
}

func BenchmarkGenerate(b *testing.B) {
	for _, cfg := range []Config{
		{N: 1000, D: 100, Density: 0.8},
		{N: 10000, D: 100, Density: 0.8}, // the page's default size
		{N: 5000, D: 1000, Density: 0.1},
		{N: 5000, D: 1000, Density: 0.8},
		{N: 2000, D: 10000, Density: 0.1},
	} {
		cfg.Norms = Norms{Paper: ChiSq10Law}
		b.Run(fmt.Sprintf("n=%d/d=%d/density=%v", cfg.N, cfg.D, cfg.Density), func(b *testing.B) {
			b.ReportAllocs()
			for range b.N {
				if _, err := Generate(cfg); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// steps runs a generator of cfg to its end, counting its steps.
func steps(t *testing.T, cfg Config) (*dataset.Dataset, int) {
	t.Helper()
	g, err := NewGenerator(cfg)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for {
		if g.Dataset() != nil {
			t.Fatalf("Dataset before the end, at step %d", n)
		}
		n++
		done, err := g.Step()
		if err != nil {
			t.Fatal(err)
		}
		if done {
			break
		}
	}
	ds := g.Dataset()
	if done, err := g.Step(); !done || err != nil || g.Dataset() != ds {
		t.Errorf("Step after the end: done %v, err %v, data set changed %v", done, err, g.Dataset() != ds)
	}
	return ds, n
}

// A step does between stepWork and about twice that (one item more), so
// the steps number at least the work over twice stepWork, and at least
// one.
func TestGeneratorSteps(t *testing.T) {
	cfg := Config{N: 2000, D: 100, Density: 0.8, Norms: Norms{Paper: ChiSq1Law}, Seed: 4}
	got, n := steps(t, cfg)
	want, _ := Generate(cfg)
	if wantSteps := minWork(cfg, want) / (2 * stepWork); n < wantSteps || n < 2 {
		t.Errorf("%d steps, want at least %d", n, max(wantSteps, 2))
	}
	if !reflect.DeepEqual(got, want) {
		t.Error("stepping by hand gave another data set than Generate")
	}
}

// minWork is a lower bound of the work units a Generator counts for ds.
func minWork(cfg Config, ds *dataset.Dataset) int {
	perRow := 2 * rowWork // the row and its label
	if cfg.Density >= skipBelow {
		perRow += cfg.D / 2 * trialWork
	} else {
		perRow += candidateWork // at least the candidate that ends the row
	}
	return cfg.N*perRow + ds.NNZ()*(normalWork+1) + cfg.D*normalWork
}

// TestGeneratorStepsSparseData checks that a large sparse data set (the
// link #n=20000&d=1000000&density=0.00001) takes steps in proportion to its
// rows and non-zeros, which is what lets a page pause it.
func TestGeneratorStepsSparseData(t *testing.T) {
	cfg := Config{N: 20000, D: 1_000_000, Density: 1e-5, Norms: Norms{Paper: ChiSq1Law}, Seed: 1}
	ds, n := steps(t, cfg)
	// The densities' shuffle, d swaps, is one step however long.
	if want := (minWork(cfg, ds) - cfg.D*normalWork) / (2 * stepWork); n < want || n < 10 {
		t.Errorf("%d steps for %d rows and %d values, want at least %d", n, ds.N, ds.NNZ(), want)
	}
	if got := ds.Summarize().Density; math.Abs(got-1e-5)/1e-5 > 0.1 {
		t.Errorf("realised density %.3g, want 1e-5", got)
	}
}

// GenerateContext stops with ErrCanceled once its context is done.
func TestGenerateContextStops(t *testing.T) {
	cfg := Config{N: 20000, D: 1_000_000, Density: 1e-5, Norms: Norms{Paper: ChiSq1Law}, Seed: 1}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	ds, err := GenerateContext(ctx, cfg)
	if ds != nil || !errors.Is(err, ErrCanceled) || !errors.Is(err, context.Canceled) {
		t.Errorf("canceled generation: data set %v, err %v", ds != nil, err)
	}
}

// TestGeneratorStepsNorms: the χ² quantiles of a large k cost tens of
// microseconds each, far more than the rows of a one-feature data set, so
// drawing the norms must take steps by itself.
func TestGeneratorStepsNorms(t *testing.T) {
	cfg := Config{N: 2000, D: 1, Density: 1, Norms: Norms{Law: Law{Family: ChiSquare, Param: 10000}}, Seed: 1}
	ds, n := steps(t, cfg)
	if rows := minWork(cfg, ds) / stepWork; n < 20 || rows > 1 {
		t.Errorf("%d steps (the rows alone account for %d), want at least 20", n, rows)
	}
}
