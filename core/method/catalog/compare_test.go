package catalog

import (
	"context"
	"math"
	"strings"
	"testing"

	"imlab/core/loss"
	"imlab/core/method"
	"imlab/core/method/internal/mtest"
	"imlab/core/sampling"
	"imlab/core/theory"
)

// Compare gives each cell the crossing of its own run, the theory's
// prediction from the starting gap, and leaves SGD below its floor empty.
func TestCompare(t *testing.T) {
	ds := mtest.Data(t, 150, 10, 0.5, 4)
	pr := mtest.Problem(t, ds, loss.Logistic{}, 1)
	_, pstar := mtest.Optimum(t, pr)
	c := Comparison{
		Methods:   []Name{SAGA, SGD},
		Specs:     []theory.Spec{{Sampling: "uniform", Tau: 1}, {Sampling: "imp", Tau: 4, Seed: 1}},
		Eps:       []float64{1e-4, 1e-8},
		MaxPasses: 2000, SGDMaxPasses: 5, Seed: 3,
	}
	var seen int
	cells, err := Compare(context.Background(), pr, pstar, c, func(Cell) { seen++ })
	if err != nil {
		t.Fatal(err)
	}
	if len(cells) != 4 || seen != 4 {
		t.Fatalf("%d cells, %d progress calls; want 4", len(cells), seen)
	}
	gap0 := pr.Primal(make([]float64, ds.D)) - pstar
	for _, cell := range cells {
		pl, _ := theory.NewPlan(pr, cell.Spec)
		tr, err := Measure(context.Background(), cell.Method, pr, pl, Options{Decreasing: true, Seed: 3},
			method.Stop{Gap: map[Name]float64{SAGA: 1e-8, SGD: 1e-6}[cell.Method], PStar: pstar,
				MaxPasses: map[Name]float64{SAGA: 2000, SGD: 5}[cell.Method]})
		if err != nil {
			t.Fatal(err)
		}
		for k, e := range c.Eps {
			if want := cell.Theory.PassesTo(gap0, e); cell.Predicted[k] != want || !(want > 0) {
				t.Errorf("%s %s ε=%g: predicted %v, want %v > 0", cell.Method, cell.Spec.Sampling, e, cell.Predicted[k], want)
			}
			want, ok := method.Crossing(tr, e)
			got := cell.Measured[k]
			switch {
			case cell.Method == SGD && e < SGDFloor:
				if !math.IsNaN(got) {
					t.Errorf("SGD measured at ε=%g below its floor: %v", e, got)
				}
			case ok && got != want, !ok && !math.IsNaN(got):
				t.Errorf("%s %s ε=%g: measured %v, a rerun crosses at %v (%v)", cell.Method, cell.Spec.Sampling, e, got, want, ok)
			}
		}
		if cell.Method == SAGA && math.IsNaN(cell.Measured[1]) {
			t.Errorf("SAGA %s did not reach 1e-8", cell.Spec.Sampling)
		}
	}
	if _, err := Compare(context.Background(), pr, pstar, Comparison{Methods: Names}, nil); err == nil {
		t.Error("no targets accepted")
	}
}

// TestCompareSkipsWhatAMethodCannotRun: a method has no cell for an
// adaptive sampling it cannot follow (Runs); the other cells are run.
func TestCompareSkipsWhatAMethodCannotRun(t *testing.T) {
	ds := mtest.Data(t, 150, 10, 0.5, 4)
	pr := mtest.Problem(t, ds, loss.Logistic{}, 1)
	_, pstar := mtest.Optimum(t, pr)
	cells, err := Compare(context.Background(), pr, pstar, Comparison{
		Methods: []Name{SAGA, DFSDCA},
		Specs:   []theory.Spec{{Sampling: sampling.AdaptiveImp, Tau: 4, Seed: 1}, {Sampling: sampling.Imp, Tau: 4, Seed: 1}},
		Eps:     []float64{1e-4}, MaxPasses: 2000, Seed: 3,
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range cells {
		got = append(got, string(c.Method)+" "+string(c.Spec.Sampling))
		if c.Err != nil || !(c.Measured[0] > 0) {
			t.Errorf("%s %s: error %v, passes %v", c.Method, c.Spec.Sampling, c.Err, c.Measured[0])
		}
	}
	if want := "saga imp, dfsdca adaptive, dfsdca imp"; strings.Join(got, ", ") != want {
		t.Errorf("cells %q, want %q", strings.Join(got, ", "), want)
	}
}
