package dfsdca

import (
	"imlab/core/method"
	"math"
	"testing"

	"imlab/core/dataset"
	"imlab/core/loss"
	"imlab/core/optimum"
	"imlab/core/problem"
	"imlab/core/sampling"
	"imlab/core/synth"
	"imlab/core/theory"
)

// testData returns synth's artificial data: n examples over d features with
// mean density density, χ²₁ squared norms (so importance sampling differs
// from uniform) and ±1 labels.
func testData(t testing.TB, n, d int, density float64, seed uint64) *dataset.Dataset {
	t.Helper()
	ds, err := synth.Generate(synth.Config{N: n, D: d, Density: density, Norms: synth.Norms{Paper: synth.ChiSq1Law}, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	return ds
}

// testProblem is ds under loss l with the paper's λ.
func testProblem(t testing.TB, ds *dataset.Dataset, l loss.Loss) *problem.Problem {
	t.Helper()
	pr, err := problem.New(ds, l, problem.DefaultLambda(ds))
	if err != nil {
		t.Fatal(err)
	}
	return pr
}

var testLosses = []loss.Loss{loss.Logistic{}, loss.Square{}, loss.SmoothHinge{Mu: 1}}

// wFromAlpha returns (1/(λn)) Σ_i α_i x_i, the primal point Algorithm 1
// keeps equal to w.
func wFromAlpha(pr *problem.Problem, alpha []float64) []float64 {
	ds := pr.Data
	w := make([]float64, ds.D)
	scale := 1 / (pr.Lambda * float64(ds.N))
	for i := 0; i < ds.N; i++ {
		idx, val := ds.Row(i)
		for k, j := range idx {
			w[j] += float64(scale * alpha[i] * val[k])
		}
	}
	return w
}

// maxAbsDiff returns max_j |a_j − b_j| and max_j |a_j|.
func maxAbsDiff(a, b []float64) (diff, size float64) {
	for j := range a {
		diff = math.Max(diff, math.Abs(a[j]-b[j]))
		size = math.Max(size, math.Abs(a[j]))
	}
	return diff, size
}

// testPlan returns the sampler and safe step size theory.NewPlan gives the
// named sampling (a random partition, seeded by seed, for bucket samplings).
func testPlan(t testing.TB, pr *problem.Problem, name sampling.Kind, tau int, seed uint64) (sampling.Sampler, float64) {
	t.Helper()
	pl, err := theory.NewPlan(pr, theory.Spec{Sampling: name, Tau: tau, Partition: sampling.RandomRule, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	return pl.Sampler, pl.Theta
}

// testOptimum returns P* from optimum.Solve (Newton to ‖∇P‖ ≤ 1e−12).
func testOptimum(t testing.TB, pr *problem.Problem) float64 {
	t.Helper()
	res, err := optimum.Solve(pr, optimum.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return res.P
}

// newRun is a method.Run of s on the paper's axis, iterations/n, as
// core/experiment runs dfSDCA.
func newRun(s *Solver, stop method.Stop) *method.Run {
	stop.Axis = method.Iterations
	return method.NewRun(s, stop)
}

// tn is a point's t/n in a run over n examples.
func tn(p method.Point, n int) float64 { return method.Iterations.Of(p, n) }

// reached is where a run reached its target gap, on its axis, and whether
// it did.
func reached(r *method.Run) (float64, bool) {
	st := r.Status()
	return st.At, st.Reason == method.Reached
}
