package lab

import (
	"slices"
	"sync/atomic"
	"testing"

	"imlab/ui/lab/internal/labtest"
)

func TestSlowStepAdvancesOneMinibatch(t *testing.T) {
	h := newHarness(t)
	s := labtest.Small()
	s.Taus = []int{4}
	h.c.Generate(s)
	h.wait("ready", isPhase(Ready))
	h.c.SetSpeed(1)
	var seen [][]int
	for k := 1; k <= 5; k++ {
		h.c.Step(s)
		st := h.wait("paused after a step", func(sn *Snapshot) bool {
			return sn.Phase == Paused && sn.Sampling != nil && sn.Sampling.Iters == k
		})
		v := st.Sampling
		if len(v.Other) != s.N || v.Other[0] == v.P[0] && v.Other[1] == v.P[1] && v.Other[2] == v.P[2] {
			t.Errorf("step %d: the other sampling's probabilities are missing or the same", k)
		}
		if st.Speed != 1 || v.Tau != 4 || v.Sampling != "nice" || len(v.Recent) != k || len(v.Recent[k-1]) != 4 {
			t.Fatalf("step %d: speed %d, view τ=%d %s, recent %v", k, st.Speed, v.Tau, v.Sampling, v.Recent)
		}
		total := 0
		for _, c := range v.Visits {
			total += c
		}
		if total != 4*k {
			t.Errorf("step %d: %d visits, want %d", k, total, 4*k)
		}
		seen = append(seen, v.Recent[k-1])
		if k > 1 && !slices.EqualFunc(v.Recent[:k-1], seen[:k-1], slices.Equal) {
			t.Errorf("step %d: earlier minibatches changed: %v, were %v", k, v.Recent[:k-1], seen[:k-1])
		}
	}
	if slices.Equal(seen[3], seen[4]) && slices.Equal(seen[2], seen[3]) {
		t.Errorf("three equal minibatches in a row: %v", seen)
	}
}

func TestSlowRunWaitsOneFramePerSlice(t *testing.T) {
	h := newHarness(t)
	var frames atomic.Int64
	h.c.env.Frame = func() { frames.Add(1) }
	s := labtest.Small()
	s.N, s.Taus = 200, []int{2}
	h.c.Generate(s)
	h.wait("ready", isPhase(Ready))
	h.c.SetSpeed(16)
	h.c.Run(s)
	st := h.wait("done", isPhase(Done))
	if st.Err != nil {
		t.Fatal(st.Err)
	}
	// Every slice but each job's last does 16 iterations, then waits for a
	// frame; the two jobs together ran Iters of the last plus the first's.
	iters := 0
	for _, j := range st.Jobs {
		iters += j.Trace[len(j.Trace)-1].Iter
	}
	want := int64(iters / 16)
	if f := frames.Load(); f < want-2 || f > want+2 {
		t.Errorf("%d frames for %d iterations at 16 per frame (want about %d)", f, iters, want)
	}
	// At full speed no frame is awaited.
	h.c.SetSpeed(0)
	before := frames.Load()
	s.Seed++
	h.c.Run(s)
	h.wait("done again", func(sn *Snapshot) bool { return sn.Phase == Done && sn.Settings.Seed == s.Seed })
	if frames.Load() != before {
		t.Errorf("%d frames awaited at full speed", frames.Load()-before)
	}
}
