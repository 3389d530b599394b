package optimum

import (
	"testing"

	"imlab/core/libsvm"
	"imlab/core/loss"
	"imlab/core/problem"
	"imlab/internal/shareddata"
)

// TestW8aWithBias solves the paper's w8a problem (logistic loss, bias
// feature, λ = max_i ‖x_i‖/n) to ‖∇P‖ ≤ 1e−12.
func TestW8aWithBias(t *testing.T) {
	if testing.Short() {
		t.Skip("w8a solve takes seconds; skipped in -short mode")
	}
	ds, err := libsvm.ReadFile(shareddata.Path(t, "w8a.gz"), libsvm.Options{Bias: true})
	if err != nil {
		t.Fatal(err)
	}
	if ds.N != 49749 || ds.D != 301 {
		t.Fatalf("w8a with bias is %d×%d, want 49749×301", ds.N, ds.D)
	}
	pr := mustProblem(t, ds, loss.Logistic{}, problem.DefaultLambda(ds))
	res := mustSolve(t, pr)
	bound, primal := CertifiedGap(pr, res.W)
	if res.GradNorm > 1e-12 || bound != res.Gap || primal != res.P {
		t.Errorf("w8a: ‖∇P‖ = %g, gap bound %g (recomputed %g), P = %v (recomputed %v)",
			res.GradNorm, res.Gap, bound, res.P, primal)
	}
	t.Logf("w8a+bias: P* = %.17g, ‖∇P‖ = %.3g, %d Newton steps, %d Hessian products",
		res.P, res.GradNorm, res.Iterations, res.CGIterations)
}

func BenchmarkSolveW8a(b *testing.B) {
	ds, err := libsvm.ReadFile(shareddata.Path(b, "w8a.gz"), libsvm.Options{Bias: true})
	if err != nil {
		b.Fatal(err)
	}
	pr := mustProblem(b, ds, loss.Logistic{}, problem.DefaultLambda(ds))
	var res *Result
	for range b.N {
		res = mustSolve(b, pr)
	}
	b.ReportMetric(float64(res.Iterations), "newton/op")
	b.ReportMetric(float64(res.CGIterations), "hessvec/op")
}
