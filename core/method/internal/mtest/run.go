package mtest

import (
	"context"
	"errors"
	"math"
	"slices"
	"testing"

	"imlab/core/loss"
	"imlab/core/method"
	"imlab/core/problem"
	"imlab/core/sampling"
	"imlab/core/theory"
)

// ReachesTarget runs the solver build makes for every sampling of
// Samplings(4) (plans seeded 11) under every loss of Losses, on Data(200,
// 20, 0.5, 7), to a gap of 1e−10 within 3000 passes; a sampling for which
// build returns nil is skipped. reached, if not nil, is called for each run
// that got there (to log its step, or check more).
func ReachesTarget(t *testing.T, build func(*problem.Problem, *theory.Plan) method.Solver,
	reached func(s method.Solver, pr *problem.Problem, pl *theory.Plan, pstar, passes float64)) {
	t.Helper()
	ds := Data(t, 200, 20, 0.5, 7)
	for _, l := range Losses {
		pr := Problem(t, ds, l, 1)
		_, pstar := Optimum(t, pr)
		for _, smp := range Samplings(4) {
			pl := Plan(t, pr, smp, 11)
			s := build(pr, pl)
			if s == nil {
				continue
			}
			run := method.NewRun(s, method.Stop{Gap: 1e-10, PStar: pstar, MaxPasses: 3000})
			if err := run.Until(context.Background(), nil); err != nil {
				t.Fatalf("%v %v: %v", l, smp, err)
			}
			st := run.Status()
			x, ok := st.Passes, st.Reason == method.Reached
			if !ok {
				tr := run.Trace()
				t.Errorf("%v %v: gap 1e-10 not reached in 3000 passes (last %+v)", l, smp, tr[len(tr)-1])
				continue
			}
			if reached != nil {
				reached(s, pr, pl, pstar, x)
			}
		}
	}
}

// StepCase is a solver run with a step beyond its theory's, and whether
// it should diverge.
type StepCase struct {
	Label   string // the step, for messages
	Build   func() method.Solver
	Diverge bool
}

// StepsBeyond runs each case under stop: a case that should diverge must
// end in method.ErrDiverged; any other must end without error, having
// reached stop.Gap if it is set.
func StepsBeyond(t *testing.T, stop method.Stop, cases []StepCase) {
	t.Helper()
	for _, tc := range cases {
		run := method.NewRun(tc.Build(), stop)
		err := run.Until(context.Background(), nil)
		ok := run.Status().Reason == method.Reached
		switch {
		case tc.Diverge && !errors.Is(err, method.ErrDiverged):
			t.Errorf("step %s: %v, reached %v; want ErrDiverged", tc.Label, err, ok)
		case !tc.Diverge && (err != nil || stop.Gap > 0 && !ok):
			t.Errorf("step %s: %v, reached %v; want convergence", tc.Label, err, ok)
		}
	}
}

// Deterministic checks that a seed fixes a trace bit for bit: the solvers
// build makes with one seed give the same 20 passes (seconds aside) on
// τ-importance sampling (τ = 4) of Data(100, 10, 0.5, 3) under the logistic
// loss, and another seed a different trace.
func Deterministic(t *testing.T, build func(pr *problem.Problem, pl *theory.Plan, seed uint64) method.Solver) {
	t.Helper()
	ds := Data(t, 100, 10, 0.5, 3)
	pr := Problem(t, ds, loss.Logistic{}, 1)
	pl := Plan(t, pr, Sampling{Name: sampling.Imp, Tau: 4}, 1)
	trace := func(seed uint64) []method.Point {
		run := method.NewRun(build(pr, pl, seed), method.Stop{PStar: math.NaN(), MaxPasses: 20})
		if err := run.Until(context.Background(), nil); err != nil {
			t.Fatal(err)
		}
		tr := slices.Clone(run.Trace())
		for k := range tr {
			tr[k].Seconds = 0
		}
		return tr
	}
	a, b, c := trace(5), trace(5), trace(6)
	if !slices.Equal(a, b) {
		t.Error("two runs with one seed differ")
	}
	if slices.Equal(a, c) {
		t.Error("two seeds give the same trace")
	}
}

// Instance is one case of the exact checks: a small problem, its solution,
// and a sampling's plan and setup.
type Instance struct {
	Index    int // which of the Small instances, also the plan's seed
	Loss     loss.Loss
	Problem  *problem.Problem
	WStar    []float64
	Sampling Sampling
	Plan     *theory.Plan
	Setup    method.Setup
}

// EachSmall calls check for every instance of Small(t, 6, 7), under every
// loss of Losses, with every sampling of Samplings(τ) at τ = 1, 2, 3 (each
// once: serial samplings at τ = 1 only), for the exact checks that
// enumerate every minibatch.
func EachSmall(t *testing.T, check func(Instance)) {
	t.Helper()
	for k, ds := range Small(t, 6, 7) {
		for _, l := range Losses {
			pr := Problem(t, ds, l, 1)
			wstar, _ := Optimum(t, pr)
			for tau := 1; tau <= 3; tau++ {
				for _, smp := range Samplings(tau) {
					if smp.Tau != tau {
						continue
					}
					pl := Plan(t, pr, smp, uint64(k))
					setup, err := method.NewSetup(pr, pl.Sampler, pl.V)
					if err != nil {
						t.Fatal(err)
					}
					check(Instance{Index: k, Loss: l, Problem: pr, WStar: wstar, Sampling: smp, Plan: pl, Setup: setup})
				}
			}
		}
	}
}
