package method_test

import (
	"context"
	"fmt"
	"log"

	"imlab/core/loss"
	"imlab/core/method"
	"imlab/core/method/lsvrg"
	"imlab/core/method/saga"
	"imlab/core/method/sdca"
	"imlab/core/method/sgd"
	"imlab/core/optimum"
	"imlab/core/problem"
	"imlab/core/synth"
	"imlab/core/theory"
)

// Example runs every method with τ-importance sampling and its safe step
// on a small logistic regression, on the common passes axis.
func Example() {
	ds, err := synth.Generate(synth.Config{N: 500, D: 40, Density: 0.3, Norms: synth.Norms{Paper: synth.ChiSq1Law}, Seed: 1})
	if err != nil {
		log.Fatal(err)
	}
	pr, err := problem.New(ds, loss.Logistic{}, problem.DefaultLambda(ds))
	if err != nil {
		log.Fatal(err)
	}
	plan, err := theory.NewPlan(pr, theory.Spec{Sampling: "imp", Tau: 8, Seed: 1})
	if err != nil {
		log.Fatal(err)
	}
	opt, err := optimum.Solve(pr, optimum.Options{})
	if err != nil {
		log.Fatal(err)
	}
	solvers := []struct {
		name string
		new  func() (method.Solver, error)
		eps  float64
	}{
		{"sdca", func() (method.Solver, error) {
			return sdca.New(pr, sdca.Options{Sampler: plan.Sampler, V: plan.V, Seed: 1})
		}, 1e-10},
		{"saga", func() (method.Solver, error) {
			return saga.New(pr, saga.Options{Sampler: plan.Sampler, V: plan.V, Seed: 1})
		}, 1e-10},
		{"lsvrg", func() (method.Solver, error) {
			return lsvrg.New(pr, lsvrg.Options{Sampler: plan.Sampler, V: plan.V, Seed: 1})
		}, 1e-10},
		{"sgd", func() (method.Solver, error) {
			return sgd.New(pr, sgd.Options{Sampler: plan.Sampler, V: plan.V, Decreasing: true, Seed: 1})
		}, 1e-4},
	}
	for _, m := range solvers {
		s, err := m.new()
		if err != nil {
			log.Fatal(err)
		}
		run := method.NewRun(s, method.Stop{Gap: m.eps, PStar: opt.P, MaxPasses: 2000})
		if err := run.Until(context.Background(), nil); err != nil {
			log.Fatal(err)
		}
		fmt.Printf("%-5s reaches %g: %v\n", m.name, m.eps, run.Status().Reason == method.Reached)
	}
	// Output:
	// sdca  reaches 1e-10: true
	// saga  reaches 1e-10: true
	// lsvrg reaches 1e-10: true
	// sgd   reaches 0.0001: true
}

// Crossing interpolates log(gap) between the last evaluation above ε and the
// first at or below it, so that a ratio of crossings does not snap to the
// evaluation grid.
func ExampleCrossing() {
	trace := []method.Point{
		{Passes: 0, Gap: 1},
		{Passes: 1, Gap: 1e-2},
		{Passes: 2, Gap: 1e-6},
	}
	x, ok := method.Crossing(trace, 1e-4)
	fmt.Println(x, ok)
	_, ok = method.Crossing(trace, 1e-9)
	fmt.Println(ok)
	// Output:
	// 1.5 true
	// false
}
