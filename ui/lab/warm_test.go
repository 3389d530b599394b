package lab

import (
	"testing"
	"time"

	"imlab/core/dfsdca"
)

// A worker asked for the method's theory at load warms up, says so, and
// then runs the run's jobs to the same traces bit for bit; a worker that
// has had a job does not warm up.
func TestWorkerWarmsUpAfterTheTheoryAtLoad(t *testing.T) {
	f := newPoolFixture(t)
	req := theoryRequestOf(f.s, f.lambda).message()
	specs := JobSpecs(f.s, f.lambda, f.pstar)
	for _, jobFirst := range []bool{false, true} {
		in := make(chan Message, 64)
		out := make(chan Message, 1024)
		go RunWorker(in, func(m Message) { out <- m }, WorkerEnv{})
		in <- Message{Kind: MsgData, Data: DataSpec{Preset: f.s}}
		next := func() Message {
			select {
			case m := <-out:
				return m
			case <-time.After(time.Minute):
				t.Fatal("no message from the worker in a minute")
			}
			return Message{}
		}
		if m := next(); m.Kind != MsgReady {
			t.Fatalf("first message %+v, want ready", m.Kind)
		}
		in <- Message{Kind: MsgPStar, Loss: f.s.Loss, Lambda: f.lambda}
		if m := next(); m.Kind != MsgPStar || m.Err != "" {
			t.Fatalf("got %v %q, want P*", m.Kind, m.Err)
		}
		traces := make([][]dfsdca.Point, len(specs))
		runJob := func(k int) {
			in <- Message{Kind: MsgJob, Spec: specs[k]}
			for {
				m := next()
				if m.Kind == MsgWarm {
					t.Fatalf("jobFirst=%v: a warm-up during or after a job", jobFirst)
				}
				if m.Kind != MsgUpdate {
					continue
				}
				traces[k] = append(traces[k], m.Update.Points...)
				if m.Update.Done {
					return
				}
			}
		}
		if jobFirst {
			runJob(0)
		}
		in <- req
		if m := next(); m.Kind != MsgTheory || m.Err != "" {
			t.Fatalf("got %v %q, want the theory", m.Kind, m.Err)
		}
		if !jobFirst {
			if m := next(); m.Kind != MsgWarm {
				t.Fatalf("after the theory at load: %v, want MsgWarm", m.Kind)
			}
		}
		for k := range specs {
			if !jobFirst || k > 0 {
				runJob(k)
			}
		}
		in <- Message{Kind: MsgNoJob}
		sameTraces(t, "after a warm-up", traces, f.want)
	}
}
