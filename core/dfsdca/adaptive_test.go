package dfsdca

import (
	"context"
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"math"
	"slices"
	"testing"

	"imlab/core/loss"
	"imlab/core/method"
	"imlab/core/problem"
	"imlab/core/sampling"
	"imlab/core/theory"
)

// adaptiveRuns are the adaptive configurations the tests run: the default
// (residue step) serially and with minibatches, and the safe step.
var adaptiveRuns = []struct {
	tau int
	cfg sampling.AdaptiveConfig
}{
	{1, sampling.DefaultAdaptive},
	{4, sampling.DefaultAdaptive},
	{4, sampling.AdaptiveConfig{Eta: 0.5, Epochs: 0.5, Step: sampling.SafeStep}},
}

func adaptivePlan(t testing.TB, pr *problem.Problem, tau int, cfg sampling.AdaptiveConfig) *theory.Plan {
	t.Helper()
	pl, err := theory.NewPlan(pr, theory.Spec{Sampling: sampling.AdaptiveImp, Tau: tau, Seed: 3, Adaptive: cfg})
	if err != nil {
		t.Fatal(err)
	}
	return pl
}

// TestAdaptiveReachesTarget: adaptive runs reach P(w) − P* ≤ 1e−10, P* from
// the Newton solve, for every loss, refreshing as configured; the safe rule's
// steps never exceed the safe θ of the probabilities in force, and w stays
// (1/λn) Σ α_i x_i through the refreshes.
func TestAdaptiveReachesTarget(t *testing.T) {
	ds := testData(t, 600, 40, 0.3, 11)
	for _, l := range testLosses {
		pr := testProblem(t, ds, l)
		pstar := testOptimum(t, pr)
		for _, ar := range adaptiveRuns {
			what := fmt.Sprintf("%s τ=%d %s", l, ar.tau, ar.cfg.Step)
			pl := adaptivePlan(t, pr, ar.tau, ar.cfg)
			s, err := New(pr, Options{Sampler: pl.Sampler, Theta: pl.Theta, Seed: 5})
			if err != nil {
				t.Fatal(err)
			}
			run := newRun(s, method.Stop{Gap: 1e-10, PStar: pstar, MaxPasses: 400, EvalEvery: 0.25})
			if err := run.Until(context.Background(), nil); err != nil {
				t.Fatalf("%s: %v", what, err)
			}
			x, ok := reached(run)
			if !ok {
				t.Fatalf("%s: gap %v after %v iterations/n", what, run.Trace()[len(run.Trace())-1].Gap, s.IterPerN())
			}
			thetas := s.Thetas()
			if want := s.Iter()/s.Period() + 1; len(thetas) != want || s.Period() != int(math.Ceil(ar.cfg.Epochs*600/float64(ar.tau))) {
				t.Errorf("%s: %d step sizes over %d iterations with period %d", what, len(thetas), s.Iter(), s.Period())
			}
			if thetas[0] != pl.Theta {
				t.Errorf("%s: first θ %v, plan's %v", what, thetas[0], pl.Theta)
			}
			ad := pl.Sampler.(*sampling.Adaptive)
			if ar.cfg.Step == sampling.SafeStep {
				v := theory.BucketV(ds, ad.Partition(), ad.Probabilities())
				if last, safe := thetas[len(thetas)-1], theory.Theta(ad.Probabilities(), v, pr.Lambda, pr.Loss.Gamma()); last != safe {
					t.Errorf("%s: last θ %v, safe θ of the sampling in force %v", what, last, safe)
				}
			}
			if slices.Equal(ad.Probabilities(), ad.Static()) {
				t.Errorf("%s: the probabilities never moved from the static ones", what)
			}
			if d, size := maxAbsDiff(s.W(), wFromAlpha(pr, s.Alpha())); d > 1e-9*math.Max(1, size) {
				t.Errorf("%s: w differs from (1/λn)Σα_i x_i by %v", what, d)
			}
			t.Logf("%s: %.3g iterations/n, %d refreshes", what, x, len(thetas)-1)
		}
	}
}

