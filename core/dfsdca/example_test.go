package dfsdca_test

import (
	"context"
	"fmt"
	"imlab/core/method"
	"log"
	"math"

	"imlab/core/dfsdca"
	"imlab/core/loss"
	"imlab/core/optimum"
	"imlab/core/problem"
	"imlab/core/synth"
	"imlab/core/theory"
)

// Example solves a small logistic regression with τ-importance sampling
// to an optimality gap of 1e−10, driven by method.Run on the paper's axis
// t/n.
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

	s, err := dfsdca.New(pr, dfsdca.Options{Sampler: plan.Sampler, Theta: plan.Theta, Workers: 2, Seed: 1})
	if err != nil {
		log.Fatal(err)
	}
	defer s.Close()
	run := method.NewRun(s, method.Stop{Gap: 1e-10, PStar: opt.P, Axis: method.Iterations, MaxPasses: 100})
	if err := run.Until(context.Background(), nil); err != nil {
		log.Fatal(err)
	}
	st := run.Status()
	x, ok := st.At, st.Reason == method.Reached
	first := run.Trace()[0]
	fmt.Printf("first point: t/n = %g, P = %.4f\n", method.Iterations.Of(first, ds.N), first.Primal)
	fmt.Printf("gap ≤ 1e-10 reached: %v, within 20 passes/τ: %v\n", ok, x <= 20)
	// Output:
	// first point: t/n = 0, P = 0.6931
	// gap ≤ 1e-10 reached: true, within 20 passes/τ: true
}

// Example_advance runs in small slices of work, as a browser's event loop
// does, without knowing P*: the gap column is then the certified bound.
func Example_advance() {
	ds, err := synth.Generate(synth.Config{N: 300, D: 20, Density: 0.5, Norms: synth.Norms{Paper: synth.UniformLaw}, Seed: 2})
	if err != nil {
		log.Fatal(err)
	}
	pr, err := problem.New(ds, loss.Square{}, problem.DefaultLambda(ds))
	if err != nil {
		log.Fatal(err)
	}
	plan, err := theory.NewPlan(pr, theory.Spec{Sampling: "importance"})
	if err != nil {
		log.Fatal(err)
	}
	s, err := dfsdca.New(pr, dfsdca.Options{Sampler: plan.Sampler, Theta: plan.Theta})
	if err != nil {
		log.Fatal(err)
	}
	run := method.NewRun(s, method.Stop{Gap: 1e-6, PStar: math.NaN(), Axis: method.Iterations, EvalEvery: 1})
	for {
		done, err := run.Advance(100) // ≤ 100 iterations and ≤ 1 evaluation of P
		if err != nil {
			log.Fatal(err)
		}
		if done {
			break
		}
		// … redraw the chart from run.Trace(), yield to the event loop …
	}
	last := run.Trace()[len(run.Trace())-1]
	fmt.Printf("certified gap ≤ 1e-6: %v\n", last.Gap <= 1e-6)
	// Output:
	// certified gap ≤ 1e-6: true
}
