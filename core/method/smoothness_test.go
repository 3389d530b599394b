package method_test

import (
	"errors"
	"math"
	"strings"
	"testing"

	"imlab/core/dataset"
	"imlab/core/loss"
	"imlab/core/method"
	"imlab/core/method/internal/mtest"
	"imlab/core/problem"
	"imlab/core/sampling"
)

// minibatchGradientGap returns E‖g_S(w) − g_S(y)‖² by enumeration and
// D_f(w, y) = f(w) − f(y) − ⟨∇f(y), w − y⟩, both computed densely.
// scale is Σ|terms| of D_f, for a rounding tolerance.
func minibatchGradientGap(pr *problem.Problem, batches []mtest.Batch, p, w, y []float64) (lhs, bregman, scale float64) {
	ds := pr.Data
	x := mtest.Dense(ds)
	n := float64(ds.N)
	c := make([]float64, ds.N) // (φ_i'(x_iᵀw) − φ_i'(x_iᵀy))/(n p_i)
	for i := range c {
		zw, zy := mtest.Dot(x[i], w), mtest.Dot(x[i], y)
		c[i] = (pr.Loss.Deriv(zw, ds.Y[i]) - pr.Loss.Deriv(zy, ds.Y[i])) / (n * p[i])
		vw, vy, lin := pr.Loss.Value(zw, ds.Y[i]), pr.Loss.Value(zy, ds.Y[i]), pr.Loss.Deriv(zy, ds.Y[i])*(zw-zy)
		bregman += (vw - vy - lin) / n
		scale += (math.Abs(vw) + math.Abs(vy) + math.Abs(lin)) / n
	}
	sum := make([]float64, ds.D)
	for _, mb := range batches {
		clear(sum)
		for _, i := range mb.Set {
			for j := range sum {
				sum[j] += c[i] * x[i][j]
			}
		}
		lhs += mb.Prob * mtest.Dot(sum, sum)
	}
	return lhs, bregman, scale
}

// TestExpectedSmoothnessExact checks E‖g_S(w) − g_S(y)‖² ≤ 2𝓛 D_f(w, y) by
// enumerating every minibatch of every sampling on small instances, for
// every loss and random pairs (w, y). For the square loss the chain of
// inequalities is tight up to the ESO, so halving v must break it somewhere:
// the check has power.
func TestExpectedSmoothnessExact(t *testing.T) {
	r := sampling.NewRand(5)
	worst, weakened := 0.0, 0
	for k, ds := range mtest.Small(t, 8, 1) {
		for _, l := range mtest.Losses {
			pr := mtest.Problem(t, ds, l, 1)
			for tau := 1; tau <= 3; tau++ {
				for _, smp := range mtest.Samplings(tau) {
					if smp.Tau != tau {
						continue
					}
					pl := mtest.Plan(t, pr, smp, uint64(k))
					batches := mtest.Enumerate(pl)
					setup, err := method.NewSetup(pr, pl.Sampler, pl.V)
					if err != nil {
						t.Fatal(err)
					}
					L := setup.Smoothness()
					half := make([]float64, len(pl.V))
					for i, v := range pl.V {
						half[i] = v / 2
					}
					Lhalf := method.ExpectedSmoothness(pl.P, half, l.Gamma())
					for range 10 {
						w, y := mtest.RandomVector(r, ds.D, 1), mtest.RandomVector(r, ds.D, 1)
						lhs, br, scale := minibatchGradientGap(pr, batches, pl.P, w, y)
						if lhs > 2*L*(br+1e-13*scale) {
							t.Errorf("instance %d %v %v: E‖g(w)−g(y)‖² = %.6g > 2𝓛D_f = %.6g", k, l, smp, lhs, 2*L*br)
						}
						if br > 1e-9*scale {
							worst = math.Max(worst, lhs/(2*L*br))
						}
						if lhs > 2*Lhalf*br*(1+1e-9) {
							weakened++
						}
					}
				}
			}
		}
	}
	t.Logf("largest E‖g(w)−g(y)‖²/(2𝓛D_f) seen: %.4f", worst)
	if weakened == 0 {
		t.Error("𝓛 from v/2 was never violated: the check has no power")
	}
}

// TestNoiseAtOptimumBoundsVariance compares the ESO bound on σ² with the
// exact variance E‖g_S(w*) − ∇f(w*)‖² by enumeration.
func TestNoiseAtOptimumBoundsVariance(t *testing.T) {
	for k, ds := range mtest.Small(t, 6, 2) {
		pr := mtest.Problem(t, ds, loss.Logistic{}, 1)
		wstar, _ := mtest.Optimum(t, pr)
		for _, smp := range mtest.Samplings(2) {
			pl := mtest.Plan(t, pr, smp, 3)
			setup, err := method.NewSetup(pr, pl.Sampler, pl.V)
			if err != nil {
				t.Fatal(err)
			}
			exact := exactNoise(pr, mtest.Enumerate(pl), pl.P, wstar)
			bound := method.NoiseAtOptimum(setup, wstar)
			if !(exact <= bound*(1+1e-10)+1e-16) || !(exact > 0) {
				t.Errorf("instance %d %v: σ² = %.6g, ESO bound %.6g", k, smp, exact, bound)
			}
		}
	}
}

