package sampling

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/stat/distuv"
)

// level is the false-rejection rate of every goodness-of-fit test here; the
// seeds are fixed, so a pass is reproducible, not luck re-rolled per run.
const level = 1e-3

// chiSquare returns Σ (O_k − E_k)² / (scale·E_k). With scale = 1 it is
// Pearson's statistic; dependent counts (τ-nice) pass their variance factor.
func chiSquare(observed []int, expected []float64, scale float64) float64 {
	stat := 0.0
	for k, o := range observed {
		d := float64(o) - expected[k]
		stat += d * d / (scale * expected[k])
	}
	return stat
}

// chiSquareThreshold is the (1 − level) quantile of χ² with df degrees.
func chiSquareThreshold(df int) float64 {
	return distuv.ChiSquared{K: float64(df)}.Quantile(1 - level)
}

// assertFits fails t unless the statistic is below the χ²(df) threshold.
func assertFits(t *testing.T, what string, stat float64, df int) {
	t.Helper()
	if thr := chiSquareThreshold(df); !(stat <= thr) || math.IsNaN(stat) {
		p := distuv.ChiSquared{K: float64(df)}.Survival(stat)
		t.Errorf("%s: χ² = %.2f with %d df exceeds %.2f (p-value %.3g)", what, stat, df, thr, p)
	}
}

func TestChiSquareRejectsWrongDistribution(t *testing.T) {
	// The goodness-of-fit check must have power: counts from a sampler
	// with non-uniform p do not pass as uniform.
	r := NewRand(1)
	p := []float64{0.1, 0.2, 0.3, 0.4}
	s, err := NewSerial(p)
	if err != nil {
		t.Fatal(err)
	}
	counts := make([]int, 4)
	var dst []int
	const draws = 20000
	for range draws {
		dst = s.Sample(r, dst)
		counts[dst[0]]++
	}
	uniform := []float64{draws / 4., draws / 4., draws / 4., draws / 4.}
	if stat := chiSquare(counts, uniform, 1); stat <= chiSquareThreshold(3) {
		t.Errorf("χ² = %.2f does not reject uniform for p = %v", stat, p)
	}
}
