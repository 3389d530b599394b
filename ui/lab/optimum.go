package lab

import (
	"imlab/core/optimum"
	"imlab/core/problem"
)

// solveOptimum computes P* with the high-precision solver, calling yield
// between its passes so the page stays responsive.
func solveOptimum(pr *problem.Problem, yield func()) (float64, error) {
	res, err := optimum.Solve(pr, optimum.Options{})
	if err != nil {
		return 0, err
	}
	return res.P, nil
}
