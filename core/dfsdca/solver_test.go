package dfsdca

import (
	"errors"
	"imlab/core/method"
	"math"
	"strings"
	"testing"

	"math/rand/v2"

	"imlab/core/dataset"
	"imlab/core/loss"
	"imlab/core/problem"
	"imlab/core/sampling"
)

// reference runs Algorithm 1 exactly as the paper writes it, with its own
// sampler stream, and returns w and α after iters iterations.
func reference(pr *problem.Problem, smp sampling.Sampler, theta float64, seed uint64, iters int) (w, alpha []float64) {
	ds := pr.Data
	n := float64(ds.N)
	p := smp.Probabilities()
	w = make([]float64, ds.D)
	alpha = make([]float64, ds.N)
	r := sampling.NewRand(seed)
	var batch []int
	delta := map[int]float64{}
	for t := 0; t < iters; t++ {
		batch = smp.Sample(r, batch[:0])
		clear(delta)
		for _, i := range batch {
			delta[i] = pr.Loss.Deriv(problem.Dot(ds, i, w), ds.Y[i]) + alpha[i]
		}
		for _, i := range batch {
			alpha[i] -= float64(theta / p[i] * delta[i])
			idx, val := ds.Row(i)
			for k, j := range idx {
				w[j] -= float64(theta / (n * pr.Lambda * p[i]) * delta[i] * val[k])
			}
		}
	}
	return w, alpha
}

// TestMatchesAlgorithm1 compares the solver with the paper's pseudocode;
// rounding differs (the solver precomputes θ/(nλp_i)), so the comparison is
// to 1e−12 relative to max_j |w_j|.
func TestMatchesAlgorithm1(t *testing.T) {
	ds := testData(t, 200, 25, 0.6, 1)
	for _, l := range testLosses {
		pr := testProblem(t, ds, l)
		for _, name := range []sampling.Kind{sampling.Uniform, sampling.Importance, sampling.Nice, sampling.Imp} {
			tau := 1
			if name == "nice" || name == "imp" {
				tau = 8
			}
			smp, theta := testPlan(t, pr, name, tau, 3)
			s, err := New(pr, Options{Sampler: smp, Theta: theta, Seed: 5})
			if err != nil {
				t.Fatal(err)
			}
			const iters = 3000
			if err := s.Step(iters); err != nil {
				t.Fatal(err)
			}
			smp2, _ := testPlan(t, pr, name, tau, 3)
			w, alpha := reference(pr, smp2, theta, 5, iters)
			if diff, size := maxAbsDiff(w, s.W()); diff > 1e-12*size || size == 0 {
				t.Errorf("%s %s: w differs from Algorithm 1 by %g (max |w_j| = %g)", l, name, diff, size)
			}
			if diff, size := maxAbsDiff(alpha, s.Alpha()); diff > 1e-12*size {
				t.Errorf("%s %s: α differs from Algorithm 1 by %g (max |α_i| = %g)", l, name, diff, size)
			}
			if s.Iter() != iters || s.IterPerN() != float64(iters)/float64(ds.N) {
				t.Errorf("Iter = %d, IterPerN = %v after %d iterations", s.Iter(), s.IterPerN(), iters)
			}
		}
	}
}

