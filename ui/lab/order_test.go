package lab

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"imlab/core/method"
	"imlab/core/problem"
	"imlab/core/sampling"
	"imlab/ui/lab/internal/labtest"
	"imlab/ui/lab/setup"
	"imlab/ui/lab/worker"
)

// The predicted θ behind JobCost is the plan's within 20 % for τ-nice on
// the page's presets (dense data); for τ-importance it ignores how unequal
// the random buckets are, and over-estimates θ by up to 2× when they are
// small (400 examples in 32 buckets), which impIterFactor takes back in
// part. The order is longest first: τ-nice at the largest τ before
// anything else.
func TestJobCostFollowsThePlans(t *testing.T) {
	s := labtest.Small()
	s.Taus = []int{1, 2, 4, 8, 16, 32}
	ds := labtest.Data(t, s)
	st := ds.Summarize()
	specs := worker.JobSpecs(s, problem.DefaultLambda(ds), 0)
	for _, spec := range specs {
		run, err := worker.NewJobRun(labtest.Posed(t, ds, spec), spec)
		if err != nil {
			t.Fatal(err)
		}
		plan := run.Advance(0).Plan.Theory.Step // θ, for dfSDCA
		run.Close()
		predicted := (float64(spec.Tau) + evalPerIter) * float64(st.NNZ) / float64(st.N) / JobCost(spec, st)
		hi := 1.2
		if spec.Sampling == sampling.Imp {
			predicted *= impIterFactor
			hi = 2
		}
		if r := predicted / plan; !(r > 0.8 && r < hi) {
			t.Errorf("%s τ=%d: predicted θ %.4g, the plan's %.4g", spec.Sampling, spec.Tau, predicted, plan)
		}
	}
	order := longestFirst(specs, func(j worker.JobSpec) float64 { return JobCost(j, st) })
	if first := specs[order[0]]; first.Sampling != sampling.Nice || first.Tau != 32 {
		t.Errorf("first job %s τ=%d, want τ-nice τ=32", first.Sampling, first.Tau)
	}
}

// JobCost follows the work the jobs do (counted from their traces, not
// timed: the example-updates of their iterations and the examples their
// evaluations of P read, at half an update each) within 1.6× across τ = 1…32
// and both samplings, on 2,000 examples; without the evaluations and the
// τ-importance factor (the fifth session's model) it was 5.3×.
func TestJobCostFollowsTheWork(t *testing.T) {
	s := setup.DefaultSettings()
	s.N, s.D = 2000, 50
	pr, res := labtest.SolvedPreset(t, s)
	ds, lambda := pr.Data, pr.Lambda
	st := ds.Summarize()
	lo, hi := math.Inf(1), 0.0
	for _, spec := range worker.JobSpecs(s, lambda, res.P) {
		run, err := worker.NewJobRun(labtest.Posed(t, ds, spec), spec)
		if err != nil {
			t.Fatal(err)
		}
		var points []method.Point
		for {
			u := run.Advance(1 << 20)
			points = append(points, u.Points...)
			if u.Done {
				break
			}
		}
		run.Close()
		iters := float64(points[len(points)-1].Iter)
		work := iters*float64(spec.Tau)*float64(st.NNZ)/float64(st.N) + float64(len(points))*float64(st.NNZ)/2
		r := work / JobCost(spec, st)
		t.Logf("%s τ=%d: %d iterations, %d evaluations, work ÷ JobCost %.3g", spec.Sampling, spec.Tau, int(iters), len(points), r)
		lo, hi = min(lo, r), max(hi, r)
	}
	if hi/lo > 1.6 {
		t.Errorf("work ÷ JobCost spans %.3g to %.3g (%.2f×), want within 1.6×", lo, hi, hi/lo)
	}
}

func TestLongestFirst(t *testing.T) {
	specs := make([]worker.JobSpec, 6)
	costs := []float64{3, 1, 5, 1, 0, 5}
	for k := range specs {
		specs[k] = worker.JobSpec{Index: k}
	}
	got := longestFirst(specs, func(j worker.JobSpec) float64 { return costs[j.Index] })
	if want := []int{2, 5, 0, 1, 3, 4}; !slices.Equal(got, want) {
		t.Errorf("order %v, want %v (decreasing cost, ties in run order)", got, want)
	}
}

// A pool hands its jobs out in its order, and the jobs given back first;
// traces stay in run order.
func TestPoolHandsOutInOrder(t *testing.T) {
	specs := worker.JobSpecs(labtest.Small(), 0.1, 0) // 6 jobs
	order := []int{5, 2, 0, 4, 1, 3}
	p := newJobPoolInOrder(specs, order)
	var got []int
	for range 3 {
		s, _ := p.Next()
		got = append(got, s.Index)
	}
	if err := p.Return(2); err != nil {
		t.Fatal(err)
	}
	for {
		s, ok := p.Next()
		if !ok {
			break
		}
		got = append(got, s.Index)
	}
	if want := []int{5, 2, 0, 2, 4, 1, 3}; !slices.Equal(got, want) {
		t.Errorf("handed out %v, want %v", got, want)
	}
	for _, bad := range [][]int{{0, 1}, {0, 1, 2, 3, 4, 4}, {0, 1, 2, 3, 4, 6}} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("order %v accepted", bad)
				}
			}()
			newJobPoolInOrder(specs, bad)
		}()
	}
}

// Jobs handed out in any order, on any number of workers, give the traces
// of the experiment run in one thread, bit for bit, in run order.
func TestPoolTracesIdenticalInAnyOrder(t *testing.T) {
	f := labtest.NewPool(t)
	n := len(worker.JobSpecs(f.S, f.Lambda, f.PStar))
	reversed := make([]int, n)
	for k := range reversed {
		reversed[k] = n - 1 - k
	}
	for _, workers := range []int{1, 2} {
		fp := startFakePoolInOrder(t, f, workers, reversed)
		fp.wait(t)
		labtest.SameTraces(t, fmt.Sprintf("reversed order, %d workers", workers), fp.pool.Traces(), f.Want)
	}
}
