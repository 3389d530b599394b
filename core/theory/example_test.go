package theory_test

import (
	"fmt"

	"imlab/core/dataset"
	"imlab/core/loss"
	"imlab/core/problem"
	"imlab/core/theory"
)

// fourExamples has one feature per example and ‖x‖² = 1, 1, 1, 9, so
// λ = max‖x_i‖/n = 3/4 and, with the logistic loss (γ = 4), nλγ = 12.
func fourExamples() *problem.Problem {
	var b dataset.Builder
	for i, v := range []float64{1, 1, 1, 3} {
		b.Append([]int32{int32(i)}, []float64{v}, 1)
	}
	ds, err := b.Build()
	if err != nil {
		panic(err)
	}
	pr, err := problem.New(ds, loss.Logistic{}, problem.DefaultLambda(ds))
	if err != nil {
		panic(err)
	}
	return pr
}

func ExampleNewPlan() {
	// Every feature is in one example, so v_i = ‖x_i‖² for any sampling.
	// With τ = 2 the bucket holding example 3 gets p = (13, 21)/34 and
	// θ = min over buckets of nλγ / Σ_{i∈B_l} (nλγ + v_i) = 12/34.
	pl, err := theory.NewPlan(fourExamples(), theory.Spec{Sampling: "imp", Tau: 2, Seed: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%s θ = %.4f p_3 = %.4f\n", pl.Sampler, pl.Theta, pl.P[3])
	// Output: bucket(τ=2) θ = 0.3529 p_3 = 0.6176
}

func ExampleRatio() {
	// τ = 1: 1/θ_nice = n + max v/(λγ) = 7 and 1/θ_imp = n + mean v/(λγ) = 5.
	// τ = 2: θ_nice = (τ/n)·12/21 = 2/7 and θ_imp = 12/34, ratio 21/17.
	pr := fourExamples()
	for _, tau := range []int{1, 2} {
		nice, imp, err := theory.Ratio(pr, tau, "random", 1)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("τ=%d: %.4f\n", tau, imp/nice)
	}
	// Output:
	// τ=1: 1.4000
	// τ=2: 1.2353
}
