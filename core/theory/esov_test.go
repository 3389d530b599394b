package theory

import (
	"math"
	"testing"

	"imlab/core/dataset"
	"imlab/core/sampling"
)

// naiveBucketV evaluates the bucket ESO formula straight from its
// definitions on the dense matrix: J_j, δ_j = Σ_{k∈J_j} p_k and ω'_j.
func naiveBucketV(ds *dataset.Dataset, pt sampling.Partition, p []float64) []float64 {
	x := toDense(ds)
	owner := pt.Owner(ds.N)
	v := make([]float64, ds.N)
	for j := 0; j < ds.D; j++ {
		delta := 0.0
		meets := map[int]bool{}
		for k := range x {
			if x[k][j] != 0 {
				delta += p[k]
				meets[owner[k]] = true
			}
		}
		if len(meets) == 0 {
			continue
		}
		f := 1 + (1-1/float64(len(meets)))*delta
		for i := range x {
			v[i] += f * x[i][j] * x[i][j]
		}
	}
	return v
}

func TestBucketVMatchesDefinition(t *testing.T) {
	r := sampling.NewRand(3)
	for k := range 20 {
		n, d := 5+r.IntN(30), 1+r.IntN(12)
		ds := randomSparse(t, r, n, max(d, 2), r.Float64())
		for _, tau := range []int{1, 2, 3, n} {
			pt := randomPartition(r, n, tau)
			p := randomBucketP(r, pt, n)
			got, want := BucketV(ds, pt, p), naiveBucketV(ds, pt, p)
			for i := range want {
				if relDiff(got[i], want[i]) > 1e-13 {
					t.Fatalf("instance %d τ=%d: v_%d = %v, definition gives %v", k, tau, i, got[i], want[i])
				}
			}
		}
	}
}

func TestBucketVHandExample(t *testing.T) {
	// X rows: x0 = (1, 0, 2), x1 = (0, 3, 0), x2 = (1, 1, 0), x3 = (0, 0, 0).
	// Buckets {0, 1}, {2, 3}; p = (0.25, 0.75, 0.5, 0.5).
	// J_0 = {0, 2}: δ = 0.75, ω' = 2, factor 1.375.
	// J_1 = {1, 2}: δ = 1.25, ω' = 2, factor 1.625.
	// J_2 = {0}:    δ = 0.25, ω' = 1, factor 1.
	ds := fromDense(t, [][]float64{{1, 0, 2}, {0, 3, 0}, {1, 1, 0}, {0, 0, 0}})
	pt := sampling.Partition{Buckets: [][]int{{0, 1}, {2, 3}}}
	v := BucketV(ds, pt, []float64{0.25, 0.75, 0.5, 0.5})
	want := []float64{1.375 + 4, 9 * 1.625, 1.375 + 1.625, 0}
	for i := range want {
		if math.Abs(v[i]-want[i]) > 1e-15 {
			t.Errorf("v = %v, want %v", v, want)
			break
		}
	}
}

func TestUniformBucketVMatchesPaperFormula(t *testing.T) {
	// With equal buckets and p_i = τ/n, δ_j = τ|J_j|/n: the paper's v^(unif).
	r := sampling.NewRand(4)
	const n, tau = 24, 4
	ds := randomSparse(t, r, n, 9, 0.4)
	pt, err := sampling.RandomPartition(n, tau, r)
	if err != nil {
		t.Fatal(err)
	}
	got := BucketV(ds, pt, uniformBucketProbabilities(pt, n))
	counts := ds.FeatureCounts()
	x := toDense(ds)
	owner := pt.Owner(n)
	for i := range got {
		want := 0.0
		for j := range counts {
			meets := map[int]bool{}
			for k := range x {
				if x[k][j] != 0 {
					meets[owner[k]] = true
				}
			}
			if len(meets) > 0 {
				want += (1 + (1-1/float64(len(meets)))*tau*float64(counts[j])/n) * x[i][j] * x[i][j]
			}
		}
		if relDiff(got[i], want) > 1e-13 {
			t.Fatalf("v^(unif)_%d = %v, paper's formula %v", i, got[i], want)
		}
	}
}

func TestSerialCasesReduceToSquaredNorms(t *testing.T) {
	// τ = 1 (one bucket, ω'_j = 1) and |J_j| = 1 for every j both give
	// v_i = ‖x_i‖², for bucket and τ-nice alike.
	r := sampling.NewRand(5)
	ds := randomSparse(t, r, 9, 5, 0.5)
	sq := ds.SquaredNorms()
	one := randomPartition(r, 9, 1)
	for name, v := range map[string][]float64{
		"nice τ=1":   NiceV(ds, 1),
		"bucket τ=1": BucketV(ds, one, randomBucketP(r, one, 9)),
	} {
		for i := range sq {
			if relDiff(v[i], sq[i]) > 1e-14 {
				t.Fatalf("%s: v_%d = %v, ‖x‖² = %v", name, i, v[i], sq[i])
			}
		}
	}
	diag := fromDense(t, [][]float64{{2, 0, 0}, {0, -1, 0}, {0, 0, 5}})
	pt := sampling.Partition{Buckets: [][]int{{0, 2}, {1}}}
	for name, v := range map[string][]float64{
		"nice τ=3":   NiceV(diag, 3),
		"bucket τ=2": BucketV(diag, pt, []float64{0.3, 1, 0.7}),
	} {
		if v[0] != 4 || v[1] != 1 || v[2] != 25 {
			t.Errorf("%s with |J_j| = 1: v = %v, want [4 1 25]", name, v)
		}
	}
}

func TestNiceVFormula(t *testing.T) {
	// Feature 0 in all n = 5 examples, feature 1 in two: with τ = 3 the
	// factors are 1 + 4·2/4 = 3 and 1 + 1·2/4 = 1.5.
	ds := fromDense(t, [][]float64{{1, 2}, {1, 0}, {2, 0}, {1, 1}, {1, 0}})
	v := NiceV(ds, 3)
	want := []float64{3 + 1.5*4, 3, 12, 3 + 1.5, 3}
	for i := range want {
		if math.Abs(v[i]-want[i]) > 1e-15 {
			t.Fatalf("NiceV = %v, want %v", v, want)
		}
	}
}

func TestThetaMatchesPaperComplexity(t *testing.T) {
	// For τ-nice the paper writes 1/θ = n/τ + max_i v_i/(τλγ).
	r := sampling.NewRand(6)
	ds := randomSparse(t, r, 40, 7, 0.3)
	const lambda, gamma, tau = 0.02, 4, 5
	v := NiceV(ds, tau)
	p := make([]float64, ds.N)
	maxV := 0.0
	for i := range p {
		p[i] = float64(tau) / float64(ds.N)
		maxV = math.Max(maxV, v[i])
	}
	want := 1 / (float64(ds.N)/tau + maxV/(tau*lambda*gamma))
	if got := Theta(p, v, lambda, gamma); relDiff(got, want) > 1e-14 {
		t.Errorf("Theta = %v, paper's complexity gives %v", got, want)
	}
}
