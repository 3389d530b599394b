package theory

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"

	"imlab/core/dataset"
	"imlab/core/sampling"
)

// minibatch is one possible value of a sampling with its probability.
type minibatch struct {
	set  []int
	prob float64
}

// niceBatches enumerates all C(n, τ) subsets, each with probability 1/C(n, τ).
func niceBatches(n, tau int) []minibatch {
	var out []minibatch
	var rec func(start int, cur []int)
	rec = func(start int, cur []int) {
		if len(cur) == tau {
			out = append(out, minibatch{set: append([]int(nil), cur...)})
			return
		}
		for i := start; i < n; i++ {
			rec(i+1, append(cur, i))
		}
	}
	rec(0, nil)
	for k := range out {
		out[k].prob = 1 / float64(len(out))
	}
	return out
}

// bucketBatches enumerates every choice of one example per bucket, with
// probability Π p_i.
func bucketBatches(pt sampling.Partition, p []float64) []minibatch {
	out := []minibatch{{prob: 1}}
	for _, b := range pt.Buckets {
		var next []minibatch
		for _, mb := range out {
			for _, i := range b {
				next = append(next, minibatch{set: append(append([]int(nil), mb.set...), i), prob: mb.prob * p[i]})
			}
		}
		out = next
	}
	return out
}

// esoCheck holds the exact verdict on E‖Σ_{i∈S} h_i x_i‖² ≤ Σ p_i v_i h_i².
type esoCheck struct {
	minEig   float64   // smallest eigenvalue of Diag(p∘v) − P∘XᵀX
	tol      float64   // eigenvalues above −tol count as PSD
	marginal []float64 // p_i recomputed from the enumeration
	worstH   float64   // largest E‖Σ h_i x_i‖² / Σ p_i v_i h_i² over random h
}

func (c esoCheck) holds() bool { return c.minEig >= -c.tol }

// checkESO forms the probability matrix P_ik = Prob(i, k ∈ S) by enumerating
// batches, and tests the ESO for v both as a matrix inequality and directly
// for random h.
func checkESO(ds *dataset.Dataset, batches []minibatch, v []float64, r *rand.Rand) esoCheck {
	n := ds.N
	x := toDense(ds)
	prob := mat.NewSymDense(n, nil)
	marginal := make([]float64, n)
	for _, mb := range batches {
		for _, i := range mb.set {
			marginal[i] += mb.prob
			for _, k := range mb.set {
				if k >= i {
					prob.SetSym(i, k, prob.At(i, k)+mb.prob)
				}
			}
		}
	}
	m := mat.NewSymDense(n, nil)
	scale := 0.0
	for i := 0; i < n; i++ {
		for k := i; k < n; k++ {
			g := 0.0
			for j := range x[i] {
				g += x[i][j] * x[k][j]
			}
			val := -prob.At(i, k) * g
			if i == k {
				val += marginal[i] * v[i]
				scale = math.Max(scale, marginal[i]*v[i])
			}
			m.SetSym(i, k, val)
		}
	}
	var eig mat.EigenSym
	if !eig.Factorize(m, false) {
		panic("eigendecomposition failed")
	}
	c := esoCheck{minEig: eig.Values(nil)[0], tol: 1e-10 * math.Max(1, scale), marginal: marginal}

	h := make([]float64, n)
	sum := make([]float64, ds.D)
	for range 20 {
		for i := range h {
			h[i] = r.NormFloat64()
		}
		lhs, rhs := 0.0, 0.0
		for _, mb := range batches {
			clear(sum)
			for _, i := range mb.set {
				for j := range sum {
					sum[j] += h[i] * x[i][j]
				}
			}
			sq := 0.0
			for _, s := range sum {
				sq += s * s
			}
			lhs += mb.prob * sq
		}
		for i := range h {
			rhs += marginal[i] * v[i] * h[i] * h[i]
		}
		c.worstH = math.Max(c.worstH, lhs/rhs)
	}
	return c
}