// TestAdaptiveWorkersAndRecorder: the iterates do not depend on the worker
// count, and a Recorder around the adaptive sampler changes nothing while
// counting only the minibatches used.
func TestAdaptiveWorkersAndRecorder(t *testing.T) {
	ds := testData(t, 500, 2000, 0.5, 12)
	pr := testProblem(t, ds, loss.Logistic{})
	const tau, iters = 16, 500
	var ref []float64
	for k, variant := range []string{"plain", "workers", "recorded"} {
		pl := adaptivePlan(t, pr, tau, sampling.AdaptiveConfig{Eta: 0.5, Epochs: 0.3, Step: sampling.ResidueStep})
		opt := Options{Sampler: pl.Sampler, Theta: pl.Theta, Seed: 9}
		var rec *sampling.Recorder
		switch variant {
		case "workers":
			opt.Workers = 2
		case "recorded":
			rec = sampling.NewRecorder(pl.Sampler, 10+MaxDrawnAhead)
			opt.Sampler = rec
		}
		s, err := New(pr, opt)
		if err != nil {
			t.Fatal(err)
		}
		s.parallelMin = 0 // split every minibatch when there are workers
		for range 10 {
			if err := s.Step(iters / 10); err != nil {
				t.Fatal(err)
			}
		}
		s.Close()
		if len(s.Thetas()) < 5 {
			t.Fatalf("%s: only %d refreshes in %d iterations", variant, len(s.Thetas())-1, iters)
		}
		got := append(slices.Clone(s.W()), s.Alpha()...)
		if k == 0 {
			ref = got
		} else if !slices.Equal(got, ref) {
			t.Errorf("%s: iterates differ from the plain run", variant)
		}
		if rec != nil {
			total := 0
			for _, v := range rec.Visits(s.Iter()) {
				total += v
			}
			if total != iters*tau {
				t.Errorf("recorded visits %d, want %d", total, iters*tau)
			}
		}
	}
}

// adaptiveGolden hashes, for each adaptiveRuns entry, the trace (t/n, P,
// gap), the step sizes and the final w and α of a logistic run on a small
// generated problem. The same constants must hold natively and under
// WebAssembly (./build.sh test runs core/ both ways): the adaptive
// probabilities, steps and iterates are the same bits on both. A change of
// numerics that is meant changes them once; the failure prints the new
// value.
var adaptiveGolden = []uint64{0x5a809fe94d96b7f8, 0xba3e9c2209d8db17, 0x917cf6a5af950a20}

func TestAdaptiveGolden(t *testing.T) {
	ds := testData(t, 400, 24, 0.5, 7)
	pr := testProblem(t, ds, loss.Logistic{})
	pstar := testOptimum(t, pr)
	for k, ar := range adaptiveRuns {
		pl := adaptivePlan(t, pr, ar.tau, ar.cfg)
		s, err := New(pr, Options{Sampler: pl.Sampler, Theta: pl.Theta, Seed: 5})
		if err != nil {
			t.Fatal(err)
		}
		run := newRun(s, method.Stop{Gap: 1e-8, PStar: pstar, MaxPasses: 100, EvalEvery: 0.5})
		if err := run.Until(context.Background(), nil); err != nil {
			t.Fatal(err)
		}
		h := fnv.New64a()
		put := func(xs ...float64) {
			var buf [8]byte
			for _, x := range xs {
				binary.LittleEndian.PutUint64(buf[:], math.Float64bits(x))
				h.Write(buf[:])
			}
		}
		for _, p := range run.Trace() {
			put(tn(p, ds.N), p.Primal, p.Gap)
		}
		put(s.Thetas()...)
		put(s.W()...)
		put(s.Alpha()...)
		if got := h.Sum64(); got != adaptiveGolden[k] {
			t.Errorf("adaptive run %d (τ=%d, %s step): hash %#016x, want %#016x", k, ar.tau, ar.cfg.Step, got, adaptiveGolden[k])
		}
	}
}
