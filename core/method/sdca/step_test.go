package sdca

import (
	"math"
	"testing"

	"imlab/core/loss"
	"imlab/core/method/internal/mtest"
	"imlab/core/problem"
	"imlab/core/sampling"
)

// TestLogisticStepExtremes compares the safeguarded Newton step with plain
// bisection in β over wide ranges of margin, curvature and starting point,
// including β at the ends of [0, 1].
func TestLogisticStepExtremes(t *testing.T) {
	r := sampling.NewRand(1)
	for k := range 20000 {
		z := 60 * (2*r.Float64() - 1)
		q := math.Pow(10, 12*r.Float64()-6)
		y := float64(1 - 2*(k%2))
		beta := r.Float64()
		switch k % 5 {
		case 0:
			beta = 0
		case 1:
			beta = 1
		case 2:
			beta = math.Pow(10, -15*r.Float64())
		}
		got := y * logisticStep(z, y, y*beta, q) // β' − β
		slope := func(b float64) float64 { return math.Log((1-b)/b) - y*z - q*(b-beta) }
		want := bisect(slope, 0, 1) - beta
		if math.Abs(got-want) > 1e-12*(1+math.Abs(want)) || math.IsNaN(got) {
			t.Fatalf("z=%v y=%v β=%v q=%v: Δβ = %.17g, bisection %.17g", z, y, beta, q, got, want)
		}
	}
}

// TestLogisticStepIsFewNewtonSteps replays the coordinate steps of an SDCA
// run on the logistic loss and counts Newton steps: a few per coordinate,
// fewer as the run converges and the warm start is near the root.
func TestLogisticStepIsFewNewtonSteps(t *testing.T) {
	ds := mtest.Data(t, 200, 20, 0.5, 7)
	pr := mtest.Problem(t, ds, loss.Logistic{}, 1)
	pl := mtest.Plan(t, pr, mtest.Sampling{Name: "imp", Tau: 4}, 1)
	s := newSolver(t, pr, pl.Sampler, pl.V, 0, 1)
	var early, late, calls int
	for it := range 20000 {
		draw := s.Draw() // the next minibatch, as iterate would draw it
		for _, i := range draw {
			y := ds.Y[i]
			_, _, steps := logisticNewton(y*problem.Dot(ds, i, s.W()), y*s.Alpha()[i], s.curv[i])
			if it < 100 {
				early += steps
			} else {
				late += steps
				calls++
			}
		}
		s.stepWith(draw)
	}
	mean := float64(late) / float64(calls)
	t.Logf("Newton steps per coordinate: %.2f in the first 100 iterations, %.2f after", float64(early)/400, mean)
	if mean > 3 || float64(early)/400 > 6 {
		t.Errorf("%.2f Newton steps per coordinate on average: not a few", mean)
	}
}

// TestLogisticWarmAccuracy: whenever logisticWarm accepts its one Newton
// step, the step is within StepAccuracy of the exact one (to rounding).
func TestLogisticWarmAccuracy(t *testing.T) {
	r := sampling.NewRand(2)
	accepted := 0
	const trials = 20000
	for k := range trials {
		q := math.Pow(10, 8*r.Float64()-4)
		beta := 1 / (1 + math.Exp(-20*(2*r.Float64()-1)))
		t0 := math.Log(beta / (1 - beta))
		// Margins near the current root, as late in a run, and far from it.
		yz := -t0 + math.Pow(10, -8+8*r.Float64())*float64(1-2*(k%2))
		t1, b1, ok := logisticWarm(yz, beta, t0, q)
		if !ok {
			continue
		}
		accepted++
		tstar, _, _ := logisticNewton(yz, beta, q)
		if err, step := math.Abs(t1-tstar), math.Abs(t1-t0); err > StepAccuracy*step+1e-14*(1+math.Abs(tstar)) {
			t.Fatalf("yz=%v β=%v q=%v: accepted t1 = %v, root %v: error %.3g > κ·step %.3g", yz, beta, q, t1, tstar, err, StepAccuracy*step)
		}
		if b1 != sigmoid(t1) {
			t.Fatalf("β' = %v is not σ(t1) = %v", b1, sigmoid(t1))
		}
	}
	t.Logf("one Newton step accepted in %d of %d trials", accepted, trials)
	if accepted < trials/2 {
		t.Errorf("one Newton step accepted in only %d of %d trials: the warm start does not pay", accepted, trials)
	}
	if _, _, ok := logisticWarm(1, 0.5, math.NaN(), 1); ok {
		t.Error("a NaN logit was accepted")
	}
}

// TestLogisticColdAccuracy: whenever logisticCold accepts its Newton step,
// β' is within StepAccuracy of the exact β* relative to the move |β' − β|
// (to rounding), and it is accepted on most first visits (β = 0).
func TestLogisticColdAccuracy(t *testing.T) {
	r := sampling.NewRand(3)
	const trials = 20000
	accepted, first, firstAccepted := 0, 0, 0
	for k := range trials {
		q := math.Pow(10, 6*r.Float64()-4)
		beta := 0.0
		if k%4 == 3 { // β rounded near an end of [0, 1]
			beta = 1 - math.Pow(10, -17*r.Float64())
		} else {
			first++
		}
		yz := 10 * (2*r.Float64() - 1)
		t1, b1, ok := logisticCold(yz, beta, q)
		if !ok {
			continue
		}
		accepted++
		if beta == 0 {
			firstAccepted++
		}
		_, bstar, _ := logisticNewton(yz, beta, q)
		if err, move := math.Abs(b1-bstar), math.Abs(b1-beta); err > StepAccuracy*move+1e-15 {
			t.Fatalf("yz=%v β=%v q=%v: accepted β' = %v, exact %v: error %.3g > κ·move %.3g", yz, beta, q, b1, bstar, err, StepAccuracy*move)
		}
		if b1 != sigmoid(t1) {
			t.Fatalf("β' = %v is not σ(t1) = %v", b1, sigmoid(t1))
		}
	}
	t.Logf("accepted in %d of %d trials, %d of %d first visits", accepted, trials, firstAccepted, first)
	if firstAccepted < first/2 {
		t.Errorf("accepted on only %d of %d first visits: the cold step does not pay", firstAccepted, first)
	}
}
