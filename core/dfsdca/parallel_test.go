package dfsdca

import (
	"math"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"
	"time"

	"imlab/core/dataset"
	"imlab/core/loss"
	"imlab/core/method"
	"imlab/core/sampling"
)

// runTrace runs the sampling for budget iterations/n with the given worker
// count and parallel threshold, and returns the run and solver.
func runTrace(t *testing.T, ds *dataset.Dataset, name sampling.Kind, tau, workers, parallelMin int) (*method.Run, *Solver) {
	t.Helper()
	pr := testProblem(t, ds, loss.Logistic{})
	smp, theta := testPlan(t, pr, name, tau, 21)
	s, err := New(pr, Options{Sampler: smp, Theta: theta, Workers: workers, Seed: 22})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	if parallelMin >= 0 {
		// Split every minibatch of parallelMin non-zeros or more; leave the
		// tuner on for one threshold so that its choices are covered too.
		s.parallelMin = parallelMin
		s.tuner.always = parallelMin == 0
	}
	run := newRun(s, method.Stop{PStar: math.NaN(), MaxPasses: 3, EvalEvery: 0.5})
	if err := run.Until(t.Context(), nil); err != nil {
		t.Fatal(err)
	}
	return run, s
}

// TestWorkersBitIdentical: the trace (all but Seconds) and the final w and α
// are the same bits for 1, 2 and 4 workers, whether every minibatch is split
// (threshold 0) or only the larger ones are.
func TestWorkersBitIdentical(t *testing.T) {
	cases := []struct {
		name sampling.Kind
		ds   *dataset.Dataset
		tau  int
	}{
		{"dense imp", testData(t, 300, 60, 0.8, 31), 16},
		{"sparse nice", testData(t, 300, 200, 0.05, 32), 8},
		{"narrow nice", testData(t, 100, 3, 0.6, 33), 5}, // fewer features than workers
		{"wide imp", testData(t, 200, 300, 0.5, 37), 12}, // feature bounds on cache lines of w
	}
	for _, c := range cases {
		smp := sampling.Nice
		if strings.HasSuffix(string(c.name), "imp") {
			smp = sampling.Imp
		}
		base, s1 := runTrace(t, c.ds, smp, c.tau, 1, -1)
		for _, workers := range []int{2, 4} {
			for _, threshold := range []int{0, 400} {
				run, s := runTrace(t, c.ds, smp, c.tau, workers, threshold)
				if !sameBits(s1.W(), s.W()) || !sameBits(s1.Alpha(), s.Alpha()) {
					t.Errorf("%s, %d workers, threshold %d: final w or α differs from 1 worker", c.name, workers, threshold)
				}
				a, b := base.Trace(), run.Trace()
				if len(a) != len(b) {
					t.Fatalf("%s, %d workers: trace lengths %d and %d", c.name, workers, len(a), len(b))
				}
				for k := range a {
					if math.Float64bits(tn(a[k], c.ds.N)) != math.Float64bits(tn(b[k], c.ds.N)) ||
						math.Float64bits(a[k].Primal) != math.Float64bits(b[k].Primal) ||
						math.Float64bits(a[k].Gap) != math.Float64bits(b[k].Gap) {
						t.Errorf("%s, %d workers, threshold %d: point %d is %+v, want %+v",
							c.name, workers, threshold, k, b[k], a[k])
					}
				}
			}
		}
	}
}

func sameBits(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if math.Float64bits(a[i]) != math.Float64bits(b[i]) {
			return false
		}
	}
	return true
}

// TestFeatureBounds: the ranges cover [0, d) in order with about equal
// non-zero counts; with 64 features a part or more, their bounds are
// multiples of 8 (cache lines of w), the counts then within 4 features'.
func TestFeatureBounds(t *testing.T) {
	testFeatureBounds(t, testData(t, 200, 50, 0.3, 34), []int{2, 3, 4, 7}, 1)
	testFeatureBounds(t, testData(t, 100, 1100, 0.3, 34), []int{2, 3, 16}, 8)
}

