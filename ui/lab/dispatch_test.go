package lab

import (
	"fmt"
	"testing"
	"time"

	"imlab/ui/lab/internal/labtest"
	"imlab/ui/lab/worker"
)

// recConn records what the page sends to one worker.
type recConn struct{ sent []worker.Message }

func (c *recConn) Send(m worker.Message) { c.sent = append(c.sent, m) }
func (c *recConn) Close()                {}

// jobsOf lists the jobs sent to a worker, in order.
func (c *recConn) jobsOf() []int {
	var out []int
	for _, m := range c.sent {
		if m.Kind == worker.MsgJob {
			out = append(out, m.Spec.Index)
		}
	}
	return out
}

// While the pool holds a job, a worker always has its
// next job before it finishes the one it runs; at the tail, a worker left
// idle takes over a job queued, and not started, on another. Driven by
// hand: no goroutine, no clock.
func TestDispatcherSendsTheNextJobAheadAndTakesItBack(t *testing.T) {
	s := labtest.Small()
	s.Taus = []int{1, 2, 4, 8, 16, 32} // 12 jobs
	pool := newJobPool(worker.JobSpecs(s, 0.1, 0))
	rc := []*recConn{{}, {}}
	d := newDispatcher(pool, []worker.Conn{rc[0], rc[1]}, []bool{true, true})
	d.fillAll()
	for w, c := range rc {
		if got := c.jobsOf(); len(got) != 2 {
			t.Fatalf("worker %d was sent jobs %v at the start, want its first and one ahead", w, got)
		}
	}
	// Worker 0 finishes its jobs quickly, worker 1 is stuck in its first:
	// worker 0 must never wait for the page while jobs remain.
	for pool.Left() > 0 {
		left := pool.Left()
		job := d.queued[0][0]
		d.done(0, job)
		if left > 0 && len(d.queued[0]) == 0 {
			t.Fatalf("worker 0 finished job %d with %d jobs in the pool and has no next job", job, left)
		}
		if len(d.queued[0]) > 2 || len(d.queued[1]) > 2 {
			t.Fatalf("more than one job ahead: %v", d.queued)
		}
	}
	// Worker 1 still holds a job it has not started; worker 0 runs out.
	for len(d.queued[0]) > 0 {
		d.done(0, d.queued[0][0])
	}
	var asked []worker.Message
	for _, m := range rc[1].sent {
		if m.Kind == worker.MsgTakeBack {
			asked = append(asked, m)
		}
	}
	if len(asked) != 1 || asked[0].Job != d.queued[1][1] {
		t.Fatalf("idle worker 0, worker 1 holding %v: asked back %+v, want its queued job", d.queued[1], asked)
	}
	job := asked[0].Job
	if err := d.givenBack(1, job); err != nil {
		t.Fatal(err)
	}
	if got := rc[0].jobsOf(); got[len(got)-1] != job || len(d.queued[0]) != 1 {
		t.Fatalf("job %d given back went to %v / %v, want idle worker 0", job, got, d.queued)
	}
	if err := d.givenBack(1, job); err == nil {
		t.Error("a job given back twice was accepted")
	}
	// Every job went out exactly once, but the one given back.
	seen := map[int]int{}
	for _, c := range rc {
		for _, j := range c.jobsOf() {
			seen[j]++
		}
	}
	for j := range 12 {
		want := 1
		if j == job {
			want = 2
		}
		if seen[j] != want {
			t.Errorf("job %d sent %d times, want %d", j, seen[j], want)
		}
	}
	if d.ahead == 0 || d.taken != 1 {
		t.Errorf("%d jobs sent ahead, %d taken back", d.ahead, d.taken)
	}
}

// A worker gives back a queued job it has not started, at once, even
// while paused in another job; a job it has started it keeps.
func TestWorkerGivesBackAQueuedJob(t *testing.T) {
	s := labtest.Small()
	specs := worker.JobSpecs(s, 0.1, 0)
	for k := range specs { // P* = 0 and no target: the jobs run their full length
		specs[k].Eps = 0
	}
	in := make(chan worker.Message, 16)
	out := make(chan worker.Message, 1024)
	parked := make(chan struct{}, 16)
	go worker.Run(in, func(m worker.Message) { out <- m }, worker.Env{OnPark: func() { parked <- struct{}{} }})
	in <- worker.Message{Kind: worker.MsgData, Data: worker.DataSpec{Preset: s}}
	if m := <-out; m.Kind != worker.MsgReady {
		t.Fatalf("first message %+v, want ready", m)
	}
	in <- worker.Message{Kind: worker.MsgCmd, Cmd: worker.CmdPause}
	in <- worker.Message{Kind: worker.MsgJob, Spec: specs[0]}
	in <- worker.Message{Kind: worker.MsgJob, Spec: specs[1]}
	<-parked // job 0 has started and is paused after its first slice
	in <- worker.Message{Kind: worker.MsgTakeBack, Job: specs[0].Index}
	in <- worker.Message{Kind: worker.MsgTakeBack, Job: specs[1].Index}
	var got []string
	timeout := time.After(time.Minute)
	for done := false; !done; {
		select {
		case m := <-out:
			switch m.Kind {
			case worker.MsgTakeBack:
				got = append(got, fmt.Sprintf("back %d", m.Job))
				in <- worker.Message{Kind: worker.MsgCmd, Cmd: worker.CmdRun}
			case worker.MsgUpdate:
				if m.Update.Job != specs[0].Index {
					t.Fatalf("update for job %d, which was given back", m.Update.Job)
				}
				if m.Update.Done {
					got = append(got, fmt.Sprintf("done %d", m.Update.Job))
					done = true
				}
			}
		case <-timeout:
			t.Fatalf("no end: %v", got)
		}
	}
	close(in)
	if fmt.Sprint(got) != "[back 1 done 0]" {
		t.Errorf("got %v, want job 1 given back, job 0 kept and run to its end", got)
	}
}

// The pool's first jobs (the longest, in longestFirst's order) start at
// once on different workers, the longest on the last worker (the first
// may have P* or the theory to make first): each worker's first job is
// one of them, and the next ones go ahead, in turn.
func TestDispatcherSpreadsTheFirstJobs(t *testing.T) {
	s := labtest.Small()
	s.Taus = []int{1, 2, 4, 8, 16, 32} // 12 jobs
	order := []int{5, 4, 11, 3, 10, 2, 9, 1, 8, 0, 7, 6}
	pool := newJobPoolInOrder(worker.JobSpecs(s, 0.1, 0), order)
	rc := []*recConn{{}, {}}
	d := newDispatcher(pool, []worker.Conn{rc[0], rc[1]}, []bool{true, true})
	d.fillAll()
	if got0, got1 := rc[0].jobsOf(), rc[1].jobsOf(); fmt.Sprint(got0, got1) != "[4 11] [5 3]" {
		t.Errorf("workers were sent %v and %v, want [4 11] and [5 3]: the two longest first, one each", got0, got1)
	}
}
