package sampling

import (
	"errors"
	"math"
	"slices"
	"testing"
)

func TestRandomPartitionEqualSizes(t *testing.T) {
	for _, c := range []struct{ n, tau int }{{10, 3}, {1, 1}, {7, 7}, {1000, 32}, {33, 1}} {
		pt, err := RandomPartition(c.n, c.tau, NewRand(uint64(c.n)))
		if err != nil {
			t.Fatal(err)
		}
		if err := pt.Validate(c.n); err != nil {
			t.Fatalf("n=%d τ=%d: %v", c.n, c.tau, err)
		}
		if pt.Tau() != c.tau {
			t.Fatalf("Tau() = %d, want %d", pt.Tau(), c.tau)
		}
		for l, b := range pt.Buckets {
			if len(b) != c.n/c.tau && len(b) != (c.n+c.tau-1)/c.tau {
				t.Errorf("n=%d τ=%d: bucket %d has %d examples", c.n, c.tau, l, len(b))
			}
			if !slices.IsSorted(b) {
				t.Errorf("bucket %d not sorted: %v", l, b)
			}
		}
	}
}

func TestRandomPartitionIsRandom(t *testing.T) {
	// Examples 0 and 1 share a bucket with probability (n/τ − 1)/(n − 1)
	// when τ divides n: (5 − 1)/9 = 4/9 for n = 10, τ = 2.
	const n, tau, trials = 10, 2, 20000
	r := NewRand(12)
	together := 0
	for range trials {
		pt, err := RandomPartition(n, tau, r)
		if err != nil {
			t.Fatal(err)
		}
		owner := pt.Owner(n)
		if owner[0] == owner[1] {
			together++
		}
	}
	q := 4.0 / 9
	if d := math.Abs(float64(together) - trials*q); d > 4.5*math.Sqrt(trials*q*(1-q)) {
		t.Errorf("examples 0 and 1 together in %d of %d partitions, want ≈ %.0f", together, trials, trials*q)
	}
}

func TestPartitionValidateAndOwner(t *testing.T) {
	good := Partition{Buckets: [][]int{{0, 3}, {2}, {1, 4}}}
	if err := good.Validate(5); err != nil {
		t.Fatal(err)
	}
	if got := good.Owner(5); !slices.Equal(got, []int{0, 2, 1, 0, 2}) {
		t.Errorf("Owner = %v", got)
	}
	if got := (Partition{Buckets: [][]int{{1}}}).Owner(3); !slices.Equal(got, []int{-1, 0, -1}) {
		t.Errorf("Owner of partial partition = %v", got)
	}
	for name, pt := range map[string]Partition{
		"no buckets":   {},
		"empty bucket": {Buckets: [][]int{{0, 1, 2, 3, 4}, {}}},
		"duplicate":    {Buckets: [][]int{{0, 1, 2}, {2, 3, 4}}},
		"missing":      {Buckets: [][]int{{0, 1}, {3, 4}}},
		"negative":     {Buckets: [][]int{{0, 1, 2}, {-1, 3, 4}}},
		"too large":    {Buckets: [][]int{{0, 1, 2}, {3, 4, 5}}},
	} {
		if err := pt.Validate(5); !errors.Is(err, ErrPartition) {
			t.Errorf("%s: Validate = %v, want ErrPartition", name, err)
		}
	}
}

func TestBalancedPartitionGreedy(t *testing.T) {
	// LPT by hand: 5→B0; 4→B1; 3(#2)→B1 (4 < 5); 3(#3)→B0 (5 < 7);
	// 3(#4)→B1 (7 < 8).
	pt, err := BalancedPartition([]float64{5, 4, 3, 3, 3}, 2)
	if err != nil {
		t.Fatal(err)
	}
	want := [][]int{{0, 3}, {1, 2, 4}}
	for l := range want {
		if !slices.Equal(pt.Buckets[l], want[l]) {
			t.Fatalf("buckets = %v, want %v", pt.Buckets, want)
		}
	}
}

func TestBalancedPartitionBalances(t *testing.T) {
	r := NewRand(13)
	for _, c := range []struct{ n, tau int }{{100, 7}, {50, 50}, {1000, 32}, {9, 1}} {
		w := make([]float64, c.n)
		maxW := 0.0
		for i := range w {
			w[i] = math.Exp(3 * r.NormFloat64())
			maxW = math.Max(maxW, w[i])
		}
		pt, err := BalancedPartition(w, c.tau)
		if err != nil {
			t.Fatal(err)
		}
		if err := pt.Validate(c.n); err != nil {
			t.Fatal(err)
		}
		again, _ := BalancedPartition(w, c.tau)
		lo, hi := math.Inf(1), 0.0
		for l, b := range pt.Buckets {
			if !slices.Equal(b, again.Buckets[l]) {
				t.Fatalf("not deterministic: bucket %d = %v then %v", l, b, again.Buckets[l])
			}
			load := 0.0
			for _, i := range b {
				load += w[i]
			}
			lo, hi = math.Min(lo, load), math.Max(hi, load)
		}
		// Each example went to the then-lightest bucket, so no bucket can
		// exceed the lightest by more than one example's weight.
		if hi-lo > maxW*(1+1e-12) {
			t.Errorf("n=%d τ=%d: loads span [%v, %v], more than max weight %v", c.n, c.tau, lo, hi, maxW)
		}
	}
}

func TestBalancedPartitionZeroWeightsAndErrors(t *testing.T) {
	pt, err := BalancedPartition(make([]float64, 10), 4)
	if err != nil {
		t.Fatal(err)
	}
	if err := pt.Validate(10); err != nil {
		t.Fatalf("zero weights: %v", err)
	}
	for _, b := range pt.Buckets {
		if len(b) < 2 || len(b) > 3 {
			t.Errorf("zero weights: bucket sizes %v not spread evenly", pt.Buckets)
		}
	}
	if _, err := BalancedPartition([]float64{1, 2}, 3); !errors.Is(err, ErrTau) {
		t.Errorf("τ > n: %v", err)
	}
	if _, err := BalancedPartition([]float64{1, 2}, 0); !errors.Is(err, ErrTau) {
		t.Errorf("τ = 0: %v", err)
	}
	for _, bad := range []float64{-1, math.NaN(), math.Inf(1)} {
		if _, err := BalancedPartition([]float64{1, bad, 2}, 2); !errors.Is(err, ErrWeights) {
			t.Errorf("weight %v: %v", bad, err)
		}
	}
	if _, err := RandomPartition(3, 4, NewRand(1)); !errors.Is(err, ErrTau) {
		t.Errorf("RandomPartition τ > n: %v", err)
	}
}