func testFeatureBounds(t *testing.T, ds *dataset.Dataset, partCounts []int, line int) {
	counts := ds.FeatureCounts()
	for _, parts := range partCounts {
		b := featureBounds(ds, parts)
		for q := 1; q < parts; q++ {
			if b[q]%line != 0 {
				t.Errorf("d = %d, %d parts: bound %d is not a multiple of %d", ds.D, parts, b[q], line)
			}
		}
		if b[0] != 0 || b[parts] != ds.D {
			t.Fatalf("%d parts: bounds %v do not span [0, %d)", parts, b, ds.D)
		}
		maxCount := 0
		for _, c := range counts {
			maxCount = max(maxCount, c)
		}
		for q := 0; q < parts; q++ {
			if b[q] > b[q+1] {
				t.Fatalf("%d parts: bounds %v decrease", parts, b)
			}
			share := 0
			for j := b[q]; j < b[q+1]; j++ {
				share += counts[j]
			}
			if ideal, slack := ds.NNZ()/parts, (2*(line/2)+1)*maxCount; share > ideal+slack || share < ideal-slack {
				t.Errorf("%d parts: part %d holds %d non-zeros, ideal %d", parts, q, share, ideal)
			}
		}
	}
}

// TestCloseStopsWorkers: Close ends the helpers, is idempotent, and the
// solver keeps stepping sequentially afterwards.
func TestCloseStopsWorkers(t *testing.T) {
	ds := testData(t, 100, 20, 0.5, 35)
	pr := testProblem(t, ds, loss.Square{})
	smp, theta := testPlan(t, pr, "nice", 4, 1)
	s, err := New(pr, Options{Sampler: smp, Theta: theta, Workers: 4})
	if err != nil {
		t.Fatal(err)
	}
	if got := helpers(3); got != 3 {
		t.Errorf("4 workers: %d helper goroutines, want 3", got)
	}
	s.Close()
	s.Close()
	if got := helpers(0); got != 0 {
		t.Errorf("after Close: %d helper goroutines remain", got)
	}
	if err := s.Step(100); err != nil || s.Iter() != 100 {
		t.Errorf("Step after Close: %v, %d iterations", err, s.Iter())
	}
}

