package theory

import (
	"math"
	"math/rand/v2"
	"testing"

	"imlab/core/dataset"
	"imlab/core/loss"
	"imlab/core/problem"
	"imlab/core/sampling"
)

// fromDense builds a data set from dense rows (zeros are not stored), with
// labels alternating ±1.
func fromDense(t testing.TB, rows [][]float64) *dataset.Dataset {
	t.Helper()
	var b dataset.Builder
	d := 0
	for i, row := range rows {
		idx := make([]int32, len(row))
		for j := range row {
			idx[j] = int32(j)
		}
		b.Append(idx, row, float64(1-2*(i%2)))
		d = max(d, len(row))
	}
	b.SetMinFeatures(d)
	ds, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	return ds
}

// toDense returns the n×d matrix of ds (row i is x_i).
func toDense(ds *dataset.Dataset) [][]float64 {
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

// randomSparse returns an n×d instance in which feature 0 is in every
// example, feature 1 in exactly one, and the others in each example with
// probability density; example scales vary over two orders of magnitude so
// that importance probabilities are far from uniform.
func randomSparse(t testing.TB, r *rand.Rand, n, d int, density float64) *dataset.Dataset {
	rows := make([][]float64, n)
	lone := r.IntN(n)
	for i := range rows {
		rows[i] = make([]float64, d)
		scale := math.Exp(2.3 * (r.Float64() - 0.5) * 2)
		for j := range rows[i] {
			if j == 0 || (j == 1 && i == lone) || (j > 1 && r.Float64() < density) {
				rows[i][j] = scale * r.NormFloat64()
			}
		}
	}
	return fromDense(t, rows)
}

// randomPartition returns τ non-empty buckets of random, generally unequal,
// sizes.
func randomPartition(r *rand.Rand, n, tau int) sampling.Partition {
	perm := r.Perm(n)
	label := make([]int, n)
	for k, i := range perm {
		if k < tau {
			label[i] = k // one example per bucket first: none empty
		} else {
			label[i] = r.IntN(tau)
		}
	}
	pt := sampling.Partition{Buckets: make([][]int, tau)}
	for i, l := range label {
		pt.Buckets[l] = append(pt.Buckets[l], i)
	}
	return pt
}

// randomBucketP returns positive probabilities summing to one per bucket.
func randomBucketP(r *rand.Rand, pt sampling.Partition, n int) []float64 {
	p := make([]float64, n)
	for _, b := range pt.Buckets {
		sum := 0.0
		for _, i := range b {
			p[i] = math.Exp(r.NormFloat64())
			sum += p[i]
		}
		for _, i := range b {
			p[i] /= sum
		}
	}
	return p
}

// logistic returns the logistic-loss problem on ds with the paper's λ.
func logistic(t testing.TB, ds *dataset.Dataset) *problem.Problem {
	t.Helper()
	pr, err := problem.New(ds, loss.Logistic{}, problem.DefaultLambda(ds))
	if err != nil {
		t.Fatal(err)
	}
	return pr
}

func relDiff(a, b float64) float64 {
	return math.Abs(a-b) / math.Max(math.Abs(a), math.Abs(b))
}
