package synth

import (
	"errors"
	"math"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/gonum/stat"
	"gonum.org/v1/gonum/stat/distuv"

	"imlab/core/sampling"
)

// cdf is the distribution each random law is meant to follow.
var lawCDF = map[PaperLaw]interface {
	CDF(float64) float64
	Quantile(float64) float64
	Mean() float64
	Variance() float64
}{
	UniformLaw:  distuv.Uniform{Min: 0, Max: 2},
	ChiSq1Law:   distuv.ChiSquared{K: 1},
	ChiSq10Law:  distuv.ChiSquared{K: 10},
	ChiSq100Law: distuv.ChiSquared{K: 100},
}

func TestLawsAreAllAccepted(t *testing.T) {
	if len(PaperLaws) != 5 {
		t.Fatalf("PaperLaws = %v, want the paper's 5", PaperLaws)
	}
	for _, law := range PaperLaws {
		for _, name := range []string{law.String(), strings.ToUpper(law.String()), " " + law.String() + " "} {
			n, err := ParseNorms(name)
			if err != nil || n != (Norms{Paper: law}) {
				t.Errorf("ParseNorms(%q) = %v, %v", name, n, err)
			}
		}
		L, err := NormSquares(Norms{Paper: law}, 3, sampling.NewSource(1))
		if err != nil || len(L) != 3 {
			t.Errorf("NormSquares(%v, 3) = %v, %v", law, L, err)
		}
		if _, known := lawCDF[law]; !known && law != ExtremeLaw {
			t.Errorf("law %q has no reference distribution in this test", law)
		}
	}
}

func TestNormSquaresErrors(t *testing.T) {
	for _, tc := range []struct {
		law  Norms
		n    int
		want error
	}{
		{Norms{Paper: ExtremeLaw + 1}, 10, ErrLaw},
		{Norms{}, 10, ErrLaw},
		{Norms{Paper: ChiSq10Law}, 0, ErrConfig},
		{Norms{Paper: ExtremeLaw}, -1, ErrConfig},
	} {
		_, err := NormSquares(tc.law, tc.n, sampling.NewSource(1))
		if !errors.Is(err, tc.want) {
			t.Errorf("NormSquares(%q, %d) error = %v, want %v", tc.law, tc.n, err, tc.want)
		}
	}
}

// TestNormSquaresFollowTheirLaws checks moments and a Kolmogorov–Smirnov
// statistic against gonum's CDF. Thresholds are at about the 0.1% level of
// each statistic, so a correct sampler fails only for an unlucky seed.
func TestNormSquaresFollowTheirLaws(t *testing.T) {
	const n = 20000
	for law, dist := range lawCDF {
		L, err := NormSquares(Norms{Paper: law}, n, sampling.NewSource(42))
		if err != nil {
			t.Fatal(err)
		}
		mean, variance := stat.MeanVariance(L, nil)
		if se := math.Sqrt(dist.Variance() / n); math.Abs(mean-dist.Mean()) > 4*se {
			t.Errorf("%s: mean %.4f, want %.4f ± %.4f", law, mean, dist.Mean(), 4*se)
		}
		if rel := variance/dist.Variance() - 1; math.Abs(rel) > 0.1 {
			t.Errorf("%s: variance %.4f, want %.4f (±10%%)", law, variance, dist.Variance())
		}
		slices.Sort(L)
		ks := 0.0
		for i, x := range L {
			F := dist.CDF(x)
			ks = max(ks, math.Abs(F-float64(i)/n), math.Abs(F-float64(i+1)/n))
		}
		// P(√n·D_n > 1.95) ≈ 0.001 (Kolmogorov distribution).
		if crit := 1.95 / math.Sqrt(n); ks > crit {
			t.Errorf("%s: Kolmogorov–Smirnov D = %.4f > %.4f", law, ks, crit)
		}
	}
}

func TestExtremeLaw(t *testing.T) {
	L, err := NormSquares(Norms{Paper: ExtremeLaw}, 7, nil) // needs no randomness
	if err != nil {
		t.Fatal(err)
	}
	if want := []float64{ExtremeNorm, 1, 1, 1, 1, 1, 1}; !slices.Equal(L, want) {
		t.Errorf("extreme = %v, want %v", L, want)
	}
}

