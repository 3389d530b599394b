package lab

import (
	"time"

	"imlab/core/dataset"
	"imlab/core/dfsdca"
	"imlab/core/loss"
	"imlab/core/problem"
	"imlab/core/sampling"
	"imlab/core/theory"
)

// EpochTime times one epoch of dfSDCA (n iterations of serial τ-nice,
// τ = 1, logistic loss, the paper's λ) on ds with the clock now. The page
// exposes it as a hidden benchmark hook and BenchmarkEpoch runs the same
// code natively, so the two can be compared on the same data.
func EpochTime(ds *dataset.Dataset, now func() time.Duration) (time.Duration, error) {
	pr, err := problem.New(ds, loss.Logistic{}, problem.DefaultLambda(ds))
	if err != nil {
		return 0, err
	}
	plan, err := theory.NewPlan(pr, theory.Spec{Sampling: sampling.Nice, Tau: 1, Seed: 1})
	if err != nil {
		return 0, err
	}
	s, err := dfsdca.New(pr, dfsdca.Options{Sampler: plan.Sampler, Theta: plan.Theta, Workers: 1, Seed: 1})
	if err != nil {
		return 0, err
	}
	defer s.Close()
	t0 := now()
	err = s.Step(ds.N)
	return now() - t0, err
}