// esoInstances are the small sparse problems the exact checks run on.
func esoInstances(t *testing.T) []*dataset.Dataset {
	r := sampling.NewRand(2024)
	var out []*dataset.Dataset
	for k := range 12 {
		n, d := 6+k%3, 4+k%2
		out = append(out, randomSparse(t, r, n, d, 0.25+0.5*r.Float64()))
	}
	// Every feature in one example only: ω'_j = 1 and v = ‖x‖² is exact.
	out = append(out, fromDense(t, [][]float64{{1, 0, 0}, {0, 2, 0}, {0, 0, -3}, {0, 0, 0}, {0, 0, 0}}))
	return out
}

// requireESO fails t if the ESO with v does not hold exactly, or if the
// enumeration's marginals differ from p.
func requireESO(t *testing.T, what string, ds *dataset.Dataset, batches []minibatch, p, v []float64, r *rand.Rand) {
	t.Helper()
	c := checkESO(ds, batches, v, r)
	for i := range p {
		if math.Abs(c.marginal[i]-p[i]) > 1e-12 {
			t.Fatalf("%s: enumerated p_%d = %v, formula %v", what, i, c.marginal[i], p[i])
		}
	}
	if !c.holds() {
		t.Errorf("%s: Diag(p∘v) − P∘XᵀX has eigenvalue %.3g", what, c.minEig)
	}
	if c.worstH > 1+1e-12 {
		t.Errorf("%s: E‖Σ h_i x_i‖² exceeds Σ p_i v_i h_i² by a factor %v", what, c.worstH)
	}
}

func TestNiceESOExact(t *testing.T) {
	r := sampling.NewRand(1)
	halved, noOverlap := 0, 0
	for k, ds := range esoInstances(t) {
		for tau := 1; tau <= ds.N; tau++ {
			what := fmt.Sprintf("instance %d, τ = %d", k, tau)
			batches := niceBatches(ds.N, tau)
			p := make([]float64, ds.N)
			for i := range p {
				p[i] = float64(tau) / float64(ds.N)
			}
			v := NiceV(ds, tau)
			requireESO(t, what, ds, batches, p, v, r)
			// The check has power: halving v, or dropping the overlap
			// term (τ−1)(|J_j|−1)/(n−1), must break it somewhere.
			if !checkESO(ds, batches, scaled(v, 0.5), r).holds() {
				halved++
			}
			if tau > 1 && !checkESO(ds, batches, ds.SquaredNorms(), r).holds() {
				noOverlap++
			}
		}
	}
	if halved == 0 || noOverlap == 0 {
		t.Errorf("weakened τ-nice parameters were never rejected (v/2: %d, no overlap term: %d)", halved, noOverlap)
	}
}

func TestBucketESOExact(t *testing.T) {
	r := sampling.NewRand(2)
	halved, noDelta := 0, 0
	for k, ds := range esoInstances(t) {
		for tau := 1; tau <= 4; tau++ {
			parts := []sampling.Partition{randomPartition(r, ds.N, tau)}
			if equal, err := sampling.RandomPartition(ds.N, tau, r); err == nil {
				parts = append(parts, equal)
			} else {
				t.Fatal(err)
			}
			for q, pt := range parts {
				for name, p := range map[string][]float64{
					"uniform": uniformBucketProbabilities(pt, ds.N),
					"random":  randomBucketP(r, pt, ds.N),
					"imp":     PracticalImportance(ds, pt, 0.1, 4),
				} {
					what := fmt.Sprintf("instance %d, τ = %d, partition %d, %s p", k, tau, q, name)
					batches := bucketBatches(pt, p)
					v := BucketV(ds, pt, p)
					requireESO(t, what, ds, batches, p, v, r)
					if !checkESO(ds, batches, scaled(v, 0.5), r).holds() {
						halved++
					}
					if tau > 1 && !checkESO(ds, batches, ds.SquaredNorms(), r).holds() {
						noDelta++
					}
				}
			}
		}
	}
	if halved == 0 || noDelta == 0 {
		t.Errorf("weakened bucket parameters were never rejected (v/2: %d, δ = 0: %d)", halved, noDelta)
	}
}

func scaled(v []float64, c float64) []float64 {
	out := make([]float64, len(v))
	for i, x := range v {
		out[i] = c * x
	}
	return out
}
