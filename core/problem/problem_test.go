package problem

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"testing"

	"imlab/core/dataset"
	"imlab/core/loss"
	"imlab/core/sampling"
	"imlab/core/synth"
)

// twoExamples is x_0 = (1, 2) with y = +1 and x_1 = (0, −3) with y = −1.
func twoExamples(t testing.TB) *dataset.Dataset {
	t.Helper()
	var b dataset.Builder
	b.Append([]int32{0, 1}, []float64{1, 2}, 1)
	b.Append([]int32{1}, []float64{-3}, -1)
	ds, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	return ds
}

func TestNewChecksItsInput(t *testing.T) {
	ds := twoExamples(t)
	for _, tc := range []struct {
		name   string
		ds     *dataset.Dataset
		lambda float64
		want   error
	}{
		{"zero λ", ds, 0, ErrLambda},
		{"negative λ", ds, -1, ErrLambda},
		{"NaN λ", ds, math.NaN(), ErrLambda},
		{"infinite λ", ds, math.Inf(1), ErrLambda},
		{"nλγ subnormal", ds, 5e-324, ErrLambda},
		{"nλγ overflows", ds, 1e308, ErrLambda},
		{"nil data", nil, 1, dataset.ErrNoRows},
		{"empty data", &dataset.Dataset{}, 1, dataset.ErrNoRows},
	} {
		if pr, err := New(tc.ds, loss.Logistic{}, tc.lambda); !errors.Is(err, tc.want) || pr != nil {
			t.Errorf("%s: New = %v, %v; want %v", tc.name, pr, err, tc.want)
		}
	}
	if pr, err := New(ds, loss.Square{}, 0.5); err != nil || pr.Lambda != 0.5 || pr.Data != ds {
		t.Errorf("valid input: %v, %v", pr, err)
	}
	lo, hi := LambdaRange(ds.N, loss.Logistic{}.Gamma())
	for _, lambda := range []float64{lo, hi} {
		if _, err := New(ds, loss.Logistic{}, lambda); err != nil {
			t.Errorf("λ = %v, an end of LambdaRange: %v", lambda, err)
		}
	}
}

// TestCheckData: New refuses ill-formed data with Validate's error, and
// CheckData validates any data New did not: a literal Problem's, or other
// data put in place of the data New checked.
func TestCheckData(t *testing.T) {
	ds := twoExamples(t)
	bad := *ds
	bad.Val = append([]float64(nil), ds.Val...)
	bad.Val[1] = math.NaN()
	if pr, err := New(&bad, loss.Logistic{}, 1); !errors.Is(err, dataset.ErrValue) || pr != nil {
		t.Errorf("New with a NaN value = %v, %v; want dataset.ErrValue", pr, err)
	}
	pr, err := New(ds, loss.Logistic{}, 1)
	if err != nil {
		t.Fatal(err)
	}
	if err := pr.CheckData(); err != nil {
		t.Errorf("CheckData of the data New checked: %v", err)
	}
	swapped := *pr
	swapped.Data = &bad
	if err := swapped.CheckData(); !errors.Is(err, dataset.ErrValue) {
		t.Errorf("CheckData after the data was replaced = %v, want dataset.ErrValue", err)
	}
	literal := &Problem{Data: &bad, Loss: loss.Logistic{}, Lambda: 1}
	if err := literal.CheckData(); !errors.Is(err, dataset.ErrValue) {
		t.Errorf("CheckData of a literal Problem = %v, want dataset.ErrValue", err)
	}
	if err := (&Problem{Loss: loss.Logistic{}, Lambda: 1}).CheckData(); !errors.Is(err, dataset.ErrNoRows) {
		t.Errorf("CheckData without data = %v, want dataset.ErrNoRows", err)
	}
}

func TestDefaultLambda(t *testing.T) {
	// max_i ‖x_i‖ = max(√5, 3) = 3, n = 2: the norm, not its square.
	if got := DefaultLambda(twoExamples(t)); got != 1.5 {
		t.Errorf("DefaultLambda = %v, want 3/2", got)
	}
}

// TestPrimalAndGradientByHand: square loss, w = (1, 1), λ = 0.5.
// Margins 3 and −3, residuals 2 and −2, so P = ¼(4 + 4) + ¼·2 = 2.5 and
// ∇P = ½(2·(1, 2) + (−2)·(0, −3)) + ½(1, 1) = (1.5, 5.5).
func TestPrimalAndGradientByHand(t *testing.T) {
	pr, err := New(twoExamples(t), loss.Square{}, 0.5)
	if err != nil {
		t.Fatal(err)
	}
	w := []float64{1, 1}
	if z0, z1 := Dot(pr.Data, 0, w), Dot(pr.Data, 1, w); z0 != 3 || z1 != -3 {
		t.Errorf("margins %v, %v; want 3, −3", z0, z1)
	}
	grad := []float64{7, 7} // must be overwritten
	P := pr.Gradient(w, grad)
	if P != 2.5 || pr.Primal(w) != 2.5 {
		t.Errorf("P = %v (Primal %v), want 2.5", P, pr.Primal(w))
	}
	if grad[0] != 1.5 || grad[1] != 5.5 {
		t.Errorf("∇P = %v, want (1.5, 5.5)", grad)
	}
}

