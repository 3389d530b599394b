package problem

import (
	"errors"
	"math"
	"strings"
	"testing"

	"imlab/core/loss"
	"imlab/core/synth"
)

func TestGapResolution(t *testing.T) {
	ds, err := synth.Generate(synth.Config{N: 200, D: 30, Density: 0.8, Norms: synth.Norms{Paper: synth.ChiSq1Law}, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	pr, err := New(ds, loss.Logistic{}, DefaultLambda(ds))
	if err != nil {
		t.Fatal(err)
	}
	k := 0
	for i := 0; i < ds.N; i++ {
		k = max(k, ds.RowPtr[i+1]-ds.RowPtr[i])
	}
	pstar := 0.5
	r := pr.GapResolution(pstar)
	if want := 2 * float64(k+lossRoundings) * 0x1p-53 * pstar; r != want {
		t.Errorf("resolution %g, want %g for rows of up to %d non-zeros", r, want, k)
	}
	// The paper's ε = 1e−10 is far above it; 1e−300 is refused with the
	// smallest meaningful ε in the message.
	if err := pr.CheckGap(1e-10, pstar); err != nil {
		t.Errorf("ε = 1e-10 refused: %v", err)
	}
	err = pr.CheckGap(1e-300, pstar)
	if !errors.Is(err, ErrUnresolvable) || !strings.Contains(err.Error(), "smallest meaningful ε is") {
		t.Errorf("ε = 1e-300: %v", err)
	}
	if r := pr.GapResolution(0); r <= 0 || math.IsInf(r, 0) {
		t.Errorf("resolution at P* = 0 is %g, want positive", r)
	}
}

// The resolution is no smaller than the spread of P over orderings of the
// same data: the rounding it models is there to be seen.
func TestGapResolutionCoversRounding(t *testing.T) {
	ds, err := synth.Generate(synth.Config{N: 300, D: 40, Density: 0.8, Norms: synth.Norms{Paper: synth.ChiSq10Law}, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	pr, _ := New(ds, loss.Logistic{}, DefaultLambda(ds))
	w := make([]float64, ds.D)
	for j := range w {
		w[j] = 0.1 * math.Sin(float64(j)+1)
	}
	p0 := pr.Primal(w)
	// The same w perturbed by one unit in the last place in each entry.
	worst := 0.0
	for s := range 8 {
		v := make([]float64, len(w))
		for j := range w {
			if (j+s)%3 == 0 {
				v[j] = math.Nextafter(w[j], math.Inf(1))
			} else {
				v[j] = w[j]
			}
		}
		worst = math.Max(worst, math.Abs(pr.Primal(v)-p0))
	}
	if r := pr.GapResolution(p0); worst > r {
		t.Errorf("P moves by %g under last-bit changes of w, above the resolution %g", worst, r)
	}
}
