package sampling

import (
	"errors"
	"math"
	"slices"
	"testing"
)

// adaptiveFixture is a partition of 40 examples into 4 unequal buckets with
// skewed static probabilities, and weights with zeros, as residues have.
func adaptiveFixture(t *testing.T) (Partition, []float64, []float64) {
	t.Helper()
	const n, tau = 40, 4
	pt, err := RandomPartition(n, tau, NewRand(31))
	if err != nil {
		t.Fatal(err)
	}
	// Move three examples of bucket 0 to bucket 3: sizes 7, 10, 10, 13.
	pt.Buckets[3] = append(pt.Buckets[3], pt.Buckets[0][:3]...)
	pt.Buckets[0] = pt.Buckets[0][3:]
	slices.Sort(pt.Buckets[3])
	static := randomBucketProbabilities(pt, n, 32)
	r := NewRand(33)
	w := make([]float64, n)
	for i := range w {
		if r.IntN(4) > 0 {
			w[i] = math.Exp(2 * r.NormFloat64())
		}
	}
	return pt, static, w
}

func TestAdaptiveReweight(t *testing.T) {
	pt, static, w := adaptiveFixture(t)
	cfg := AdaptiveConfig{Eta: 0.3, Epochs: 1, Step: SafeStep}
	a, err := NewAdaptive(pt, static, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if a.MaxSize() != 4 || !slices.Equal(a.Probabilities(), a.Static()) {
		t.Fatalf("a new adaptive sampling is not the static one: τ = %d, p = %v", a.MaxSize(), a.Probabilities())
	}
	// Bucket 1's weights all zero: it keeps its static probabilities.
	for _, i := range pt.Buckets[1] {
		w[i] = 0
	}
	if err := a.Reweight(w); err != nil {
		t.Fatal(err)
	}
	p := a.Probabilities()
	for l, b := range pt.Buckets {
		sumW, sumP := 0.0, 0.0
		for _, i := range b {
			sumW += w[i]
			sumP += p[i]
		}
		if math.Abs(sumP-1) > 1e-15*float64(len(b)) {
			t.Errorf("bucket %d sums to %v", l, sumP)
		}
		for _, i := range b {
			want := static[i]
			if sumW > 0 {
				want = (1-cfg.Eta)*w[i]/sumW + cfg.Eta*static[i]
			}
			if math.Abs(p[i]-want) > 1e-15 {
				t.Errorf("p[%d] = %v, want %v", i, p[i], want)
			}
			// The safeguard: every example keeps a share of its static p.
			if p[i] < cfg.Eta*static[i]*(1-1e-15) {
				t.Errorf("p[%d] = %v < η p_static = %v", i, p[i], cfg.Eta*static[i])
			}
		}
	}
	// Bad weights are refused and leave the sampling as it was.
	before := slices.Clone(p)
	for _, bad := range []float64{-1, -1e-310, math.NaN(), math.Inf(1), math.Inf(-1)} {
		w2 := slices.Clone(w)
		w2[5] = bad
		if err := a.Reweight(w2); !errors.Is(err, ErrWeights) {
			t.Errorf("weight %v: error %v, want ErrWeights", bad, err)
		}
	}
	if !slices.Equal(a.Probabilities(), before) {
		t.Error("a refused Reweight changed the probabilities")
	}
}

func TestAdaptiveConfigChecked(t *testing.T) {
	pt, static, _ := adaptiveFixture(t)
	for _, cfg := range []AdaptiveConfig{
		{Eta: 0, Epochs: 1, Step: SafeStep},
		{Eta: 1.5, Epochs: 1, Step: SafeStep},
		{Eta: math.NaN(), Epochs: 1, Step: SafeStep},
		{Eta: 0.5, Epochs: 0, Step: SafeStep},
		{Eta: 0.5, Epochs: math.Inf(1), Step: SafeStep},
		{Eta: 0.5, Epochs: 1, Step: "bold"},
	} {
		if _, err := NewAdaptive(pt, static, cfg); !errors.Is(err, ErrAdaptive) {
			t.Errorf("%+v: error %v, want ErrAdaptive", cfg, err)
		}
	}
	if _, err := NewAdaptive(pt, static[:10], DefaultAdaptive); !errors.Is(err, ErrPartition) {
		t.Errorf("short static p: error %v, want ErrPartition", err)
	}
}

// TestAdaptiveMarginals: after each of two refreshes, the frequencies of the
// draws fit the new probabilities (χ² at level 1e−3 with a fixed seed; the
// counts within a bucket are multinomial, independent across buckets, so
// the statistic has n − τ degrees of freedom). 200,000 draws put every
// expected count of this fixture above 40, well above the 5 the χ²
// approximation needs, and give the test power against the static
// probabilities.
func TestAdaptiveMarginals(t *testing.T) {
	pt, static, w := adaptiveFixture(t)
	a, err := NewAdaptive(pt, static, AdaptiveConfig{Eta: 0.2, Epochs: 1, Step: ResidueStep})
	if err != nil {
		t.Fatal(err)
	}
	n, tau := len(static), pt.Tau()
	r := NewRand(34)
	var dst []int
	for round := range 2 {
		if round == 1 {
			slices.Reverse(w) // a different reweighting: the tables are rebuilt
		}
		if err := a.Reweight(w); err != nil {
			t.Fatal(err)
		}
		const draws = 200000
		counts := make([]int, n)
		for range draws {
			dst = a.Sample(r, dst)
			if len(dst) != tau {
				t.Fatalf("a draw of %d examples", len(dst))
			}
			for _, i := range dst {
				counts[i]++
			}
		}
		expected := make([]float64, n)
		old := make([]float64, n)
		for i, pi := range a.Probabilities() {
			expected[i] = draws * pi
			old[i] = draws * static[i]
			if expected[i] < 5 {
				t.Fatalf("p[%d] = %v: expected count %v too small for χ²", i, pi, expected[i])
			}
		}
		assertFits(t, "adaptive marginals", chiSquare(counts, expected, 1), n-tau)
		if chiSquare(counts, old, 1) <= chiSquareThreshold(n-tau) {
			t.Errorf("round %d: the draws also fit the static probabilities: the test has no power", round)
		}
	}
}

func TestRecorderDiscard(t *testing.T) {
	pt, static, _ := adaptiveFixture(t)
	s, err := NewBucket(pt, static)
	if err != nil {
		t.Fatal(err)
	}
	rec := NewRecorder(s, 5)
	r := NewRand(35)
	var dst []int
	for range 8 {
		dst = rec.Sample(r, dst)
	}
	b5, _ := rec.Batch(5)
	b5 = slices.Clone(b5)
	visits5 := rec.Visits(6)
	rec.Discard(2)
	if rec.Draws() != 6 || !slices.Equal(rec.Visits(6), visits5) {
		t.Fatalf("after Discard(2): %d draws, visits %v, want 6 and %v", rec.Draws(), rec.Visits(6), visits5)
	}
	if got, ok := rec.Batch(5); !ok || !slices.Equal(got, b5) {
		t.Errorf("Batch(5) = %v, %v, want %v", got, ok, b5)
	}
	// Draws 3 … 7 were kept; after more draws overwrite the ring, Batch
	// must not return a slot that holds another draw.
	for range 3 {
		dst = rec.Sample(r, dst)
	}
	if _, ok := rec.Batch(3); ok {
		t.Error("Batch(3) is reported kept after its slot was reused")
	}
	if rec.Unwrap() != s {
		t.Error("Unwrap does not return the recorded sampler")
	}
}
