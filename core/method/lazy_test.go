package method_test

import (
	"math"
	"testing"

	"imlab/core/method"
)

// TestLazyCatchUp compares k pending maps w ← (w − ηb)/(1 + ηλ), caught up
// at once, with the k maps applied one by one, for short catch-ups (table)
// and long ones (exp).
func TestLazyCatchUp(t *testing.T) {
	const eta, lambda = 0.01, 0.003
	for _, k := range []int{1, 2, 7, 100, 4095, 4096, 5000, 20000} {
		l := method.NewLazy(1, eta, lambda)
		w, b := []float64{1.7}, []float64{-0.4}
		want := w[0]
		for range k {
			want = (want - eta*b[0]) / (1 + eta*lambda)
		}
		l.CatchUp(w, b, 0, k)
		if math.Abs(w[0]-want) > 1e-12*math.Max(1, math.Abs(want)) {
			t.Errorf("k = %d: caught up to %.17g, one by one %.17g", k, w[0], want)
		}
		got := w[0]
		l.CatchUp(w, b, 0, k) // current at k: nothing pending
		if w[0] != got {
			t.Errorf("k = %d: caught up again to %.17g from %.17g", k, w[0], got)
		}
	}
}
