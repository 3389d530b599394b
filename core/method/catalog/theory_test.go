package catalog

import (
	"math"
	"testing"

	"imlab/core/loss"
	"imlab/core/method/internal/mtest"
	"imlab/core/theory"
)

// TestPredict checks the predictions against the plan's θ and the methods'
// rates, and that importance sampling improves every prediction on data
// with spread-out norms.
func TestPredict(t *testing.T) {
	ds := mtest.Data(t, 400, 20, 0.3, 5)
	pr := mtest.Problem(t, ds, loss.Logistic{}, 1)
	nice := mtest.Plan(t, pr, mtest.Sampling{Name: "nice", Tau: 4}, 1)
	imp := mtest.Plan(t, pr, mtest.Sampling{Name: "imp", Tau: 4}, 1)
	for _, m := range Names {
		a, err := Predict(m, pr, nice)
		if err != nil {
			t.Fatal(err)
		}
		b, err := Predict(m, pr, imp)
		if err != nil {
			t.Fatal(err)
		}
		if !(a.Rate > 0 && a.Rate < 1 && a.PassesPerEFold > 0) {
			t.Errorf("%s: %+v", m, a)
		}
		if (m == DFSDCA || m == SDCA) && (a.Step != nice.Theta || math.Abs(a.Rate-(1-nice.Theta)) > 0) {
			t.Errorf("%s: step %v, rate %v; plan θ = %v", m, a.Step, a.Rate, nice.Theta)
		}
		if !(b.PassesPerEFold < a.PassesPerEFold) {
			t.Errorf("%s: τ-importance predicts %.3g passes per e-fold, τ-nice %.3g", m, b.PassesPerEFold, a.PassesPerEFold)
		}
		t.Logf("%-6s passes per e-fold: τ-nice %.3g, τ-importance %.3g", m, a.PassesPerEFold, b.PassesPerEFold)
	}
	if _, err := Predict("newton", pr, nice); err == nil {
		t.Error("Predict accepted an unknown method")
	}
}

// Ratio is Predict for the two samplings of the paper, and for dfSDCA its
// θs are theory.Ratio's.
func TestRatio(t *testing.T) {
	ds := mtest.Data(t, 300, 20, 0.3, 8)
	pr := mtest.Problem(t, ds, loss.Logistic{}, 1)
	for _, m := range Names {
		nice, imp, err := Ratio(m, pr, 4, "random", 2)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := Predict(m, pr, mtest.Plan(t, pr, mtest.Sampling{Name: "imp", Tau: 4}, 2))
		if imp != want {
			t.Errorf("%s: τ-importance %+v, Predict %+v", m, imp, want)
		}
		if m == DFSDCA {
			tn, ti, _ := theory.Ratio(pr, 4, "random", 2)
			if nice.Step != tn || imp.Step != ti {
				t.Errorf("dfSDCA steps %v, %v; theory.Ratio %v, %v", nice.Step, imp.Step, tn, ti)
			}
		}
	}
	if _, _, err := Ratio(SAGA, pr, ds.N+1, "random", 1); err == nil {
		t.Error("τ > n accepted")
	}
}