func TestDivergenceIsAnError(t *testing.T) {
	ds := testData(t, 100, 10, 0.7, 2)
	for _, l := range testLosses {
		pr := testProblem(t, ds, l)
		smp, theta := testPlan(t, pr, "nice", 4, 1)
		s, err := New(pr, Options{Sampler: smp, Theta: 1e4 * theta, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		err = s.Step(1_000_000)
		if !errors.Is(err, ErrDiverged) {
			t.Fatalf("%s: θ far too large: Step returned %v, want ErrDiverged", l, err)
		}
		if s.Iter() >= 1_000_000 {
			t.Errorf("%s: divergence detected only at the end", l)
		}
		for j, wj := range s.W() {
			if math.IsNaN(wj) {
				t.Fatalf("%s: w[%d] is NaN after detection; the failing update must not be applied", l, j)
			}
		}
		iter := s.Iter()
		if err := s.Step(10); !errors.Is(err, ErrDiverged) || s.Iter() != iter {
			t.Errorf("%s: Step after divergence: err %v, iterations %d → %d", l, err, iter, s.Iter())
		}

		// Through a Run: an error (the solver's ErrDiverged, or the Run's
		// when P is the first to be non-finite), a NotFinite status, and no
		// non-finite point in the trace.
		s, _ = New(pr, Options{Sampler: smp, Theta: 1e4 * theta, Seed: 1})
		run := newRun(s, method.Stop{Gap: 1e-10, PStar: math.NaN(), MaxPasses: 1e6})
		err = run.Until(t.Context(), nil)
		if !errors.Is(err, ErrDiverged) && !errors.Is(err, method.ErrDiverged) || run.Status().Reason != method.NotFinite {
			t.Errorf("%s: Until returned %v, status %v; want ErrDiverged, not finite", l, err, run.Status().Reason)
		}
		for _, pt := range run.Trace() {
			if math.IsNaN(pt.Primal+pt.Gap) || math.IsInf(pt.Primal+pt.Gap, 0) {
				t.Errorf("%s: trace holds a non-finite point %+v", l, pt)
			}
		}
		if done, again := run.Advance(10); !done || again != err {
			t.Errorf("%s: Advance after divergence = %v, %v", l, done, err)
		}
	}
}

func TestBadOptions(t *testing.T) {
	ds := testData(t, 50, 5, 0.8, 3)
	pr := testProblem(t, ds, loss.Logistic{})
	uniform := sampling.NewUniform(ds.N)
	other := sampling.NewUniform(ds.N + 1)
	zeroP := badSampler{p: make([]float64, ds.N)}
	broken := &dataset.Dataset{N: 2, D: 1, RowPtr: []int{0, 1, 2}, Col: []int32{0, 3}, Val: []float64{1, 1}, Y: []float64{1, -1}}
	cases := []struct {
		name sampling.Kind
		pr   *problem.Problem
		opt  Options
		want string
	}{
		{"nil problem", nil, Options{Sampler: uniform, Theta: 0.1}, "nil problem"},
		{"nil sampler", pr, Options{Theta: 0.1}, "nil sampler"},
		{"zero θ", pr, Options{Sampler: uniform}, "θ = 0"},
		{"negative θ", pr, Options{Sampler: uniform, Theta: -1}, "θ = -1"},
		{"NaN θ", pr, Options{Sampler: uniform, Theta: math.NaN()}, "θ = NaN"},
		{"infinite θ", pr, Options{Sampler: uniform, Theta: math.Inf(1)}, "θ = +Inf"},
		{"wrong n", pr, Options{Sampler: other, Theta: 0.1}, "over 51 examples, data set has 50"},
		{"zero p_i", pr, Options{Sampler: zeroP, Theta: 0.1}, "example 0 probability 0"},
		{"negative workers", pr, Options{Sampler: uniform, Theta: 0.1, Workers: -2}, "-2 workers"},
		{"too many workers", pr, Options{Sampler: uniform, Theta: 0.1, Workers: 257}, "257 workers"},
		{"nil loss", &problem.Problem{Data: ds, Lambda: 1}, Options{Sampler: uniform, Theta: 0.1}, "nil loss"},
		{"bad λ", &problem.Problem{Data: ds, Loss: loss.Square{}, Lambda: math.NaN()}, Options{Sampler: uniform, Theta: 0.1}, "λ = NaN"},
		{"invalid data", &problem.Problem{Data: broken, Loss: loss.Square{}, Lambda: 1},
			Options{Sampler: sampling.NewUniform(2), Theta: 0.1}, "row 1, entry 0, index 3"},
	}
	for _, c := range cases {
		s, err := New(c.pr, c.opt)
		if err == nil {
			s.Close()
			t.Errorf("%s: no error", c.name)
			continue
		}
		if !errors.Is(err, ErrOptions) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %q, want ErrOptions mentioning %q", c.name, err, c.want)
		}
	}
}

// badSampler has the given probabilities and always draws example 0.
type badSampler struct{ p []float64 }

func (b badSampler) Sample(_ *rand.Rand, dst []int) []int { return append(dst[:0], 0) }
func (b badSampler) Probabilities() []float64             { return b.p }
func (b badSampler) MaxSize() int                         { return 1 }
func (b badSampler) String() string                       { return "bad" }

// TestStepSerialBits runs the serial path (stepSerial) and the general one
// (step) side by side on serial samplings, in chunks that cross the draw
// blocks, and requires the same bits of w and α, the same iteration count
// and, with θ far too large, the same failing iteration and state.
func TestStepSerialBits(t *testing.T) {
	ds := testData(t, 150, 20, 0.6, 4)
	diverged := 0
	for _, l := range testLosses {
		pr := testProblem(t, ds, l)
		for _, name := range []sampling.Kind{sampling.Uniform, sampling.Importance, sampling.Nice} {
			smp, theta := testPlan(t, pr, name, 1, 7)
			for _, scale := range []float64{1, 1e4} {
				serial, err := New(pr, Options{Sampler: smp, Theta: scale * theta, Seed: 9})
				if err != nil {
					t.Fatal(err)
				}
				general, _ := New(pr, Options{Sampler: smp, Theta: scale * theta, Seed: 9})
				if !serial.serial || serial.pool != nil {
					t.Fatalf("%s/%s: the solver does not take the serial path", l, name)
				}
				for _, k := range []int{1, 2, 255, 256, 300, 1000, 3000} {
					okS, okG := serial.stepSerial(k), general.step(k)
					if okS != okG || serial.iter != general.iter || serial.head != general.head {
						t.Fatalf("%s/%s θ×%g: serial ok=%v t=%d, general ok=%v t=%d", l, name, scale, okS, serial.iter, okG, general.iter)
					}
					for _, pair := range [][2][]float64{{serial.w, general.w}, {serial.alpha, general.alpha}} {
						for j := range pair[0] {
							if math.Float64bits(pair[0][j]) != math.Float64bits(pair[1][j]) {
								t.Fatalf("%s/%s θ×%g, t=%d: coordinate %d differs: %v, %v", l, name, scale, serial.iter, j, pair[0][j], pair[1][j])
							}
						}
					}
					if !okS {
						diverged++
						break
					}
				}
			}
		}
	}
	if diverged == 0 {
		t.Error("no run diverged: the test does not compare the failing iteration")
	}
}
