package sdca

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"testing"

	"imlab/core/loss"
	"imlab/core/method"
	"imlab/core/method/internal/mtest"
	"imlab/core/problem"
	"imlab/core/sampling"
	"imlab/core/theory"
)

func newSolver(t testing.TB, pr *problem.Problem, smp sampling.Sampler, v []float64, scale float64, seed uint64) *Solver {
	t.Helper()
	return newSolverWith(t, pr, Options{Sampler: smp, V: v, StepScale: scale, Seed: seed})
}

func newSolverWith(t testing.TB, pr *problem.Problem, opt Options) *Solver {
	t.Helper()
	s, err := New(pr, opt)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// orders returns the orders a sampling can be run in.
func orders(smp mtest.Sampling) []Order {
	if smp.Tau == 1 {
		return []Order{IID, Shuffled}
	}
	return []Order{IID}
}

// replay returns the examples or minibatches the solver will visit: the
// sampler's draws for IID, the schedule's epochs for Shuffled.
func replay(pl *theory.Plan, order Order, seed uint64) func() []int {
	if order == IID {
		draw, _ := mtest.Replay(pl, seed)
		return draw
	}
	src, sc := sampling.NewSource(seed), newSchedule(pl.P)
	var epoch []int
	return func() []int {
		for len(epoch) == 0 {
			epoch = slices.Clone(sc.next(src))
		}
		i := epoch[0]
		epoch = epoch[1:]
		return []int{i}
	}
}

// TestAgreesWithReference runs the solver with exact steps and the plain
// reference on the same minibatches for every sampling, order and loss.
func TestAgreesWithReference(t *testing.T) {
	ds := mtest.Data(t, 60, 8, 0.5, 1)
	for _, l := range mtest.Losses {
		pr := mtest.Problem(t, ds, l, 1)
		for _, smp := range mtest.Samplings(3) {
			pl := mtest.Plan(t, pr, smp, 2)
			for _, order := range orders(smp) {
				s := newSolverWith(t, pr, Options{Sampler: pl.Sampler, V: pl.V, Order: order, Exact: true, Seed: 9})
				draw := replay(pl, order, 9)
				ref := newReference(pr, pl.V, 1)
				for range 400 {
					if err := s.Step(1); err != nil {
						t.Fatal(err)
					}
					ref.step(draw())
				}
				if d := mtest.RelDiff(ref.alpha, s.Alpha()); d > 1e-11 {
					t.Errorf("%v %v %v: α of solver and reference differ by %.3g after 400 iterations", l, smp, order, d)
				}
				if d := mtest.RelDiff(ref.w, s.W()); d > 1e-11 {
					t.Errorf("%v %v %v: w of solver and reference differ by %.3g after 400 iterations", l, smp, order, d)
				}
				if got, want := s.Evals(), int64(400*smp.Tau); got != want {
					t.Errorf("%v %v %v: %d evaluations, want %d", l, smp, order, got, want)
				}
			}
		}
	}
}

// TestInexactNearReference: with StepAccuracy's steps the logistic run
// stays close to the exact reference on the same minibatches (each step is
// off by at most κ of itself, and the errors do not accumulate: both runs
// head for the same optimum).
func TestInexactNearReference(t *testing.T) {
	ds := mtest.Data(t, 60, 8, 0.5, 1)
	pr := mtest.Problem(t, ds, loss.Logistic{}, 1)
	for _, smp := range mtest.Samplings(3) {
		pl := mtest.Plan(t, pr, smp, 2)
		for _, order := range orders(smp) {
			s := newSolverWith(t, pr, Options{Sampler: pl.Sampler, V: pl.V, Order: order, Seed: 9})
			draw := replay(pl, order, 9)
			ref := newReference(pr, pl.V, 1)
			for range 4000 {
				if err := s.Step(1); err != nil {
					t.Fatal(err)
				}
				ref.step(draw())
			}
			d := mtest.RelDiff(ref.w, s.W())
			t.Logf("%v %v: w of inexact solver and exact reference differ by %.3g after 4000 iterations", smp, order, d)
			if d > 1e-6 {
				t.Errorf("%v %v: w of inexact solver and exact reference differ by %.3g after 4000 iterations", smp, order, d)
			}
		}
	}
}

// randomDual returns α* plus noise, kept inside the domain of φ*.
func randomDual(r interface{ NormFloat64() float64 }, pr *problem.Problem, astar []float64, spread float64) []float64 {
	alpha := make([]float64, len(astar))
	for i, a := range astar {
		alpha[i] = a + spread*r.NormFloat64()
		if _, square := pr.Loss.(loss.Square); !square {
			y := pr.Data.Y[i]
			b := math.Min(math.Max(y*alpha[i], 1e-3), 1-1e-3)
			alpha[i] = y * b
		}
	}
	return alpha
}

// TestDualRateExact checks E[D* − D(α⁺)] ≤ (1 − θ)(D* − D(α)) exactly, by
// enumerating every minibatch, at random dual points of small instances, for
// every sampling and loss.
func TestDualRateExact(t *testing.T) {
	r := sampling.NewRand(4)
	worst := 0.0
	mtest.EachSmall(t, func(c mtest.Instance) {
		k, l, pr, smp, pl, ds := c.Index, c.Loss, c.Problem, c.Sampling, c.Plan, c.Problem.Data
		pstar := pr.Primal(c.WStar)
		x := mtest.Dense(ds)
		astar := make([]float64, ds.N)
		for i := range astar {
			astar[i] = -l.Deriv(mtest.Dot(x[i], c.WStar), ds.Y[i])
		}
		if d := Dual(pr, astar); math.Abs(d-pstar) > 1e-12*(1+math.Abs(pstar)) {
			t.Errorf("instance %d %v: D(α*) = %.17g, P* = %.17g", k, l, d, pstar)
		}
		theta := Rate(c.Setup)
		ref := newReference(pr, pl.V, 1)
		for _, spread := range []float64{1e-2, 0.3, 3} {
			alpha := randomDual(r, pr, astar, spread)
			before := pstar - Dual(pr, alpha)
			if before < 0 {
				t.Fatalf("instance %d %v: D(α) = %v above P* = %v", k, l, pstar-before, pstar)
			}
			after := 0.0
			for _, mb := range mtest.Enumerate(pl) {
				ref.setAlpha(alpha)
				ref.step(mb.Set)
				after += mb.Prob * (pstar - Dual(pr, ref.alpha))
			}
			if after > (1-theta)*before+1e-13*(1+math.Abs(pstar)) {
				t.Errorf("instance %d %v %v spread %g: E[D*−D(α⁺)] = %.6g > (1−θ)·%.6g = %.6g",
					k, l, smp, spread, after, before, (1-theta)*before)
			}
			if before > 1e-9 {
				worst = math.Max(worst, after/((1-theta)*before))
			}
		}
	})
	t.Logf("largest E[D*−D(α⁺)]/((1−θ)(D*−D(α))) seen: %.4f", worst)
}

// TestReachesTarget runs every sampling under every loss to a primal gap of
// 1e−10, in every order the sampling can run in, with exact and inexact
// coordinate steps.
func TestReachesTarget(t *testing.T) {
	for _, order := range []Order{IID, Shuffled} {
		for _, exact := range []bool{false, true} {
			mtest.ReachesTarget(t, func(pr *problem.Problem, pl *theory.Plan) method.Solver {
				if !slices.Contains(orders(mtest.Sampling{Tau: pl.Sampler.MaxSize()}), order) {
					return nil
				}
				return newSolverWith(t, pr, Options{Sampler: pl.Sampler, V: pl.V, Order: order, Exact: exact, Seed: 13})
			}, func(s method.Solver, pr *problem.Problem, pl *theory.Plan, pstar, passes float64) {
				if d := Dual(pr, s.(*Solver).Alpha()); d > pstar+1e-12 {
					t.Errorf("%v %v %v exact=%v: D(α) = %.17g above P* = %.17g", pr.Loss, pl.Sampler, order, exact, d, pstar)
				}
				t.Logf("%-12v %-14v %-8v exact=%-5v θ = %.3g: gap 1e-10 after %.1f passes", pr.Loss, pl.Sampler, order, exact,
					Rate(method.Setup{Problem: pr, P: pl.P, V: pl.V}), passes)
			})
		}
	}
}

// TestStepBeyondTheory: on identical examples the τ-nice ESO is tight, and
// the curvature v_i/(λn) is what keeps the τ simultaneous coordinate steps
// from overshooting together. For the square loss each iteration moves the
// common margin by a factor c = τK/(1 + τK/s) of the residual, K = ‖x‖²/(λn)
// and s the StepScale: s = 1.5 gives c < 2 and still converges (the theory's
// rate is lost, not convergence); s = 2.5 gives c > 2 and diverges.
func TestStepBeyondTheory(t *testing.T) {
	const n = 8
	xs, ys := make([]float64, n), make([]float64, n)
	for i := range xs {
		xs[i], ys[i] = 10, float64(i%3)-1
	}
	pr := mtest.Problem(t, mtest.OneFeature(t, xs, ys), loss.Square{}, 1)
	pl := mtest.Plan(t, pr, mtest.Sampling{Name: "nice", Tau: 4}, 1)
	_, pstar := mtest.Optimum(t, pr)
	scale := func(s float64, diverge bool) mtest.StepCase {
		return mtest.StepCase{Label: fmt.Sprintf("scale %v", s), Diverge: diverge,
			Build: func() method.Solver { return newSolver(t, pr, pl.Sampler, pl.V, s, 1) }}
	}
	mtest.StepsBeyond(t, method.Stop{Gap: 1e-10, PStar: pstar, MaxPasses: 20000},
		[]mtest.StepCase{scale(1, false), scale(1.5, false), scale(2.5, true)})
}

// TestRejectsLossWithoutDualStep: SDCA needs a conjugate it knows, and ±1
// labels for the classification losses.
func TestRejects(t *testing.T) {
	ds := mtest.OneFeature(t, []float64{1, 2}, []float64{1, 0.5})
	smp, err := sampling.NewNice(2, 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range []loss.Loss{loss.Logistic{}, loss.SmoothHinge{Mu: 1}, otherLoss{}} {
		pr := mtest.Problem(t, ds, l, 1)
		if _, err := New(pr, Options{Sampler: smp, V: ds.SquaredNorms()}); !errors.Is(err, method.ErrOptions) {
			t.Errorf("%v: New returned %v, want ErrOptions", l, err)
		}
	}
}

// otherLoss is a loss SDCA has no dual step for.
type otherLoss struct{ loss.Square }

func (otherLoss) String() string { return "other" }

// TestDeterministic: a seed fixes the trace bit for bit.
func TestDeterministic(t *testing.T) {
	mtest.Deterministic(t, func(pr *problem.Problem, pl *theory.Plan, seed uint64) method.Solver {
		return newSolver(t, pr, pl.Sampler, pl.V, 0, seed)
	})
}
