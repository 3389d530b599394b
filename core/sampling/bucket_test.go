package sampling

import (
	"errors"
	"math"
	"testing"
)

// randomBucketProbabilities returns positive p summing to one in each bucket.
func randomBucketProbabilities(pt Partition, n int, seed uint64) []float64 {
	r := NewRand(seed)
	p := make([]float64, n)
	for _, b := range pt.Buckets {
		sum := 0.0
		for _, i := range b {
			p[i] = math.Exp(1.5 * r.NormFloat64())
			sum += p[i]
		}
		for _, i := range b {
			p[i] /= sum
		}
	}
	return p
}

func TestBucketOnePerBucketAndFrequencies(t *testing.T) {
	const n, tau, draws = 60, 5, 100000
	pt, err := RandomPartition(n, tau, NewRand(21))
	if err != nil {
		t.Fatal(err)
	}
	p := randomBucketProbabilities(pt, n, 22)
	s, err := NewBucket(pt, p)
	if err != nil {
		t.Fatal(err)
	}
	if s.MaxSize() != tau {
		t.Fatalf("MaxSize = %d", s.MaxSize())
	}
	owner := pt.Owner(n)
	r := NewRand(23)
	counts := make([]int, n)
	var dst []int
	for d := range draws {
		dst = s.Sample(r, dst)
		if len(dst) != tau {
			t.Fatalf("draw %d has %d examples", d, len(dst))
		}
		var hit [tau]bool
		for _, i := range dst {
			if hit[owner[i]] {
				t.Fatalf("draw %d = %v: two examples from bucket %d", d, dst, owner[i])
			}
			hit[owner[i]] = true
			counts[i]++
		}
	}
	expected := make([]float64, n)
	for i := range expected {
		expected[i] = draws * p[i]
	}
	// Counts are multinomial within each bucket, independent across them.
	assertFits(t, "inclusion", chiSquare(counts, expected, 1), n-tau)
}

func TestBucketJointDistribution(t *testing.T) {
	// Buckets are drawn independently: the pair (from B_0, from B_1) has
	// probability p_i p_j for each of the 2·3 = 6 outcomes.
	pt := Partition{Buckets: [][]int{{1, 3}, {0, 2, 4}}}
	p := []float64{0.2, 0.7, 0.5, 0.3, 0.3}
	s, err := NewBucket(pt, p)
	if err != nil {
		t.Fatal(err)
	}
	const draws = 100000
	r := NewRand(24)
	joint := map[[2]int]int{}
	var dst []int
	for range draws {
		dst = s.Sample(r, dst)
		joint[[2]int{dst[0], dst[1]}]++
	}
	var counts []int
	var expected []float64
	for _, i := range pt.Buckets[0] {
		for _, j := range pt.Buckets[1] {
			counts = append(counts, joint[[2]int{i, j}])
			expected = append(expected, draws*p[i]*p[j])
		}
	}
	if len(joint) != 6 {
		t.Fatalf("outcomes %v", joint)
	}
	assertFits(t, "joint", chiSquare(counts, expected, 1), 5)
}

func TestBucketRejects(t *testing.T) {
	pt := Partition{Buckets: [][]int{{0, 1}, {2, 3}}}
	// Sums to one overall, not per bucket.
	if _, err := NewBucket(pt, []float64{0.25, 0.25, 0.25, 0.25}); !errors.Is(err, ErrProbabilities) {
		t.Errorf("per-bucket sums 0.5: %v", err)
	}
	if _, err := NewBucket(pt, []float64{1, 0, 0.5, 0.5}); !errors.Is(err, ErrProbabilities) {
		t.Errorf("zero probability: %v", err)
	}
	if _, err := NewBucket(pt, []float64{0.5, 0.5, 0.5}); !errors.Is(err, ErrPartition) {
		t.Errorf("partition of 4 with 3 probabilities: %v", err)
	}
	if _, err := NewBucket(Partition{Buckets: [][]int{{0, 1}, {1, 2}}}, []float64{0.5, 0.5, 1}); !errors.Is(err, ErrPartition) {
		t.Errorf("overlapping buckets: %v", err)
	}
}

func TestSamplersDeterministicAndAllocationFree(t *testing.T) {
	const n = 1000
	pt, _ := RandomPartition(n, 8, NewRand(1))
	bucket, _ := NewBucket(pt, randomBucketProbabilities(pt, n, 2))
	nice, _ := NewNice(n, 8)
	w := make([]float64, n)
	for i := range w {
		w[i] = float64(1 + i%17)
	}
	serial, err := NewSerial(normalized(w))
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []Sampler{NewUniform(n), nice, bucket, serial} {
		a, b := NewRand(5), NewRand(5)
		x, y := make([]int, 0, s.MaxSize()), make([]int, 0, s.MaxSize())
		for range 100 {
			x, y = s.Sample(a, x), s.Sample(b, y)
			for k := range x {
				if x[k] != y[k] {
					t.Fatalf("%s: same seed gave %v and %v", s, x, y)
				}
			}
		}
		if allocs := testing.AllocsPerRun(100, func() { x = s.Sample(a, x) }); allocs != 0 {
			t.Errorf("%s: Sample allocates %v times per draw", s, allocs)
		}
	}
}
