package mtest

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"imlab/core/dataset"
	"imlab/core/loss"
	"imlab/core/optimum"
	"imlab/core/problem"
	"imlab/core/sampling"
	"imlab/core/synth"
	"imlab/core/theory"
)

// Losses are the losses every method is tested under.
var Losses = []loss.Loss{loss.Logistic{}, loss.Square{}, loss.SmoothHinge{Mu: 1}}

// Sampling names a theory.Spec sampling at a minibatch size.
type Sampling struct {
	Name sampling.Kind
	Tau  int
}

func (s Sampling) String() string { return fmt.Sprintf("%s τ=%d", s.Name, s.Tau) }

// Samplings are every sampling imlab has, at τ = 1 for the serial ones and
// at τ otherwise.
func Samplings(tau int) []Sampling {
	return []Sampling{{sampling.Uniform, 1}, {sampling.Importance, 1}, {sampling.Nice, tau}, {sampling.Imp, tau}, {sampling.ImpAlt, tau}, {sampling.UniformBucket, tau}}
}

// Data returns synth's artificial data (χ²₁ squared norms, so importance
// sampling differs from uniform; labels ±1).
func Data(t testing.TB, n, d int, density float64, seed uint64) *dataset.Dataset {
	t.Helper()
	ds, err := synth.Generate(synth.Config{N: n, D: d, Density: density, Norms: synth.Norms{Paper: synth.ChiSq1Law}, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	return ds
}

// Problem is ds under l with the paper's λ times scale.
func Problem(t testing.TB, ds *dataset.Dataset, l loss.Loss, scale float64) *problem.Problem {
	t.Helper()
	pr, err := problem.New(ds, l, scale*problem.DefaultLambda(ds))
	if err != nil {
		t.Fatal(err)
	}
	return pr
}

// Plan is theory.NewPlan for s (random partition seeded by seed).
func Plan(t testing.TB, pr *problem.Problem, s Sampling, seed uint64) *theory.Plan {
	t.Helper()
	pl, err := theory.NewPlan(pr, theory.Spec{Sampling: s.Name, Tau: s.Tau, Partition: sampling.RandomRule, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	return pl
}

// Optimum returns w* and P* from optimum.Solve.
func Optimum(t testing.TB, pr *problem.Problem) ([]float64, float64) {
	t.Helper()
	res, err := optimum.Solve(pr, optimum.Options{})
	if err := optimum.Usable(res, err); err != nil {
		t.Fatal(err)
	}
	return res.W, res.P
}

// Batch is one value of a sampling with its probability.
type Batch struct {
	Set  []int
	Prob float64
}

// Enumerate lists every minibatch the plan's sampler can draw, with its
// probability: serial samplings draw {i} with p_i, τ-nice every τ-subset
// with 1/C(n, τ), bucket samplings one example per bucket with Π p_i.
func Enumerate(pl *theory.Plan) []Batch {
	n, tau := len(pl.P), pl.Sampler.MaxSize()
	switch {
	case pl.Partition.Tau() > 0:
		out := []Batch{{Prob: 1}}
		for _, b := range pl.Partition.Buckets {
			var next []Batch
			for _, mb := range out {
				for _, i := range b {
					next = append(next, Batch{Set: append(append([]int(nil), mb.Set...), i), Prob: mb.Prob * pl.P[i]})
				}
			}
			out = next
		}
		return out
	case tau == 1:
		out := make([]Batch, n)
		for i := range out {
			out[i] = Batch{Set: []int{i}, Prob: pl.P[i]}
		}
		return out
	}
	var out []Batch
	var rec func(start int, cur []int)
	rec = func(start int, cur []int) {
		if len(cur) == tau {
			out = append(out, Batch{Set: append([]int(nil), cur...)})
			return
		}
		for i := start; i < n; i++ {
			rec(i+1, append(cur, i))
		}
	}
	rec(0, nil)
	for k := range out {
		out[k].Prob = 1 / float64(len(out))
	}
	return out
}

// Small returns small instances for exact enumeration: n examples over d
// features, feature 0 in every example (so minibatches overlap), example
// scales over two orders of magnitude, labels ±1.
func Small(t testing.TB, count int, seed uint64) []*dataset.Dataset {
	t.Helper()
	r := sampling.NewRand(seed)
	var out []*dataset.Dataset
	for k := range count {
		n, d := 5+k%3, 3+k%2
		var b dataset.Builder
		for i := range n {
			// Rounded with float64 (package core): Float64 is a product
			// x·2⁻⁵³, and x*2 compiles to x+x, either fused with a sum.
			u := float64(r.Float64())
			scale := math.Exp(float64(2.3*(u-0.5)) * 2)
			var idx []int32
			var val []float64
			for j := range d {
				if j == 0 || r.Float64() < 0.5 {
					idx = append(idx, int32(j))
					val = append(val, scale*r.NormFloat64())
				}
			}
			b.Append(idx, val, float64(1-2*(i%2)))
		}
		b.SetMinFeatures(d)
		ds, err := b.Build()
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, ds)
	}
	return out
}

// Dense returns the rows of ds as dense vectors.
func Dense(ds *dataset.Dataset) [][]float64 {
	x := make([][]float64, ds.N)
	for i := range x {
		x[i] = make([]float64, ds.D)
		idx, val := ds.Row(i)
		for k, j := range idx {
			x[i][j] = val[k]
		}
	}
	return x
}

// Dot is the plain dot product.
func Dot(a, b []float64) float64 {
	s := 0.0
	for j := range a {
		s += float64(a[j] * b[j])
	}
	return s
}

// Dist2 is ‖a − b‖².
func Dist2(a, b []float64) float64 {
	s := 0.0
	for j := range a {
		s += float64((a[j] - b[j]) * (a[j] - b[j]))
	}
	return s
}

// RandomVector returns d standard normal values times scale.
func RandomVector(r *rand.Rand, d int, scale float64) []float64 {
	v := make([]float64, d)
	for j := range v {
		v[j] = scale * r.NormFloat64()
	}
	return v
}

// Replay returns a function that draws the same minibatches, in the same
// order, as a solver seeded with seed, and then its other random numbers
// from the same stream.
func Replay(pl *theory.Plan, seed uint64) (draw func() []int, r *rand.Rand) {
	r = sampling.NewRand(seed)
	return func() []int { return pl.Sampler.Sample(r, nil) }, r
}

// RelDiff is max_j |a_j − b_j| / max(1, max_j |a_j|).
func RelDiff(a, b []float64) float64 {
	diff, size := 0.0, 1.0
	for j := range a {
		diff = math.Max(diff, math.Abs(a[j]-b[j]))
		size = math.Max(size, math.Abs(a[j]))
	}
	return diff / size
}

// OneFeature returns the data set with examples x_i ∈ R¹ and labels y_i.
func OneFeature(t testing.TB, xs, ys []float64) *dataset.Dataset {
	t.Helper()
	var b dataset.Builder
	for i, x := range xs {
		b.Append([]int32{0}, []float64{x}, ys[i])
	}
	ds, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	return ds
}

// SquaredImportance returns the serial sampling with p_i ∝ ‖x_i‖², under
// which the minibatch gradient of a one-feature square loss has curvature
// exactly 𝓛.
func SquaredImportance(t testing.TB, ds *dataset.Dataset) sampling.Sampler {
	t.Helper()
	p := ds.SquaredNorms()
	total := 0.0
	for _, q := range p {
		total += q
	}
	for i := range p {
		p[i] /= total
	}
	smp, err := sampling.NewSerial(p)
	if err != nil {
		t.Fatal(err)
	}
	return smp
}

// StepExample is the one-feature square-loss instance of the step-size
// tests, with labels that leave noise at the optimum.
func StepExample(t testing.TB) *problem.Problem {
	xs := []float64{1, 2, 5, 0.5, 3, 1.5}
	ys := make([]float64, len(xs))
	for i, x := range xs {
		ys[i] = x * float64(1+i%3)
	}
	return Problem(t, OneFeature(t, xs, ys), loss.Square{}, 1)
}
