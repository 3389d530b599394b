package theory

import (
	"errors"
	"math"
	"path/filepath"
	"testing"

	"imlab/core/dataset"
	"imlab/core/libsvm"
	"imlab/core/sampling"
	"imlab/core/synth"
	"imlab/internal/shareddata"
)

// serialRatio is the paper's closed form for τ = 1:
// θ_imp/θ_unif = (n + max_i v_i/(λγ)) / (n + mean_i v_i/(λγ)), v_i = ‖x_i‖².
func serialRatio(ds *dataset.Dataset, lambdaGamma float64) float64 {
	maxV, sum := 0.0, 0.0
	for _, v := range ds.SquaredNorms() {
		maxV = math.Max(maxV, v)
		sum += v
	}
	n := float64(ds.N)
	return (n + maxV/lambdaGamma) / (n + sum/n/lambdaGamma)
}

func TestRatioSerialClosedForm(t *testing.T) {
	r := sampling.NewRand(7)
	for k := range 10 {
		ds := randomSparse(t, r, 20+r.IntN(200), 2+r.IntN(20), r.Float64())
		pr := logistic(t, ds)
		nice, imp, err := Ratio(pr, 1, "random", uint64(k))
		if err != nil {
			t.Fatal(err)
		}
		want := serialRatio(ds, pr.Lambda*pr.Loss.Gamma())
		if got := imp / nice; relDiff(got, want) > 1e-12 {
			t.Errorf("instance %d: θ_imp/θ_nice = %.15g, closed form %.15g", k, got, want)
		}
	}
}

// extreme returns the paper's "extreme" data at n examples directly: one
// non-zero per example (feature i mod 10), ‖x_0‖² = 1000 and ‖x_i‖² = 1.
func extreme(t testing.TB, n int) *dataset.Dataset {
	var b dataset.Builder
	for i := range n {
		v := 1.0
		if i == 0 {
			v = math.Sqrt(1000)
		}
		b.Append([]int32{int32(i % 10)}, []float64{v}, float64(1-2*(i%2)))
	}
	ds, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	return ds
}

func TestRatioExtremeData(t *testing.T) {
	// NOTES.md: λ = √1000/n, γ = 4 (logistic), n = 50,000 give 8.83 at
	// τ = 1, the paper's 8.8.
	const n = 50000
	data := map[string]*dataset.Dataset{"direct": extreme(t, n)}
	gen, err := synth.Generate(synth.Config{N: n, D: 20, Density: 0.2, Norms: synth.Norms{Paper: synth.ExtremeLaw}, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	data["synth"] = gen
	for name, ds := range data {
		pr := logistic(t, ds)
		if want := math.Sqrt(1000) / n; relDiff(pr.Lambda, want) > 1e-9 {
			t.Fatalf("%s: λ = %v, want √1000/n = %v", name, pr.Lambda, want)
		}
		nice, imp, err := Ratio(pr, 1, "random", 1)
		if err != nil {
			t.Fatal(err)
		}
		ratio := imp / nice
		t.Logf("%s: extreme ratio at τ = 1: %.4f", name, ratio)
		if math.Round(ratio*100) != 883 {
			t.Errorf("%s: extreme ratio = %.4f, want 8.83", name, ratio)
		}
	}
}

func TestRatioRealData(t *testing.T) {
	dir := shareddata.Dir(t)
	taus := []int{1, 2, 4, 8, 16, 32}
	for _, c := range []struct {
		file   string
		sigma  float64
		ratios []float64 // the paper's real-data table, theoretical column
	}{
		{"ijcnn1.tr.gz", 2.04, []float64{1.2, 1.4, 1.6, 1.9, 2.2, 2.3}},
		{"w8a.gz", 9.09, []float64{2.8, 2.9, 2.9, 3.0, 3.0, 3.0}},
	} {
		ds, err := libsvm.ReadFile(filepath.Join(dir, c.file), libsvm.Options{Bias: true})
		if err != nil {
			t.Fatal(err)
		}
		sigma := ds.Summarize().Sigma
		t.Logf("%s: %d × %d, σ = %.4f (paper %.2f)", c.file, ds.N, ds.D, sigma, c.sigma)
		if math.Round(sigma*100)/100 != c.sigma {
			t.Errorf("%s: σ = %.4f, paper %.2f", c.file, sigma, c.sigma)
		}
		pr := logistic(t, ds)
		for k, tau := range taus {
			nice, imp, err := Ratio(pr, tau, "random", uint64(tau))
			if err != nil {
				t.Fatal(err)
			}
			ratio := imp / nice
			t.Logf("%s τ=%d: θ_imp/θ_nice = %.4f (paper %.1f)", c.file, tau, ratio, c.ratios[k])
			if math.Round(ratio*10)/10 != c.ratios[k] {
				t.Errorf("%s τ=%d: ratio %.4f does not round to the paper's %.1f", c.file, tau, ratio, c.ratios[k])
			}
		}
	}
}

func TestRatioErrors(t *testing.T) {
	pr := logistic(t, extreme(t, 10))
	if _, _, err := Ratio(pr, 11, "random", 1); !errors.Is(err, sampling.ErrTau) {
		t.Errorf("τ > n: %v", err)
	}
	if _, _, err := Ratio(pr, 2, "striped", 1); !errors.Is(err, ErrSpec) {
		t.Errorf("unknown partition: %v", err)
	}
}
