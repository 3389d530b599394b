package optimum

import (
	"os"
	"path/filepath"
	"testing"

	"imlab/core/libsvm"
	"imlab/core/loss"
	"imlab/core/problem"
)

// sharedData returns <repository root>/../shared/data, the LIBSVM files the
// paper uses, or skips the test when they are absent.
func sharedData(t testing.TB, file string) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Skip("no go.mod above the working directory")
		}
		dir = parent
	}
	path := filepath.Join(dir, "..", "shared", "data", file)
	if _, err := os.Stat(path); err != nil {
		t.Skipf("%s not available: %v", file, err)
	}
	return path
}

// TestW8aWithBias solves the paper's w8a problem (logistic loss, bias
// feature, λ = max_i ‖x_i‖/n) to ‖∇P‖ ≤ 1e−12.
func TestW8aWithBias(t *testing.T) {
	if testing.Short() {
		t.Skip("w8a solve takes seconds; skipped in -short mode")
	}
	ds, err := libsvm.ReadFile(sharedData(t, "w8a.gz"), libsvm.Options{Bias: true})
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
	ds, err := libsvm.ReadFile(sharedData(b, "w8a.gz"), libsvm.Options{Bias: true})
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
