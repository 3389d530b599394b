package labtest

import (
	"context"
	"math"
	"testing"

	"imlab/core/dataset"
	"imlab/core/experiment"
	"imlab/core/method"
	"imlab/core/optimum"
	"imlab/core/problem"
	"imlab/core/synth"
	"imlab/ui/lab/setup"
)

// Small is the default settings at n = 400, d = 20 and τ = 1, 4, 16: runs
// of a few milliseconds.
func Small() setup.Settings {
	s := setup.DefaultSettings()
	s.N, s.D, s.Taus = 400, 20, []int{1, 4, 16}
	return s
}

// Data makes the preset's data set afresh, as each worker does.
func Data(t testing.TB, s setup.Settings) *dataset.Dataset {
	t.Helper()
	ds, err := synth.Generate(s.Synth())
	if err != nil {
		t.Fatal(err)
	}
	return ds
}

// SolvedPreset generates s's data and poses its problem at the default λ,
// with P* solved, as the page does at load.
func SolvedPreset(t testing.TB, s setup.Settings) (*problem.Problem, *optimum.Result) {
	t.Helper()
	ds := Data(t, s)
	pr, err := problem.New(ds, s.Loss.Loss(), problem.DefaultLambda(ds))
	if err != nil {
		t.Fatal(err)
	}
	res, err := optimum.Solve(pr, optimum.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return pr, res
}

// Pool is the small preset, its optimum, and the traces of the whole
// experiment run in one thread, one job after another: what any pool of
// workers must merge, bit for bit.
type Pool struct {
	S      setup.Settings
	Lambda float64
	PStar  float64
	Want   [][]method.Point
}

// NewPool runs the small preset's experiment.
func NewPool(t testing.TB) Pool {
	t.Helper()
	s := Small()
	pr, res := SolvedPreset(t, s)
	exp, err := experiment.New(pr, res.P, experiment.Config{Taus: s.Taus, Eps: s.Eps, Partition: s.Partition,
		Seed: s.Seed, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	if err := exp.Until(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	f := Pool{S: s, Lambda: pr.Lambda, PStar: res.P}
	for _, j := range exp.Jobs() {
		f.Want = append(f.Want, j.Run.Trace())
	}
	return f
}

// SameTraces compares traces bit for bit, but for the solver's own time.
func SameTraces(t testing.TB, what string, got, want [][]method.Point) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %d traces, want %d", what, len(got), len(want))
	}
	bits := math.Float64bits
	for k := range want {
		if len(got[k]) != len(want[k]) {
			t.Errorf("%s: job %d: %d points, want %d", what, k, len(got[k]), len(want[k]))
			continue
		}
		for i, p := range want[k] {
			q := got[k][i]
			if bits(q.Passes) != bits(p.Passes) || q.Iter != p.Iter || bits(q.Primal) != bits(p.Primal) || bits(q.Gap) != bits(p.Gap) {
				t.Errorf("%s: job %d point %d: %+v, want %+v", what, k, i, q, p)
				break
			}
		}
	}
}

// Posed is spec's problem on ds (experiment.Spec.Problem), for a test that
// runs a job alone.
func Posed(t testing.TB, ds *dataset.Dataset, spec experiment.Spec) *problem.Problem {
	t.Helper()
	pr, err := spec.Problem(ds)
	if err != nil {
		t.Fatal(err)
	}
	return pr
}
