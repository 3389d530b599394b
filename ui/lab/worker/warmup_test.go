package worker

import (
	"testing"
	"time"

	"imlab/core/method"
	"imlab/ui/lab/internal/labtest"
	"imlab/ui/lab/setup"
)

// workerTraces runs s's jobs on one worker as the page does at load and
// then at a run (the data, P*, the theory, then every job) and returns the
// jobs' traces and how many warm-up slices it made. With a warm-up, the
// jobs are sent only once it has made a slice.
func workerTraces(t *testing.T, s setup.Settings, warm time.Duration) ([][]method.Point, int) {
	t.Helper()
	const lambda = 0.1
	in := make(chan Message, 64)
	out := make(chan Message, 1024)
	warmed := make(chan struct{}, 1)
	slices := 0
	env := Env{WarmUp: warm, OnWarm: func() {
		slices++ // the worker's goroutine; read after its last message
		select {
		case warmed <- struct{}{}:
		default:
		}
	}}
	go Run(in, func(m Message) { out <- m }, env)
	defer close(in)
	watchdog := time.After(2 * time.Minute) // a hang, not a time: the test fails instead of waiting forever
	next := func(what string) Message {
		select {
		case m := <-out:
			return m
		case <-watchdog:
			t.Fatalf("no %s from the worker", what)
			return Message{}
		}
	}
	in <- Message{Kind: MsgData, Data: DataSpec{Preset: s}}
	if m := next("ready"); m.Kind != MsgReady {
		t.Fatalf("first message %+v, want ready", m)
	}
	in <- Message{Kind: MsgPStar, Loss: s.Loss, Lambda: lambda}
	pstar := next("P*")
	if pstar.Kind != MsgPStar || pstar.Err != "" {
		t.Fatalf("P*: %+v", pstar)
	}
	in <- theoryMessage(s, lambda)
	if m := next("theory"); m.Kind != MsgTheory || m.Err != "" {
		t.Fatalf("theory: %+v", m)
	}
	if warm > 0 {
		select {
		case <-warmed:
		case <-watchdog:
			t.Fatal("the worker did not warm up after the theory at load")
		}
	}
	specs := JobSpecs(s, lambda, pstar.PStar)
	for _, spec := range specs {
		in <- Message{Kind: MsgJob, Spec: spec}
	}
	traces := make([][]method.Point, len(specs))
	for left := len(specs); left > 0; {
		m := next("update (the warm-up did not stop for the jobs)")
		if m.Kind != MsgUpdate {
			continue
		}
		u := m.Update
		traces[u.Job] = append(traces[u.Job], u.Points...)
		if u.Done {
			if u.Err != "" {
				t.Fatalf("job %d: %s", u.Job, u.Err)
			}
			left--
		}
	}
	return traces, slices
}

// A worker warms up once it has answered the theory asked at load, and the
// jobs that come next give bit for bit the traces of a worker that never
// warmed up.
func TestWorkerWarmsUpAfterTheTheoryAtLoad(t *testing.T) {
	s := labtest.Small()
	warm, slices := workerTraces(t, s, time.Hour)
	if slices == 0 {
		t.Fatal("no warm-up slice")
	}
	cold, none := workerTraces(t, s, -1)
	if none != 0 {
		t.Errorf("%d warm-up slices with WarmUp < 0, want none", none)
	}
	labtest.SameTraces(t, "after a warm-up", warm, cold)
}

// A warm-up makes no slice once the page has sent a message or a command
// other than run on: it neither runs on nor parks.
func TestWarmUpStopsForTheNextMessage(t *testing.T) {
	s := labtest.Small()
	ds := labtest.Data(t, s)
	theory := theoryMessage(s, 0.1)
	for _, tc := range []struct {
		name  string
		after int            // slices before the page speaks
		speak func(*Control) // what the page does then
		idle  bool           // whether the worker's queue stays empty
	}{
		{"a message", 3, func(*Control) {}, false},
		{"a pause", 2, func(c *Control) { c.Set(CmdPause) }, true},
		{"a step", 1, func(c *Control) { c.Set(CmdStep) }, true},
		{"a stop", 2, func(c *Control) { c.Set(CmdStop) }, true},
	} {
		ctl, slices, spoke := NewControl(), 0, false
		env := Env{WarmUp: time.Hour, Now: nowSince(time.Now()), OnWarm: func() {
			if slices++; slices == tc.after {
				tc.speak(ctl)
				spoke = true
			}
		}}
		idle := func() bool { return !spoke || tc.idle }
		// P* = 0 is below the optimum: every job runs its whole budget,
		// many slices, so the page speaks in the middle of one.
		warmUp(newPosed(ds), theory, pstarOf{s.Loss, 0.1, 0}, env, ctl, NewSlicer(SliceTarget), idle)
		if slices != tc.after {
			t.Errorf("after %s: %d slices, want %d", tc.name, slices, tc.after)
		}
	}
}

// nowSince is a worker's clock: the time since t0.
func nowSince(t0 time.Time) func() time.Duration {
	return func() time.Duration { return time.Since(t0) }
}

// theoryMessage is the page's request for the theory of a run of s at λ =
// lambda, as a worker gets it.
func theoryMessage(s setup.Settings, lambda float64) Message {
	return Message{Kind: MsgTheory, Loss: s.Loss, Lambda: lambda, Taus: s.Taus,
		Spec: JobSpec{Loss: s.Loss, Lambda: lambda, Method: s.Method, Partition: s.Partition, Seed: s.Seed}}
}
