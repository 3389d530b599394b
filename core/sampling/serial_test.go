package sampling

import (
	"errors"
	"math"
	"testing"
)

// serialCounts draws n draws from s and counts each example.
func serialCounts(s Sampler, n, draws int, seed uint64) []int {
	r := NewRand(seed)
	counts := make([]int, n)
	var dst []int
	for range draws {
		dst = s.Sample(r, dst)
		counts[dst[0]]++
	}
	return counts
}

func TestUniformFrequencies(t *testing.T) {
	const n, draws = 50, 200000
	s := NewUniform(n)
	if s.MaxSize() != 1 || len(s.Probabilities()) != n || s.Probabilities()[7] != 1.0/n {
		t.Fatalf("uniform: MaxSize %d, p = %v", s.MaxSize(), s.Probabilities()[:3])
	}
	expected := make([]float64, n)
	for i := range expected {
		expected[i] = draws / float64(n)
	}
	assertFits(t, "uniform", chiSquare(serialCounts(s, n, draws, 3), expected, 1), n-1)
}

func TestSerialFrequencies(t *testing.T) {
	const draws = 400000
	r := NewRand(11)
	cases := map[string][]float64{
		"equal":      {1, 1, 1, 1, 1},
		"two":        {0.999, 0.001},
		"single":     {1},
		"skewed":     make([]float64, 60),
		"one-heavy":  make([]float64, 40),
		"geometric":  make([]float64, 20),
		"log-normal": make([]float64, 80),
	}
	for i := range cases["skewed"] {
		cases["skewed"][i] = r.Float64() * r.Float64()
	}
	for i := range cases["one-heavy"] {
		cases["one-heavy"][i] = 1
	}
	cases["one-heavy"][0] = 1000
	for i := range cases["geometric"] {
		cases["geometric"][i] = math.Pow(0.7, float64(i))
	}
	for i := range cases["log-normal"] {
		cases["log-normal"][i] = math.Exp(2 * r.NormFloat64())
	}
	for name, w := range cases {
		t.Run(name, func(t *testing.T) {
			p := normalized(w)
			s, err := NewSerial(p)
			if err != nil {
				t.Fatal(err)
			}
			for i, q := range s.Probabilities() {
				if math.Abs(q-p[i]) > 1e-15 {
					t.Fatalf("Probabilities()[%d] = %v, want %v", i, q, p[i])
				}
			}
			counts := serialCounts(s, len(p), draws, 5)
			if len(p) == 1 {
				if counts[0] != draws {
					t.Fatalf("single example drawn %d of %d times", counts[0], draws)
				}
				return
			}
			expected := make([]float64, len(p))
			for i := range p {
				expected[i] = draws * p[i]
			}
			assertFits(t, name, chiSquare(counts, expected, 1), len(p)-1)
		})
	}
}

func normalized(w []float64) []float64 {
	sum := 0.0
	for _, x := range w {
		sum += x
	}
	p := make([]float64, len(w))
	for i, x := range w {
		p[i] = x / sum
	}
	return p
}

func TestSerialRejectsBadProbabilities(t *testing.T) {
	for name, p := range map[string][]float64{
		"empty":    {},
		"zero":     {0.5, 0, 0.5},
		"negative": {0.6, -0.1, 0.5},
		"NaN":      {0.5, math.NaN(), 0.5},
		"Inf":      {math.Inf(1), 0.5},
		"sum 0.9":  {0.4, 0.5},
		"sum 2":    {1, 1},
	} {
		if _, err := NewSerial(p); !errors.Is(err, ErrProbabilities) {
			t.Errorf("%s: NewSerial(%v) error = %v, want ErrProbabilities", name, p, err)
		}
	}
	// Rounding-level deviations from Σp = 1 are accepted and renormalised.
	s, err := NewSerial([]float64{1.0 / 3, 1.0 / 3, 1.0/3 + 1e-12})
	if err != nil {
		t.Fatal(err)
	}
	sum := 0.0
	for _, q := range s.Probabilities() {
		sum += q
	}
	if math.Abs(sum-1) > 1e-15 {
		t.Errorf("renormalised probabilities sum to %v", sum)
	}
}
