package lab

import (
	"context"

	"imlab/core/pipeline"
	"imlab/core/problem"
)

// solveOptimum computes P* by core/pipeline's Preparation, the step the
// CLI and the paper tables use too, accepting what optimum.Usable accepts;
// yield, if not nil, is called after each of its passes over the data.
func solveOptimum(ctx context.Context, pr *problem.Problem, yield func()) (float64, error) {
	p, err := pipeline.NewPreparation(pr)
	if err != nil {
		return 0, err
	}
	for ctx.Err() == nil {
		if done, _ := p.Step(); done {
			break
		}
		if yield != nil {
			yield()
		}
	}
	prep, err := p.Until(ctx)
	if err != nil {
		return 0, err
	}
	return prep.PStar(), nil
}
