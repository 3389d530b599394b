package dfsdca

import (
	"math"
	"testing"

	"imlab/core/dataset"
	"imlab/core/loss"
	"imlab/core/problem"
	"imlab/core/sampling"
	"imlab/core/theory"
)

// testData returns n random examples over d features with density about
// density, unequal row norms (so importance sampling differs from uniform)
// and ±1 labels from a noisy random hyperplane.
func testData(t testing.TB, n, d int, density float64, seed uint64) *dataset.Dataset {
	t.Helper()
	r := sampling.NewRand(seed)
	plane := make([]float64, d)
	for j := range plane {
		plane[j] = r.NormFloat64()
	}
	var b dataset.Builder
	b.SetMinFeatures(d)
	idx := make([]int32, 0, d)
	val := make([]float64, 0, d)
	for i := 0; i < n; i++ {
		idx, val = idx[:0], val[:0]
		scale := math.Exp(r.NormFloat64()) // log-normal row norms
		margin := 0.0
		for j := 0; j < d; j++ {
			if r.Float64() < density {
				v := scale * r.NormFloat64()
				idx = append(idx, int32(j))
				val = append(val, v)
				margin += v * plane[j]
			}
		}
		y := 1.0
		if margin+0.5*r.NormFloat64() < 0 {
			y = -1
		}
		b.Append(idx, val, y)
	}
	ds, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	return ds
}

// testProblem is testData under loss l with the paper's λ.
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
			w[j] += scale * alpha[i] * val[k]
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
func testPlan(t testing.TB, pr *problem.Problem, name string, tau int, seed uint64) (sampling.Sampler, float64) {
	t.Helper()
	pl, err := theory.NewPlan(pr, theory.Spec{Sampling: name, Tau: tau, Partition: "random", Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	return pl.Sampler, pl.Theta
}
