package dfsdca

import (
	"math"
	"testing"

	"imlab/core/loss"
	"imlab/core/method"
	"imlab/core/sampling"
)

// TestMembers: for every lead, the parts' ranges cover the minibatch in
// order, part 0's is the lead, and the others' differ by at most one.
func TestMembers(t *testing.T) {
	for _, parts := range []int{2, 3, 16} {
		for _, m := range []int{1, 5, 16, 64, 257} {
			for lead := 0; lead <= m; lead++ {
				next, least, most := 0, m, 0
				for part := range parts {
					from, to := members(part, parts, m, lead)
					if from != next || to < from {
						t.Fatalf("parts %d, m %d, lead %d: part %d has [%d, %d) after %d", parts, m, lead, part, from, to, next)
					}
					if part == 0 && to != lead {
						t.Fatalf("parts %d, m %d, lead %d: part 0 has %d members", parts, m, lead, to)
					}
					if part > 0 {
						least, most = min(least, to-from), max(most, to-from)
					}
					next = to
				}
				if next != m || most-least > 1 {
					t.Fatalf("parts %d, m %d, lead %d: ends at %d, other shares %d to %d", parts, m, lead, next, least, most)
				}
			}
		}
	}
}

// TestLeadBalancer: a part 0 that is always last gives up one member a
// window, down to none; one never last takes them back, up to twice an
// equal share; one last half the time keeps its share.
func TestLeadBalancer(t *testing.T) {
	const parts, size = 4, 64 // equal share 16
	run := func(b *leadBalancer, windows int, last func(k int) bool) {
		for k := range windows * balanceWindow {
			b.observe(last(k), parts, size)
		}
	}
	var b leadBalancer
	run(&b, 3, func(int) bool { return true })
	if got := b.lead(size, parts); got != 13 {
		t.Errorf("after 3 windows always last: lead %d, want 13", got)
	}
	run(&b, 40, func(int) bool { return true })
	if got := b.lead(size, parts); got != 0 {
		t.Errorf("after 43 windows always last: lead %d, want 0", got)
	}
	run(&b, 5, func(k int) bool { return k%2 == 0 })
	if got := b.lead(size, parts); got != 0 {
		t.Errorf("last half the time: lead moved to %d, want 0", got)
	}
	run(&b, 40, func(int) bool { return false })
	if got := b.lead(size, parts); got != 32 {
		t.Errorf("after 40 windows never last: lead %d, want 32 (twice an equal share)", got)
	}
	if got := b.lead(10, parts); got != 10 {
		t.Errorf("a minibatch of 10: lead %d, want all 10", got)
	}
	fixed := leadBalancer{shift: 2, fixed: true}
	run(&fixed, 3, func(int) bool { return true })
	if fixed.shift != 2 {
		t.Errorf("a fixed balancer moved to shift %d", fixed.shift)
	}
}

// TestLeadShiftsBitIdentical: however many members part 0 takes, none to
// twice an equal share, the iterates are the sequential ones.
func TestLeadShiftsBitIdentical(t *testing.T) {
	ds := testData(t, 300, 60, 0.8, 31)
	const tau = 16
	_, s1 := runTrace(t, ds, sampling.Imp, tau, 1, -1)
	for _, workers := range []int{2, 4} {
		bound := tau / workers
		for _, shift := range []int{-bound, -1, 1, bound} {
			pr := testProblem(t, ds, loss.Logistic{})
			smp, theta := testPlan(t, pr, sampling.Imp, tau, 21)
			s, err := New(pr, Options{Sampler: smp, Theta: theta, Workers: workers, Seed: 22})
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(s.Close)
			s.parallelMin, s.tuner.always = 0, true
			s.pool.balance = leadBalancer{shift: shift, fixed: true}
			run := newRun(s, method.Stop{PStar: math.NaN(), MaxPasses: 3, EvalEvery: 0.5})
			if err := run.Until(t.Context(), nil); err != nil {
				t.Fatal(err)
			}
			if !sameBits(s1.W(), s.W()) || !sameBits(s1.Alpha(), s.Alpha()) {
				t.Errorf("%d workers, part 0 taking %d members: final w or α differs from 1 worker",
					workers, s.pool.balance.lead(tau, workers))
			}
		}
	}
}