// TestGradientMatchesPrimal checks, on random data for every loss, that
// Gradient returns exactly Primal's value and a gradient matching central
// differences of Primal.
func TestGradientMatchesPrimal(t *testing.T) {
	ds, err := synth.Generate(synth.Config{N: 300, D: 15, Density: 0.4, Norms: synth.Norms{Paper: synth.ChiSq10Law}, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	r := sampling.NewRand(2)
	for _, l := range []loss.Loss{loss.Logistic{}, loss.Square{}, loss.SmoothHinge{Mu: 0.5}} {
		pr, err := New(ds, l, DefaultLambda(ds))
		if err != nil {
			t.Fatal(err)
		}
		w := make([]float64, ds.D)
		for j := range w {
			w[j] = 0.5 * r.NormFloat64()
		}
		grad := make([]float64, ds.D)
		if P := pr.Gradient(w, grad); P != pr.Primal(w) {
			t.Errorf("%v: Gradient returned P = %v, Primal %v", l, P, pr.Primal(w))
		}
		const h = 1e-6
		for j := range w {
			wj := w[j]
			w[j] = wj + h
			plus := pr.Primal(w)
			w[j] = wj - h
			minus := pr.Primal(w)
			w[j] = wj
			if fd := (plus - minus) / (2 * h); math.Abs(fd-grad[j]) > 1e-6*(1+math.Abs(fd)) {
				t.Errorf("%v: ∂P/∂w_%d = %v, difference quotient %v", l, j, grad[j], fd)
			}
		}
	}
}

func TestLogisticPrimalAtZeroIsLog2(t *testing.T) {
	ds := twoExamples(t)
	pr, err := New(ds, loss.Logistic{}, 1)
	if err != nil {
		t.Fatal(err)
	}
	if P := pr.Primal(make([]float64, ds.D)); P != math.Ln2 {
		t.Errorf("P(0) = %v, want log 2", P)
	}
}

// TestAccumulatorIsCompensated compares with exact rational sums where
// naive summation loses everything.
func TestAccumulatorIsCompensated(t *testing.T) {
	for _, tc := range []struct {
		name  string
		terms []float64
	}{
		{"cancellation", []float64{1, 1e100, 1, -1e100}},
		{"small after large", []float64{1e16, 1, 1, 1, 1, -1e16}},
		{"tenths", repeat(0.1, 100000)},
		{"alternating", alternating(10000)},
	} {
		var acc Accumulator
		exact := new(big.Float).SetPrec(2000)
		for _, x := range tc.terms {
			acc.Add(x)
			exact.Add(exact, new(big.Float).SetFloat64(x))
		}
		want, _ := exact.Float64()
		if got := acc.Sum(); math.Abs(got-want) > 2e-16*math.Abs(want) {
			t.Errorf("%s: Sum = %.17g, exact %.17g", tc.name, got, want)
		}
	}
	var zero Accumulator
	if zero.Sum() != 0 {
		t.Error("the zero Accumulator is not an empty sum")
	}
}

func repeat(x float64, n int) []float64 {
	out := make([]float64, n)
	for i := range out {
		out[i] = x
	}
	return out
}

func alternating(n int) []float64 {
	out := make([]float64, n)
	for i := range out {
		out[i] = 1 / float64(i+1)
		if i%2 == 1 {
			out[i] = -out[i] * (1 + 1e-9)
		}
	}
	return out
}

func ExampleProblem_Gradient() {
	var b dataset.Builder
	b.Append([]int32{0}, []float64{1}, 1)
	b.Append([]int32{0}, []float64{2}, 1)
	ds, _ := b.Build()
	// λ = max_i ‖x_i‖/n = 2/2 = 1.
	pr, err := New(ds, loss.Square{}, DefaultLambda(ds))
	if err != nil {
		fmt.Println(err)
		return
	}
	grad := make([]float64, 1)
	P := pr.Gradient([]float64{0}, grad)
	// P(0) = ½(½·1 + ½·1) = ½ and P'(0) = ½(−1 − 2) = −3/2.
	fmt.Printf("λ = %v, P(0) = %v, ∇P(0) = %v\n", pr.Lambda, P, grad)
	// Output:
	// λ = 1, P(0) = 0.5, ∇P(0) = [-1.5]
}

// benchProblems returns the problems of the benchmarks on cfg's data, one
// per loss, and a point w at which to evaluate them.
func benchProblems(b *testing.B, cfg synth.Config) ([]*Problem, []float64) {
	ds, err := synth.Generate(cfg)
	if err != nil {
		b.Fatal(err)
	}
	var prs []*Problem
	for _, l := range []loss.Loss{loss.Logistic{}, loss.Square{}} {
		pr, err := New(ds, l, DefaultLambda(ds))
		if err != nil {
			b.Fatal(err)
		}
		prs = append(prs, pr)
	}
	w := make([]float64, ds.D)
	for j := range w {
		w[j] = 0.01 * float64(j%7-3)
	}
	return prs, w
}

func BenchmarkGradient(b *testing.B) {
	for _, size := range [][2]int{{1000, 100}, {10000, 100}, {10000, 1000}} {
		prs, w := benchProblems(b, synth.Config{N: size[0], D: size[1], Density: 0.3, Norms: synth.Norms{Paper: synth.ChiSq10Law}, Seed: 1})
		grad := make([]float64, len(w))
		for _, pr := range prs {
			b.Run(fmt.Sprintf("n=%d/d=%d/%v", size[0], size[1], pr.Loss), func(b *testing.B) {
				for range b.N {
					pr.Gradient(w, grad)
				}
			})
		}
	}
}

// BenchmarkPrimal evaluates P on the page's default data (the evaluations
// that draw a run's trace).
func BenchmarkPrimal(b *testing.B) {
	prs, w := benchProblems(b, synth.Config{N: 10000, D: 100, Density: 0.8, Norms: synth.Norms{Paper: synth.ChiSq1Law}, Seed: 1})
	for _, pr := range prs {
		b.Run(pr.Loss.String(), func(b *testing.B) {
			for range b.N {
				pr.Primal(w)
			}
		})
	}
}