// maxBand is the interval holding the maximum of n draws from dist with
// probability 0.998: P(max ≤ q) = F(q)ⁿ.
func maxBand(dist interface{ Quantile(float64) float64 }, n int) (lo, hi float64) {
	return dist.Quantile(math.Pow(0.001, 1/float64(n))), dist.Quantile(math.Pow(0.999, 1/float64(n)))
}

// TestSigmaMatchesPaperTable checks σ = max L / mean L at the paper's
// n = 50,000. For the random laws σ is a single draw (the paper's 17.1, 3.9,
// 1.7, 2.0), so the band comes from the law of the maximum, with the mean
// allowed 4 standard errors; the paper's values must fall in the same bands.
func TestSigmaMatchesPaperTable(t *testing.T) {
	const n = 50000
	paper := map[PaperLaw]float64{ChiSq1Law: 17.1, ChiSq10Law: 3.9, ChiSq100Law: 1.7, UniformLaw: 2.0}
	for law, dist := range lawCDF {
		L, err := NormSquares(Norms{Paper: law}, n, sampling.NewSource(2016))
		if err != nil {
			t.Fatal(err)
		}
		sigma := slices.Max(L) / stat.Mean(L, nil)
		maxLo, maxHi := maxBand(dist, n)
		se := math.Sqrt(dist.Variance() / n)
		lo, hi := maxLo/(dist.Mean()+4*se), maxHi/(dist.Mean()-4*se)
		if sigma < lo || sigma > hi {
			t.Errorf("%s: σ = %.3f outside [%.3f, %.3f]", law, sigma, lo, hi)
		}
		if p := paper[law]; p < lo-0.05 || p > hi+0.05 { // the paper rounds to 0.1
			t.Errorf("%s: the paper's σ = %v is outside this test's band [%.3f, %.3f]", law, p, lo, hi)
		}
	}
}

func BenchmarkNormSquares(b *testing.B) {
	for _, law := range PaperLaws {
		b.Run(law.String(), func(b *testing.B) {
			r := sampling.NewSource(1)
			for range b.N {
				if _, err := NormSquares(Norms{Paper: law}, 10000, r); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestChiSquare requires pcg.chiSquare to draw gonum's χ² values and to
// leave the stream where gonum leaves it, for the named laws' degrees of
// freedom and a few more on both sides of shape 1 (k = 2), over enough
// draws to take the normals' slow paths and Marsaglia and Tsang's
// logarithmic test many times.
func TestChiSquare(t *testing.T) {
	for _, k := range []float64{0.4, 0.5, 1, 1.9, 2.1, 3, 10, 100, 1e4} {
		for seed := range uint64(3) {
			src := sampling.NewSource(seed)
			p := newPCG(src)
			want := distuv.ChiSquared{K: k, Src: src}
			for n := range 20000 {
				if got, want := p.chiSquare(k), want.Rand(); math.Float64bits(got) != math.Float64bits(want) {
					t.Fatalf("k = %v, seed %d, draw %d: %v, want %v", k, seed, n, got, want)
				}
			}
			if got, want := p.Uint64(), src.Uint64(); got != want {
				t.Fatalf("k = %v, seed %d: the stream after the draws differs", k, seed)
			}
		}
	}
}

// TestNormSquaresStream requires NormSquares to leave its source where
// gonum's draws through it would.
func TestNormSquaresStream(t *testing.T) {
	for _, law := range []PaperLaw{UniformLaw, ChiSq1Law, ChiSq10Law, ChiSq100Law} {
		src, ref := sampling.NewSource(8), sampling.NewSource(8)
		L, err := NormSquares(Norms{Paper: law}, 1000, src)
		if err != nil {
			t.Fatal(err)
		}
		var draw func() float64
		switch law {
		case UniformLaw:
			draw = distuv.Uniform{Min: 0, Max: 2, Src: ref}.Rand
		default:
			draw = distuv.ChiSquared{K: map[PaperLaw]float64{ChiSq1Law: 1, ChiSq10Law: 10, ChiSq100Law: 100}[law], Src: ref}.Rand
		}
		for i, got := range L {
			if want := draw(); math.Float64bits(got) != math.Float64bits(want) {
				t.Fatalf("%s: L[%d] = %v, want %v", law, i, got, want)
			}
		}
		if src.Uint64() != ref.Uint64() {
			t.Errorf("%s: NormSquares left its source elsewhere than gonum's draws", law)
		}
	}
}
