package experiment

import (
	"context"
	"encoding/binary"
	"fmt"
	"hash"
	"hash/fnv"
	"math"
	"sort"
	"strings"
	"testing"

	"imlab/core/dataset"
	"imlab/core/dfsdca"
	"imlab/core/loss"
	"imlab/core/method"
	"imlab/core/method/catalog"
	"imlab/core/optimum"
	"imlab/core/problem"
	"imlab/core/sampling"
	"imlab/core/synth"
	"imlab/core/theory"
)

// goldenHashes are FNV-64a hashes of every bit the pipeline produces on a
// small generated problem: the data, P* and w* of the optimum solve, and for
// every loss and sampling a short dfSDCA run's trace (t/n, P, gap), the
// crossing interpolated in it, and the final w and α.
//
// The same constants must hold natively and under WebAssembly (./build.sh
// test runs this package both ways), which proves that the command-line tool
// and the page compute the same bits. A change of numerics that is meant
// (a new kernel, a new exp, another tolerance) changes them once, on
// purpose: the failure message prints the new table to paste here.
//
// They hold where Go rounds every operation separately: amd64 at its default
// GOAMD64=v1, and wasm. Where the compiler fuses x*y+z into one FMA (arm64,
// GOAMD64=v3) every stage differs, starting with the generated data; only
// core/fmath is written to be immune to that.
var goldenHashes = map[string]uint64{
	"data":                         0x9c3a5cc216745fe3,
	"logistic/optimum":             0xb1bd089676e932d0,
	"logistic/uniform/τ=1":         0x1562085ac527fa23,
	"logistic/importance/τ=1":      0xa87b30c3c9d03fa7,
	"logistic/nice/τ=1":            0x1562085ac527fa23,
	"logistic/nice/τ=4":            0x441b26b56097499a,
	"logistic/imp/τ=4":             0xf622643dc445d05e,
	"logistic/imp/τ=4/bound":       0xbdd836130ad96dc9,
	"square/optimum":               0x40b9f77f1a842398,
	"square/uniform/τ=1":           0x414855143026d9a9,
	"square/importance/τ=1":        0x92c2bfb46f0ca40e,
	"square/nice/τ=1":              0x414855143026d9a9,
	"square/nice/τ=4":              0xcfd7e8bd0cf2957a,
	"square/imp/τ=4":               0x89ace7819cf19ea1,
	"square/imp/τ=4/bound":         0x0fcb62404dea4415,
	"smoothhinge:1/optimum":        0x08c5b4d3dbcc27cc,
	"smoothhinge:1/uniform/τ=1":    0x940f8c90b322615a,
	"smoothhinge:1/importance/τ=1": 0x6eee3fd092fa6853,
	"smoothhinge:1/nice/τ=1":       0x940f8c90b322615a,
	"smoothhinge:1/nice/τ=4":       0x76e5d1c63b008622,
	"smoothhinge:1/imp/τ=4":        0x2013de5a26a17ac3,
	"smoothhinge:1/imp/τ=4/bound":  0x0758fd343ca772bb,
}

// goldenData is small enough to run in a second under node, heterogeneous
// enough (χ²₁ norms) that importance sampling differs from uniform, and
// dense enough that every kernel takes its unrolled path.
var goldenData = synth.Config{N: 400, D: 24, Density: 0.5, Norms: synth.Norms{Paper: synth.ChiSq1Law}, Seed: 7}

// goldenRuns are the samplings of the golden test; "/bound" runs with P*
// unknown, so that its gap column is the certified bound ‖∇P‖²/(2λ).
var goldenRuns = []struct {
	sampling sampling.Kind
	tau      int
	bound    bool
}{
	{"uniform", 1, false}, {"importance", 1, false}, {"nice", 1, false},
	{"nice", 4, false}, {"imp", 4, false}, {"imp", 4, true},
}

// bitHash hashes float64 values by their bits, with labels between groups.
type bitHash struct{ h hash.Hash64 }

func newBitHash() bitHash { return bitHash{fnv.New64a()} }

func (b bitHash) label(s string) { b.h.Write([]byte(s)) }

func (b bitHash) floats(xs ...float64) {
	var buf [8]byte
	for _, x := range xs {
		binary.LittleEndian.PutUint64(buf[:], math.Float64bits(x))
		b.h.Write(buf[:])
	}
}

func (b bitHash) sum() uint64 { return b.h.Sum64() }

// goldenPipeline computes the hash of every stage named in goldenHashes.
func goldenPipeline(t *testing.T) map[string]uint64 {
	t.Helper()
	got := map[string]uint64{}
	ds, err := synth.Generate(goldenData)
	if err != nil {
		t.Fatal(err)
	}
	got["data"] = hashData(ds)
	for _, name := range []string{"logistic", "square", "smoothhinge:1"} {
		l, err := loss.Parse(name)
		if err != nil {
			t.Fatal(err)
		}
		pr, err := problem.New(ds, l, problem.DefaultLambda(ds))
		if err != nil {
			t.Fatal(err)
		}
		opt, err := optimum.Solve(pr, optimum.Options{})
		if err != nil {
			t.Fatalf("%s: P*: %v", name, err)
		}
		h := newBitHash()
		h.floats(opt.P)
		h.floats(opt.W...)
		got[name+"/optimum"] = h.sum()
		for _, run := range goldenRuns {
			key := fmt.Sprintf("%s/%s/τ=%d", name, run.sampling, run.tau)
			pstar := opt.P
			if run.bound {
				key, pstar = key+"/bound", math.NaN()
			}
			got[key] = hashRun(t, pr, run.sampling, run.tau, pstar, 0)
		}
	}
	return got
}

