package optimum_test

import (
	"fmt"

	"imlab/core/dataset"
	"imlab/core/loss"
	"imlab/core/optimum"
	"imlab/core/problem"
)

// One feature, examples x = 1 and x = 2 with targets y = 1, square loss and
// λ = ½: P(w) = ¼[(w−1)² + (2w−1)²] + ¼w², minimised at w* = ½ with
// P* = ⅛. At w = 0, P = ½ and P'(0) = −3/2, so the certified bound on
// P(0) − P* (truly ⅜) is (3/2)²/(2λ) = 9/4.
func Example() {
	var b dataset.Builder
	b.Append([]int32{0}, []float64{1}, 1)
	b.Append([]int32{0}, []float64{2}, 1)
	ds, err := b.Build()
	if err != nil {
		fmt.Println(err)
		return
	}
	pr, err := problem.New(ds, loss.Square{}, 0.5)
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := optimum.Solve(pr, optimum.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("w* = %.12g, P* = %.12g, ‖∇P‖ ≤ 1e-12: %v\n", res.W[0], res.P, res.GradNorm <= 1e-12)
	bound, primal := optimum.CertifiedGap(pr, []float64{0})
	fmt.Printf("P(0) = %g, P(0) − P* ≤ %g\n", primal, bound)
	// Output:
	// w* = 0.5, P* = 0.125, ‖∇P‖ ≤ 1e-12: true
	// P(0) = 0.5, P(0) − P* ≤ 2.25
}
