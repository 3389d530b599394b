package lab

import (
	"context"

	"imlab/core/pipeline"
	"imlab/core/problem"
)

// solveOptimum computes P* by core/pipeline's Prepare, the step the CLI and
// the paper tables use too, accepting what optimum.Usable accepts; yield is
// called after each of its passes over the data.
func solveOptimum(ctx context.Context, pr *problem.Problem, yield func()) (float64, error) {
	prep, err := pipeline.Prepare(ctx, pr, yield)
	if err != nil {
		return 0, err
	}
	return prep.PStar(), nil
}