// helpers counts the pool helper goroutines, started or not, waiting up to
// a second for the count to become want: a helper that has signalled its
// exit may still be listed for a moment.
func helpers(want int) int {
	buf := make([]byte, 1<<20)
	var got int
	for try := 0; try < 100; try++ {
		got = strings.Count(string(buf[:runtime.Stack(buf, true)]), "created by imlab/core/dfsdca.newPool")
		if got == want {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	return got
}

// TestPoolHandOffs runs many tiny sessions of one to three iterations,
// where session starts and barriers race each other hardest, and checks
// after each that w and α are the sequential solver's bits.
func TestPoolHandOffs(t *testing.T) {
	ds := testData(t, 64, 8, 0.9, 36)
	pr := testProblem(t, ds, loss.Logistic{})
	smp, theta := testPlan(t, pr, sampling.Nice, 7, 1)
	rounds := 20000
	if testing.Short() {
		rounds = 2000
	}
	for _, parts := range []int{2, 3, 4} {
		seq, err := New(pr, Options{Sampler: smp, Theta: theta, Seed: 2})
		if err != nil {
			t.Fatal(err)
		}
		par, err := New(pr, Options{Sampler: smp, Theta: theta, Workers: parts, Seed: 2})
		if err != nil {
			t.Fatal(err)
		}
		par.parallelMin, par.tuner.always = 0, true
		for r := 0; r < rounds; r++ {
			k := 1 + r%3
			if err := seq.Step(k); err != nil {
				t.Fatal(err)
			}
			if err := par.Step(k); err != nil {
				t.Fatal(err)
			}
			if !sameBits(seq.W(), par.W()) || !sameBits(seq.Alpha(), par.Alpha()) || seq.Iter() != par.Iter() {
				par.Close()
				t.Fatalf("%d parts, round %d: w or α differs from the sequential solver's", parts, r)
			}
		}
		par.Close()
	}
}

// TestSetWorkers: changing the worker count between Step calls, up, down,
// to sequential and back, keeps the sequential solver's bits.
func TestSetWorkers(t *testing.T) {
	ds := testData(t, 200, 300, 0.5, 38)
	pr := testProblem(t, ds, loss.Logistic{})
	smp, theta := testPlan(t, pr, sampling.Imp, 16, 1)
	seq, err := New(pr, Options{Sampler: smp, Theta: theta, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	par, err := New(pr, Options{Sampler: smp, Theta: theta, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	defer par.Close()
	for r, workers := range []int{3, 2, 1, 4, 0, 2, 2} {
		if err := par.SetWorkers(workers); err != nil {
			t.Fatal(err)
		}
		if got := par.Workers(); got != max(workers, 1) {
			t.Errorf("SetWorkers(%d): Workers() = %d", workers, got)
		}
		par.parallelMin, par.tuner.always = 0, true
		if err := seq.Step(50); err != nil {
			t.Fatal(err)
		}
		if err := par.Step(50); err != nil {
			t.Fatal(err)
		}
		if !sameBits(seq.W(), par.W()) || !sameBits(seq.Alpha(), par.Alpha()) {
			t.Fatalf("step %d, %d workers: w or α differs from the sequential solver's", r, workers)
		}
	}
	if err := par.SetWorkers(MaxWorkers + 1); err == nil {
		t.Errorf("SetWorkers(%d) accepted", MaxWorkers+1)
	}
	par.Close()
	if got := helpers(0); got != 0 {
		t.Errorf("after Close: %d helper goroutines remain", got)
	}
}

// TestSplitTuner: both modes are measured first (after a warm-up), then
// the faster one is used except for exploring bursts.
func TestSplitTuner(t *testing.T) {
	for _, splitFaster := range []bool{true, false} {
		splitTime, seqTime := 3*time.Microsecond, 2*time.Microsecond
		if splitFaster {
			splitTime = time.Microsecond
		}
		var tu modeTuner
		decide := func() bool {
			split := tu.choose()
			d := seqTime
			if split {
				d = splitTime
			}
			tu.record(split, d, 1000)
			return split
		}
		for k := 0; k <= switchWarmup; k++ {
			if !decide() {
				t.Fatalf("decision %d: the split mode should be measured first", k)
			}
		}
		for k := 0; k <= switchWarmup; k++ {
			if decide() {
				t.Fatalf("decision %d: the sequential mode should be measured next", k)
			}
		}
		const rounds = 5
		splits, explored := 0, 0
		for range rounds * explorePeriod {
			if decide() {
				splits++
			}
			if tu.explored {
				explored++
			}
		}
		if explored != rounds*exploreBurst {
			t.Errorf("split faster = %v: %d decisions flagged exploring, want %d", splitFaster, explored, rounds*exploreBurst)
		}
		want := rounds * exploreBurst // the exploring decisions
		if splitFaster {
			want = rounds * (explorePeriod - exploreBurst)
		}
		if splits != want {
			t.Errorf("split faster = %v: split %d of %d times, want %d", splitFaster, splits, rounds*explorePeriod, want)
		}
		if math.Abs(tu.cost[1]*1e3-splitTime.Seconds()) > 1e-15 || math.Abs(tu.cost[0]*1e3-seqTime.Seconds()) > 1e-15 {
			t.Errorf("measured costs %v per non-zero, want %v and %v per 1000", tu.cost, seqTime, splitTime)
		}
	}

	// The first decisions after a switch are not measured; later ones move
	// the estimate by costSmoothing of the way.
	tu := modeTuner{cost: [2]float64{1e-9, 1e-9}, last: false, streak: 50}
	tu.decisions = exploreBurst // past the exploring burst: split (equal costs) is not faster
	if tu.choose() {
		t.Fatal("equal costs should keep the sequential mode")
	}
	tu.decisions = 0 // exploring burst: switch to split
	for k := 1; k <= switchWarmup+1; k++ {
		if !tu.choose() {
			t.Fatal("exploring burst should split")
		}
		tu.record(true, 5*time.Microsecond, 1000)
		want := 1e-9
		if k > switchWarmup {
			want += costSmoothing * (5e-9 - 1e-9)
		}
		if math.Abs(tu.cost[1]-want) > 1e-20 {
			t.Errorf("decision %d after the switch: split cost %g, want %g", k, tu.cost[1], want)
		}
	}
}

// repeating breaks the Sampler's promise of distinct examples: every other
// minibatch lists the first member of its second half again as the last of
// its first half. Split between two parts, the second would then read α_i
// before the first had updated it, as sequentially it would not.
type repeating struct {
	sampling.Sampler
	draws int
}

func (r *repeating) Sample(rng *rand.Rand, dst []int) []int {
	b := r.Sampler.Sample(rng, dst)
	if r.draws++; r.draws%2 == 0 {
		b[len(b)/2-1] = b[len(b)/2]
	}
	return b
}

// A minibatch with a repeated example runs on one part, in order, so that
// split runs keep the sequential bits even for a sampler that repeats.
func TestWorkersRepeatedExample(t *testing.T) {
	ds := testData(t, 300, 60, 0.8, 31)
	pr := testProblem(t, ds, loss.Logistic{})
	final := func(workers int) *Solver {
		smp, theta := testPlan(t, pr, sampling.Imp, 16, 21)
		s, err := New(pr, Options{Sampler: &repeating{Sampler: smp}, Theta: theta, Workers: workers, Seed: 22})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(s.Close)
		s.parallelMin, s.tuner.always = 0, true // split every minibatch it may
		if err := s.Step(3 * ds.N / 16); err != nil {
			t.Fatal(err)
		}
		return s
	}
	one, two := final(1), final(2)
	if !sameBits(one.W(), two.W()) || !sameBits(one.Alpha(), two.Alpha()) {
		t.Error("with repeated examples, 2 workers end at another w or α than 1")
	}
}

// TestRowsTuner: past the prefetch budget (lowered here to nothing) the
// rows tuners, of split and of unsplit minibatches, measure whole rows and
// first lines both, and the iterates are those of a run within the budget
// whichever they pick.
func TestRowsTuner(t *testing.T) {
	ds := testData(t, 300, 60, 0.8, 31)
	pr := testProblem(t, ds, loss.Logistic{})
	const tau, calls = 16, 40
	var runs [3]*Solver
	for k, workers := range []int{1, 1, 2} {
		smp, theta := testPlan(t, pr, sampling.Imp, tau, 21)
		s, err := New(pr, Options{Sampler: smp, Theta: theta, Workers: workers, Seed: 22})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(s.Close)
		if k > 0 {
			s.rowsBudget = 0
		}
		if workers > 1 {
			s.parallelMin, s.tuner.always = 0, true
			s.pool.wholeBytes = 0
		}
		for range calls {
			if err := s.Step(10); err != nil {
				t.Fatal(err)
			}
		}
		runs[k] = s
	}
	base, seq, par := runs[0], runs[1], runs[2]
	for _, c := range []struct {
		name string
		tu   modeTuner
	}{{"unsplit (seqRows)", seq.seqRows}, {"split (rows)", par.rows}} {
		if c.tu.cost[0] == 0 || c.tu.cost[1] == 0 || c.tu.decisions != calls {
			t.Errorf("%s past the budget: costs %v (first lines, whole) after %d decisions, want both measured in %d",
				c.name, c.tu.cost, c.tu.decisions, calls)
		}
	}
	if base.seqRows.decisions != 0 {
		t.Errorf("within the budget the unsplit rows tuner decided %d times", base.seqRows.decisions)
	}
	for _, s := range []*Solver{seq, par} {
		if !sameBits(base.W(), s.W()) || !sameBits(base.Alpha(), s.Alpha()) {
			t.Errorf("%d workers past the budget: final w or α differs", s.workers)
		}
	}
}
