package theory

import (
	"imlab/core/dataset"
	"imlab/core/sampling"
)

// uniformBucketProbabilities returns p_i = 1/|B_l| for i ∈ B_l: the uniform
// bucket sampling.
func uniformBucketProbabilities(part sampling.Partition, n int) []float64 {
	p := make([]float64, n)
	for _, b := range part.Buckets {
		for _, i := range b {
			p[i] = 1 / float64(len(b))
		}
	}
	return p
}

// importanceWithinBuckets returns p_i = (c + v_i) / Σ_{k∈B_l} (c + v_k) for
// i ∈ B_l, the minimiser of max_i (1/p_i)(1 + v_i/c) over bucket samplings
// when v is held fixed.
func importanceWithinBuckets(part sampling.Partition, v []float64, c float64) []float64 {
	c = float64(c) // callers pass a product, nλγ: round it, so c + v_i is never fused
	p := make([]float64, len(v))
	for _, b := range part.Buckets {
		sum := 0.0
		for _, i := range b {
			sum += c + v[i]
		}
		for _, i := range b {
			p[i] = (c + v[i]) / sum
		}
	}
	return p
}

// PracticalImportance returns the probabilities of τ-importance sampling by
// the paper's boxed "practical formula",
//
//	p_i = (nλγ + v_i^(unif)) / Σ_{k∈B_l} (nλγ + v_k^(unif)),  i ∈ B_l,
//
// with v^(unif) = BucketV for p_i = 1/|B_l|. These p are not the ones v^(unif)
// was computed for, so the safe θ for them uses BucketV(ds, part, p) (see
// NewPlan), not v^(unif).
func PracticalImportance(ds *dataset.Dataset, part sampling.Partition, lambda, gamma float64) []float64 {
	return practicalImportance(NewBucketESO(ds, part), lambda, gamma)
}

// practicalImportance is PracticalImportance on the ESO of its data and
// partition, which NewPlan then reuses for the safe v.
func practicalImportance(e *BucketESO, lambda, gamma float64) []float64 {
	n := e.ds.N
	vUnif := e.V(uniformBucketProbabilities(e.part, n), nil)
	return importanceWithinBuckets(e.part, vUnif, float64(n)*lambda*gamma)
}

// improvementTolerance is the relative gain in θ below which
// AlternatingImportance stops.
const improvementTolerance = 1e-12

// AlternatingImportance runs the paper's Approach 1 from the practical
// formula: alternately set v = BucketV(p) and p_i ∝ nλγ + v_i within each
// bucket, for at most maxIter updates of p or until θ = Theta(p, BucketV(p))
// improves by less than a relative 1e−12. It returns the best p seen and its
// safe θ, so the result is never worse than PracticalImportance. Each update
// is one pass over the data.
func AlternatingImportance(ds *dataset.Dataset, part sampling.Partition, lambda, gamma float64, maxIter int) (p []float64, theta float64) {
	return alternatingImportance(NewBucketESO(ds, part), lambda, gamma, maxIter)
}

// alternatingImportance is AlternatingImportance on the ESO of its data and
// partition: the buckets each feature meets are counted once for every
// update.
func alternatingImportance(e *BucketESO, lambda, gamma float64, maxIter int) (p []float64, theta float64) {
	part := e.part
	c := float64(e.ds.N) * lambda * gamma
	p = practicalImportance(e, lambda, gamma)
	v := e.V(p, nil)
	theta = Theta(p, v, lambda, gamma)
	for range maxIter {
		q := importanceWithinBuckets(part, v, c)
		w := e.V(q, nil)
		t := Theta(q, w, lambda, gamma)
		if !(t > theta*(1+improvementTolerance)) {
			break
		}
		p, v, theta = q, w, t
	}
	return p, theta
}