func hashData(ds *dataset.Dataset) uint64 {
	h := newBitHash()
	h.label(fmt.Sprintf("%d×%d:", ds.N, ds.D))
	for i := range ds.N {
		idx, val := ds.Row(i)
		h.label(fmt.Sprint(idx))
		h.floats(val...)
		h.floats(ds.Y[i])
	}
	return h.sum()
}

// hashRun runs three passes of dfSDCA, evaluating P every half pass, and
// hashes the plan's step size, the trace, the crossing of the gap halfway
// (in log scale) between its first and last values, and w and α. The run's
// step size is the plan's moved by nudge ulps (0 in the golden runs).
func hashRun(t *testing.T, pr *problem.Problem, smp sampling.Kind, tau int, pstar float64, nudge int) uint64 {
	t.Helper()
	plan, err := theory.NewPlan(pr, theory.Spec{Sampling: smp, Tau: tau, Partition: sampling.RandomRule, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	theta := math.Float64frombits(math.Float64bits(plan.Theta) + uint64(nudge))
	s, err := dfsdca.New(pr, dfsdca.Options{Sampler: plan.Sampler, Theta: theta, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	run := method.NewRun(s, method.Stop{PStar: pstar, Axis: method.Iterations, MaxPasses: 3, EvalEvery: 0.5})
	if err := run.Until(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	h := newBitHash()
	h.floats(plan.Theta)
	h.label("trace")
	tr := run.Trace()
	for _, pt := range tr {
		h.floats(method.Iterations.Of(pt, pr.Data.N), pt.Primal, pt.Gap)
	}
	eps := math.Sqrt(tr[0].Gap * tr[len(tr)-1].Gap)
	x, ok := Crossing(catalog.DFSDCA, tr, pr.Data.N, tau, eps)
	if !ok {
		t.Fatalf("%s τ=%d: the gap never falls to %v", smp, tau, eps)
	}
	h.label("crossing")
	h.floats(x)
	h.label("w")
	h.floats(s.W()...)
	h.label("alpha")
	h.floats(s.Alpha()...)
	return h.sum()
}

// TestGoldenHashes compares every stage's hash with goldenHashes.
func TestGoldenHashes(t *testing.T) {
	got := goldenPipeline(t)
	var bad []string
	for key, want := range goldenHashes {
		if got[key] != want {
			bad = append(bad, fmt.Sprintf("%s: %#016x, want %#016x", key, got[key], want))
		}
	}
	if len(got) != len(goldenHashes) {
		t.Errorf("%d stages hashed, %d in the table", len(got), len(goldenHashes))
	}
	if len(bad) == 0 {
		return
	}
	sort.Strings(bad)
	t.Errorf("golden hashes differ (the pipeline's bits changed):\n%s", strings.Join(bad, "\n"))
	keys := make([]string, 0, len(got))
	for k := range got {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var table strings.Builder
	for _, k := range keys {
		fmt.Fprintf(&table, "\t%q: %#016x,\n", k, got[k])
	}
	t.Logf("if the change is meant, the new table is:\n%s", table.String())
}

// TestGoldenSeesOneULP: a run whose step size θ is one ulp larger (the
// trace's own θ hashed as the plan gave it) no longer matches its golden
// hash, so a change in the last bit of anything the iterates depend on
// fails TestGoldenHashes.
func TestGoldenSeesOneULP(t *testing.T) {
	ds, err := synth.Generate(goldenData)
	if err != nil {
		t.Fatal(err)
	}
	pr, err := problem.New(ds, loss.Logistic{}, problem.DefaultLambda(ds))
	if err != nil {
		t.Fatal(err)
	}
	const key = "logistic/imp/τ=4/bound"
	if got := hashRun(t, pr, "imp", 4, math.NaN(), 1); got == goldenHashes[key] {
		t.Errorf("θ one ulp larger still gives %s's golden hash %#x", key, got)
	}
}

// TestBitHashSeesOneBit: the hash of a trace changes when one value moves
// by one ulp, or when two values swap.
func TestBitHashSeesOneBit(t *testing.T) {
	xs := []float64{0.25, 1.0 / 3, 1e-300, -2}
	base := newBitHash()
	base.floats(xs...)
	for i := range xs {
		ys := append([]float64(nil), xs...)
		ys[i] = math.Nextafter(ys[i], math.Inf(1))
		h := newBitHash()
		h.floats(ys...)
		if h.sum() == base.sum() {
			t.Errorf("one ulp at %d left the hash unchanged", i)
		}
	}
	swapped := newBitHash()
	swapped.floats(xs[1], xs[0], xs[2], xs[3])
	if swapped.sum() == base.sum() {
		t.Error("swapping two values left the hash unchanged")
	}
}
