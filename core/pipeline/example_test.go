package pipeline_test

import (
	"context"
	"fmt"

	"imlab/core/experiment"
	"imlab/core/loss"
	"imlab/core/pipeline"
	"imlab/core/synth"
)

// The whole path, data to the paper's ratio table.
func Example() {
	ds, err := synth.Generate(synth.Config{N: 300, D: 10, Density: 0.5, Norms: synth.Norms{Paper: synth.ExtremeLaw}, Seed: 1})
	if err != nil {
		panic(err)
	}
	pr, err := pipeline.Pose(ds, loss.Logistic{}, 0) // λ = 0: the paper's maxᵢ‖xᵢ‖/n
	if err != nil {
		panic(err)
	}
	prep, err := pipeline.Prepare(context.Background(), pr)
	if err != nil {
		panic(err)
	}
	ex, err := prep.Experiment(experiment.Config{Taus: []int{1, 4}, Eps: 1e-6, Seed: 1})
	if err != nil {
		panic(err)
	}
	if err := ex.Until(context.Background(), nil); err != nil {
		panic(err)
	}
	for _, r := range ex.Rows() {
		fmt.Printf("τ=%d: importance sampling is faster in theory: %v, in practice: %v\n", r.Tau, r.Theory > 1, r.Empirical > 1)
	}
	// Output:
	// τ=1: importance sampling is faster in theory: true, in practice: true
	// τ=4: importance sampling is faster in theory: true, in practice: true
}
