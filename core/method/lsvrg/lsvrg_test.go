package lsvrg

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"imlab/core/method"
	"imlab/core/method/internal/mtest"
	"imlab/core/problem"
	"imlab/core/sampling"
	"imlab/core/theory"
)

func newSolver(t testing.TB, pr *problem.Problem, smp sampling.Sampler, v []float64, step, q float64, seed uint64) *Solver {
	t.Helper()
	s, err := New(pr, Options{Sampler: smp, V: v, Step: step, Refresh: q, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// setLazy switches s, at iteration 0, to lazy or dense updates.
func setLazy(s *Solver, lazy bool) {
	s.lazy = nil
	if lazy {
		s.lazy = method.NewLazy(s.pr.Data.D, s.step, s.pr.Lambda)
	}
}

// TestAgreesWithReference runs the solver, with dense and with lazy
// updates, and the textbook reference on the same minibatches and coins for
// every sampling and loss, on data where rows are short beside d, and checks
// the evaluation count: τ per iteration plus n per full gradient.
func TestAgreesWithReference(t *testing.T) {
	ds := mtest.Data(t, 60, 30, 0.1, 1)
	for _, l := range mtest.Losses {
		pr := mtest.Problem(t, ds, l, 1)
		for k, smp := range append(mtest.Samplings(3), mtest.Samplings(3)...) {
			lazy := k >= 6
			pl := mtest.Plan(t, pr, smp, 2)
			s := newSolver(t, pr, pl.Sampler, pl.V, 0, 0.05, 9)
			setLazy(s, lazy)
			draw, r := mtest.Replay(pl, 9)
			ref := newReference(pr, pl.P, s.StepSize())
			refreshes := 0
			for range 400 {
				if err := s.Step(1); err != nil {
					t.Fatal(err)
				}
				batch := draw()
				refresh := r.Float64() < s.Refresh()
				if refresh {
					refreshes++
				}
				ref.step(batch, refresh)
			}
			if d := mtest.RelDiff(ref.w, s.W()); d > 1e-12 {
				t.Errorf("%v %v lazy=%v: solver and reference differ by %.3g after 400 iterations", l, smp, lazy, d)
			}
			if refreshes == 0 {
				t.Fatalf("%v %v: no full gradient in 400 iterations", l, smp)
			}
			if got, want := s.Evals(), int64(400*smp.Tau+(1+refreshes)*ds.N); got != want {
				t.Errorf("%v %v: %d evaluations, want %d", l, smp, got, want)
			}
		}
	}
}

// TestLyapunovExact checks E Φ⁺ ≤ Rate·Φ exactly, enumerating every
// minibatch and both outcomes of the coin, at random states of small
// instances, for every sampling and loss at the safe step.
func TestLyapunovExact(t *testing.T) {
	r := sampling.NewRand(4)
	worst := 0.0
	mtest.EachSmall(t, func(c mtest.Instance) {
		k, l, pr, wstar, smp, pl, setup, ds := c.Index, c.Loss, c.Problem, c.WStar, c.Sampling, c.Plan, c.Setup, c.Problem.Data
		eta := method.VarianceReducedStep(setup)
		q := 0.3
		rate := Rate(setup, eta, q)
		rho := method.Contraction(eta, pr.Lambda)
		n := float64(ds.N)
		ref := newReference(pr, pl.P, eta)
		phi := func(w, u []float64) float64 {
			v := mtest.Dist2(w, wstar)
			for i := range ref.x {
				c := 4 * rho * eta * eta * pl.V[i] / (q * n * n * pl.P[i])
				d := ref.deriv(i, u) - ref.deriv(i, wstar)
				v += c * d * d
			}
			return v
		}
		for _, spread := range []float64{1e-3, 1, 10} {
			w0, u0 := mtest.RandomVector(r, ds.D, spread), mtest.RandomVector(r, ds.D, spread)
			for j := range w0 {
				w0[j] += wstar[j]
				u0[j] += wstar[j]
			}
			before := phi(w0, u0)
			after := 0.0
			for _, mb := range mtest.Enumerate(pl) {
				for _, refresh := range []bool{false, true} {
					prob := mb.Prob * q
					if !refresh {
						prob = mb.Prob * (1 - q)
					}
					ref.w, ref.u = slices.Clone(w0), slices.Clone(u0)
					ref.step(mb.Set, refresh)
					after += prob * phi(ref.w, ref.u)
				}
			}
			if after > rate*before*(1+1e-10) {
				t.Errorf("instance %d %v %v spread %g: E Φ⁺ = %.6g > %.6g·Φ = %.6g", k, l, smp, spread, after, rate, rate*before)
			}
			worst = math.Max(worst, after/(rate*before))
		}
	})
	t.Logf("largest E Φ⁺/(rate·Φ) seen: %.4f", worst)
}

// TestReachesTarget runs every sampling under every loss to a gap of 1e−10
// with the safe step and the default q = τ/n.
func TestReachesTarget(t *testing.T) {
	mtest.ReachesTarget(t, func(pr *problem.Problem, pl *theory.Plan) method.Solver {
		return newSolver(t, pr, pl.Sampler, pl.V, 0, 0, 13)
	}, func(s method.Solver, pr *problem.Problem, pl *theory.Plan, pstar, passes float64) {
		t.Logf("%-12v %-14v η = %.3g: gap 1e-10 after %.1f passes", pr.Loss, pl.Sampler, s.(*Solver).StepSize(), passes)
	})
}

// TestStepBeyondTheory: on one feature with p_i ∝ x_i² and the square
// loss, the minibatch gradient's curvature is exactly 𝓛. The safe step is
// 1/(6𝓛); 1.5× it still converges, as the theory (a sufficient condition)
// allows, and the step 3/𝓛, past gradient descent's limit 2/𝓛, diverges.
func TestStepBeyondTheory(t *testing.T) {
	pr := mtest.StepExample(t)
	smp := mtest.SquaredImportance(t, pr.Data)
	v := pr.Data.SquaredNorms()
	setup, err := method.NewSetup(pr, smp, v)
	if err != nil {
		t.Fatal(err)
	}
	L := setup.Smoothness()
	_, pstar := mtest.Optimum(t, pr)
	step := func(eta float64, diverge bool) mtest.StepCase {
		return mtest.StepCase{Label: fmt.Sprintf("%.3g·(1/𝓛)", eta*L), Diverge: diverge,
			Build: func() method.Solver { return newSolver(t, pr, smp, v, eta, 0, 1) }}
	}
	mtest.StepsBeyond(t, method.Stop{Gap: 1e-10, PStar: pstar, MaxPasses: 20000}, []mtest.StepCase{
		step(1.5*method.VarianceReducedStep(setup), false), step(3/L, true),
	})
}

// TestDeterministic: a seed fixes the trace bit for bit.
func TestDeterministic(t *testing.T) {
	mtest.Deterministic(t, func(pr *problem.Problem, pl *theory.Plan, seed uint64) method.Solver {
		return newSolver(t, pr, pl.Sampler, pl.V, 0, 0, seed)
	})
}