func exactNoise(pr *problem.Problem, batches []mtest.Batch, p, w []float64) float64 {
	ds := pr.Data
	x := mtest.Dense(ds)
	n := float64(ds.N)
	a := make([]float64, ds.N)
	mean := make([]float64, ds.D)
	for i := range a {
		a[i] = pr.Loss.Deriv(mtest.Dot(x[i], w), ds.Y[i])
		for j := range mean {
			mean[j] += a[i] * x[i][j] / n
		}
	}
	v := 0.0
	g := make([]float64, ds.D)
	for _, mb := range batches {
		copy(g, mean)
		for _, i := range mb.Set {
			for j := range g {
				g[j] -= a[i] * x[i][j] / (n * p[i])
			}
		}
		v += mb.Prob * mtest.Dot(g, g)
	}
	return v
}

func TestNewSetupRejectsBadInput(t *testing.T) {
	ds := mtest.Small(t, 1, 3)[0]
	pr := mtest.Problem(t, ds, loss.Square{}, 1)
	good, err := sampling.NewNice(ds.N, 2)
	if err != nil {
		t.Fatal(err)
	}
	wrongN, _ := sampling.NewNice(ds.N+1, 2)
	v := ds.SquaredNorms()
	bad := append([]float64(nil), v...)
	bad[1] = math.NaN()
	for _, tc := range []struct {
		name string
		pr   *problem.Problem
		smp  sampling.Sampler
		v    []float64
	}{
		{"nil problem", nil, good, v},
		{"nil loss", &problem.Problem{Data: ds, Lambda: 1}, good, v},
		{"zero λ", &problem.Problem{Data: ds, Loss: loss.Square{}}, good, v},
		{"broken data", &problem.Problem{Data: &dataset.Dataset{N: 1}, Loss: loss.Square{}, Lambda: 1}, good, v},
		{"nil sampler", pr, nil, v},
		{"sampler over other n", pr, wrongN, v},
		{"short v", pr, good, v[1:]},
		{"NaN v", pr, good, bad},
	} {
		for name, newSetup := range map[string]func(*problem.Problem, sampling.Sampler, []float64) (method.Setup, error){
			"NewSetup": method.NewSetup, "NewTheorySetup": method.NewTheorySetup,
		} {
			if _, err := newSetup(tc.pr, tc.smp, tc.v); err == nil {
				t.Errorf("%s: %s: accepted", name, tc.name)
			} else if !errors.Is(err, method.ErrOptions) {
				t.Errorf("%s: %s: error %v does not wrap ErrOptions", name, tc.name, err)
			}
		}
	}
	if _, err := method.NewSetup(pr, good, v); err != nil {
		t.Errorf("valid setup rejected: %v", err)
	}
	// A bad entry: a solver's setup refuses it, a prediction's reads no row.
	nan := *ds
	nan.Val = append([]float64(nil), ds.Val...)
	nan.Val[0] = math.NaN()
	badEntry := &problem.Problem{Data: &nan, Loss: loss.Square{}, Lambda: 1}
	if _, err := method.NewSetup(badEntry, good, v); !errors.Is(err, dataset.ErrValue) {
		t.Errorf("NewSetup of a NaN entry: %v, want ErrValue", err)
	}
	if _, err := method.NewTheorySetup(badEntry, good, v); err != nil {
		t.Errorf("NewTheorySetup of a NaN entry: %v", err)
	}
}

// StepOr takes the rule's step for 0, keeps a given one, and refuses a
// step that is not positive and finite, naming the method.
func TestStepOr(t *testing.T) {
	ds := mtest.Small(t, 1, 3)[0]
	pr := mtest.Problem(t, ds, loss.Square{}, 1)
	smp, err := sampling.NewNice(ds.N, 2)
	if err != nil {
		t.Fatal(err)
	}
	s, err := method.NewSetup(pr, smp, ds.SquaredNorms())
	if err != nil {
		t.Fatal(err)
	}
	if got, err := s.StepOr("SAGA", 0, method.VarianceReducedStep); err != nil || got != method.VarianceReducedStep(s) {
		t.Errorf("default: %v, %v; want %v", got, err, method.VarianceReducedStep(s))
	}
	if got, err := s.StepOr("SAGA", 0.25, method.VarianceReducedStep); err != nil || got != 0.25 {
		t.Errorf("given 0.25: %v, %v", got, err)
	}
	for _, bad := range []float64{-1, math.Inf(1), math.NaN()} {
		_, err := s.StepOr("L-SVRG", bad, method.VarianceReducedStep)
		if !errors.Is(err, method.ErrOptions) || !strings.Contains(err.Error(), "L-SVRG step") {
			t.Errorf("step %v: error %v, want ErrOptions naming L-SVRG", bad, err)
		}
	}
	if _, err := s.StepOr("SGD", 0, func(method.Setup) float64 { return math.Inf(1) }); !errors.Is(err, method.ErrOptions) {
		t.Errorf("an infinite rule: %v, want ErrOptions", err)
	}
}
