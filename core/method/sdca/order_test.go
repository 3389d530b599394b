package sdca

import (
	"errors"
	"math"
	"slices"
	"testing"

	"imlab/core/loss"
	"imlab/core/method"
	"imlab/core/method/internal/mtest"
	"imlab/core/sampling"
)

// TestScheduleCounts: every epoch of the Shuffled order visits example i
// ⌊n p_i⌋ or ⌈n p_i⌉ times, about n times in all, and over many epochs
// with frequency p_i; epochs come in different orders.
func TestScheduleCounts(t *testing.T) {
	p := []float64{0.05, 0.3, 0.01, 0.14, 0.2, 0.1, 0.2}
	n := len(p)
	sc := newSchedule(p)
	src := sampling.NewSource(3)
	total := make([]int, n)
	visits := 0
	const epochs = 20000
	var first []int
	same := 0
	for e := range epochs {
		ep := sc.next(src)
		if len(ep) < n-1 || len(ep) > n+1 {
			t.Fatalf("epoch %d has %d entries, want about %d", e, len(ep), n)
		}
		count := make([]int, n)
		for _, i := range ep {
			count[i]++
		}
		for i, c := range count {
			if lo := math.Floor(float64(n) * p[i]); float64(c) < lo || float64(c) > lo+1 {
				t.Fatalf("epoch %d visits example %d %d times; n p_i = %v", e, i, c, float64(n)*p[i])
			}
			total[i] += c
		}
		visits += len(ep)
		if e == 0 {
			first = append([]int(nil), ep...)
		} else if slices.Equal(ep, first) {
			same++
		}
	}
	for i, c := range total {
		if f := float64(c) / float64(visits); math.Abs(f-p[i]) > 0.002 {
			t.Errorf("example %d: frequency %.4f, want p_i = %v", i, f, p[i])
		}
	}
	if same > epochs/10 {
		t.Errorf("%d of %d epochs repeat the first one's order", same, epochs)
	}
}

// TestShuffledNeedsSerial: the Shuffled order is for serial samplings.
func TestShuffledNeedsSerial(t *testing.T) {
	ds := mtest.Data(t, 20, 4, 0.5, 1)
	pr := mtest.Problem(t, ds, loss.Logistic{}, 1)
	pl := mtest.Plan(t, pr, mtest.Sampling{Name: "imp", Tau: 2}, 1)
	if _, err := New(pr, Options{Sampler: pl.Sampler, V: pl.V, Order: Shuffled}); !errors.Is(err, method.ErrOptions) {
		t.Errorf("shuffled τ-importance: New returned %v, want ErrOptions", err)
	}
	if _, err := New(pr, Options{Sampler: pl.Sampler, V: pl.V, Order: Order(7)}); !errors.Is(err, method.ErrOptions) {
		t.Errorf("order 7: New returned %v, want ErrOptions", err)
	}
	for _, o := range []Order{IID, Shuffled} {
		if got, err := ParseOrder(o.String()); got != o || err != nil {
			t.Errorf("ParseOrder(%q) = %v, %v", o, got, err)
		}
	}
	if _, err := ParseOrder("random"); !errors.Is(err, method.ErrOptions) {
		t.Errorf("ParseOrder(random): %v, want ErrOptions", err)
	}
}
