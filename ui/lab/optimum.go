package lab

import (
	"context"
	"imlab/core/optimum"
	"imlab/core/problem"
)

// solveOptimum computes P* with the high-precision solver, accepting what
// optimum.Usable accepts; yield is called after each of its passes over the
// data.
func solveOptimum(ctx context.Context, pr *problem.Problem, yield func()) (float64, error) {
	res, err := optimum.SolveContext(ctx, pr, optimum.Options{Yield: yield})
	if err := optimum.Usable(res, err); err != nil {
		return 0, err
	}
	return res.P, nil
}
