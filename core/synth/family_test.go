package synth

import (
	"errors"
	"math"
	"strings"
	"testing"

	"gonum.org/v1/gonum/stat/distuv"

	"imlab/core/sampling"
)

func TestLawNameRoundTrip(t *testing.T) {
	for _, l := range []Law{{ChiSquare, 0.5}, {ChiSquare, 100}, {Extreme, 1}, {Extreme, 1e4}, {Extreme, 2.5}} {
		got, err := ParseLaw(l.String())
		if err != nil || got != l {
			t.Errorf("ParseLaw(%q) = %v, %v; want %v", l.String(), got, err, l)
		}
		if n, err := ParseNorms(l.String()); err != nil || n != (Norms{Law: l}) {
			t.Errorf("ParseNorms(%q) = %v, %v", l, n, err)
		}
	}
	for _, bad := range []string{"chisq", "chisq:0", "chisq:-1", "extreme:x", "gauss:1", "chisq:Inf", "chisq:NaN"} {
		if _, err := ParseLaw(bad); !errors.Is(err, ErrLaw) {
			t.Errorf("ParseLaw(%q) error = %v, want ErrLaw", bad, err)
		}
		if _, err := ParseNorms(bad); !errors.Is(err, ErrLaw) {
			t.Errorf("ParseNorms(%q) error = %v, want ErrLaw", bad, err)
		}
	}
	for _, law := range PaperLaws {
		if n, err := ParseNorms(" " + strings.ToUpper(law.String())); err != nil || n != (Norms{Paper: law}) || n.String() != law.String() {
			t.Errorf("ParseNorms(%q) = %v, %v", law, n, err)
		}
	}
}

func TestExtremeFamilyContainsThePapersLaw(t *testing.T) {
	a, _ := NormSquares(Norms{Paper: ExtremeLaw}, 50, nil)
	b, err := NormSquares(Norms{Law: Law{Extreme, ExtremeNorm}}, 50, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("L[%d]: extreme %v, extreme:1000 %v", i, a[i], b[i])
		}
	}
}

func TestChiSquareFamilyFollowsItsLaw(t *testing.T) {
	const n = 20000
	for _, k := range []float64{0.5, 2.5, 30} {
		L := Law{ChiSquare, k}.NormSquares(n, sampling.NewRand(3))
		mean := 0.0
		below := 0
		med := distuv.ChiSquared{K: k}.Quantile(0.5)
		for _, v := range L {
			if !(v > 0) {
				t.Fatalf("k = %v: L_i = %v, want positive", k, v)
			}
			mean += v / n
			if v < med {
				below++
			}
		}
		// mean k, sd √(2k/n); median splits the sample in halves, sd 0.5/√n.
		if math.Abs(mean-k) > 5*math.Sqrt(2*k/n) {
			t.Errorf("k = %v: mean %v", k, mean)
		}
		if math.Abs(float64(below)/n-0.5) > 5*0.5/math.Sqrt(n) {
			t.Errorf("k = %v: %d of %d below the median", k, below, n)
		}
	}
}

func TestChiSquareFamilyIsMonotoneInK(t *testing.T) {
	// Common random numbers: with one seed, every L_i grows with k.
	prev := Law{ChiSquare, 0.5}.NormSquares(1000, sampling.NewRand(9))
	for _, k := range []float64{0.7, 1, 3, 10, 100} {
		L := Law{ChiSquare, k}.NormSquares(1000, sampling.NewRand(9))
		for i := range L {
			if !(L[i] > prev[i]) {
				t.Fatalf("k = %v: L[%d] = %v not above %v at the smaller k", k, i, L[i], prev[i])
			}
		}
		prev = L
	}
}

func TestGenerateWithFamilyKeepsPattern(t *testing.T) {
	cfg := Config{N: 300, D: 40, Density: 0.3, Seed: 5}
	var first []int32
	for _, law := range []Norms{{Law: Law{ChiSquare, 0.5}}, {Law: Law{ChiSquare, 50}}, {Law: Law{Extreme, 7}}, {Paper: UniformLaw}} {
		cfg.Norms = law
		ds, err := Generate(cfg)
		if err != nil {
			t.Fatal(err)
		}
		if first == nil {
			first = ds.Col
			continue
		}
		if len(ds.Col) != len(first) {
			t.Fatalf("%s: %d non-zeros, want the shared pattern's %d", law, len(ds.Col), len(first))
		}
		for k := range first {
			if ds.Col[k] != first[k] {
				t.Fatalf("%s: pattern differs at %d", law, k)
			}
		}
	}
}

func TestChiSquareQuantileLowerTail(t *testing.T) {
	for _, k := range []float64{0.5, 1, 3} {
		chi := distuv.ChiSquared{K: k}
		for _, u := range []float64{1e-16, 1e-10, 1e-6, 1e-3, 0.2, 0.9} {
			x := chiSquareQuantile(k, u)
			if !(x > 0) || math.Abs(chi.CDF(x)-u) > 1e-8*u {
				t.Errorf("k = %v, u = %v: x = %v has CDF %v", k, u, x, chi.CDF(x))
			}
		}
	}
}

func TestNormsLabels(t *testing.T) {
	for _, tc := range []struct {
		law  Norms
		want string
	}{
		{Norms{Law: Law{ChiSquare, 1.5}}, "χ² k = 1.5"},
		{Norms{Law: Law{Extreme, 300}}, "extreme w = 300"},
		{Norms{Paper: ChiSq1Law}, "χ²₁"},
		{Norms{Paper: ExtremeLaw}, "extreme"},
	} {
		if got := tc.law.Label(); got != tc.want {
			t.Errorf("%v.Label() = %q, want %q", tc.law, got, tc.want)
		}
	}
}
