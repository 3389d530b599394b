package sampling

import (
	"errors"
	"math"
	"slices"
	"testing"
)

func TestNiceDrawsDistinctUniformExamples(t *testing.T) {
	const n, tau, draws = 40, 7, 100000
	s, err := NewNice(n, tau)
	if err != nil {
		t.Fatal(err)
	}
	if s.MaxSize() != tau || s.Probabilities()[0] != float64(tau)/n {
		t.Fatalf("MaxSize %d, p_0 = %v", s.MaxSize(), s.Probabilities()[0])
	}
	r := NewRand(7)
	counts := make([]int, n)
	seen := make([]int, n)
	var dst []int
	for d := 1; d <= draws; d++ {
		dst = s.Sample(r, dst)
		if len(dst) != tau {
			t.Fatalf("draw %d has %d examples, want %d", d, len(dst), tau)
		}
		for _, i := range dst {
			if i < 0 || i >= n || seen[i] == d {
				t.Fatalf("draw %d = %v: index out of range or repeated", d, dst)
			}
			seen[i] = d
			counts[i]++
		}
	}
	// Inclusion counts have variance N p(1−p) and covariance −N p(1−p)/(n−1)
	// (their total is fixed), so scaling Pearson's statistic by
	// (1 − p)·n/(n − 1) makes it χ² with n − 1 degrees of freedom.
	p := float64(tau) / n
	expected := make([]float64, n)
	for i := range expected {
		expected[i] = draws * p
	}
	assertFits(t, "inclusion", chiSquare(counts, expected, (1-p)*n/(n-1)), n-1)
}

func TestNiceSubsetsAndPairsUniform(t *testing.T) {
	// On n = 5, τ = 3 every one of the C(5,3) = 10 subsets must be equally
	// likely, and each pair must be in the minibatch with probability
	// τ(τ−1)/(n(n−1)) = 0.3, as the τ-nice ESO assumes.
	const n, tau, draws = 5, 3, 200000
	s, err := NewNice(n, tau)
	if err != nil {
		t.Fatal(err)
	}
	r := NewRand(8)
	subsets := map[[tau]int]int{}
	var pairs [n][n]int
	var dst []int
	for range draws {
		dst = s.Sample(r, dst)
		var key [tau]int
		copy(key[:], dst)
		slices.Sort(key[:])
		subsets[key]++
		for a := 0; a < tau; a++ {
			for b := a + 1; b < tau; b++ {
				pairs[key[a]][key[b]]++
			}
		}
	}
	if len(subsets) != 10 {
		t.Fatalf("saw %d distinct subsets, want 10", len(subsets))
	}
	counts, expected := []int{}, []float64{}
	for _, c := range subsets {
		counts = append(counts, c)
		expected = append(expected, draws/10.0)
	}
	assertFits(t, "subsets", chiSquare(counts, expected, 1), 9)

	q := float64(tau*(tau-1)) / (n * (n - 1))
	sd := math.Sqrt(draws * q * (1 - q))
	for a := 0; a < n; a++ {
		for b := a + 1; b < n; b++ {
			if d := math.Abs(float64(pairs[a][b]) - draws*q); d > 4.5*sd {
				t.Errorf("pair (%d,%d): %d joint inclusions, want %.0f ± %.0f", a, b, pairs[a][b], draws*q, 4.5*sd)
			}
		}
	}
}

func TestNiceFullAndSingle(t *testing.T) {
	r := NewRand(9)
	s, err := NewNice(6, 6)
	if err != nil {
		t.Fatal(err)
	}
	got := slices.Sorted(slices.Values(s.Sample(r, nil)))
	if !slices.Equal(got, []int{0, 1, 2, 3, 4, 5}) {
		t.Errorf("τ = n draw = %v, want every example", got)
	}
	s, err = NewNice(1, 1)
	if err != nil {
		t.Fatal(err)
	}
	if got := s.Sample(r, nil); !slices.Equal(got, []int{0}) {
		t.Errorf("n = τ = 1 draw = %v", got)
	}
}

func TestNiceRejectsTau(t *testing.T) {
	for _, c := range []struct{ n, tau int }{{5, 0}, {5, 6}, {5, -1}, {0, 1}} {
		if _, err := NewNice(c.n, c.tau); !errors.Is(err, ErrTau) {
			t.Errorf("NewNice(%d, %d) error = %v, want ErrTau", c.n, c.tau, err)
		}
	}
}

// TestNiceOneIsFloydsSingleDraw pins the τ = 1 fast path to what Floyd's
// loop does for one element: a single IntN(n) from the stream.
func TestNiceOneIsFloydsSingleDraw(t *testing.T) {
	const n = 37
	s, err := NewNice(n, 1)
	if err != nil {
		t.Fatal(err)
	}
	r, ref := NewRand(11), NewRand(11)
	var dst []int
	for k := 0; k < 1000; k++ {
		dst = s.Sample(r, dst)
		if want := ref.IntN(n); len(dst) != 1 || dst[0] != want {
			t.Fatalf("draw %d = %v, want [%d]", k, dst, want)
		}
	}
}
