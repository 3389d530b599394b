package worker

import (
	"testing"
	"time"

	"imlab/core/method"
	"imlab/ui/lab/internal/labtest"
)

// A worker's slice holds several trace points when they come quicker than
// the slice's target (on small minibatches, an evaluation of P every few
// milliseconds): fewer updates, and yields, than points, and the same
// points; while stepping, a slice ends at its first point. The clock is
// fake: each reading advances it by 1 ms.
func TestWorkerSliceHoldsSeveralPoints(t *testing.T) {
	f := labtest.NewPool(t)
	ds := labtest.Data(t, f.S)
	spec := JobSpecs(f.S, f.Lambda, f.PStar)[0] // τ-nice, τ = 1
	var clock time.Duration
	now := func() time.Duration { clock += time.Millisecond; return clock }
	run, err := NewJobRun(labtest.Posed(t, ds, spec), spec)
	if err != nil {
		t.Fatal(err)
	}
	defer run.Close()
	slicer := NewSlicer(SliceTarget)
	var points []method.Point
	updates := 0
	for {
		u, _ := fillSlice(run, slicer, now, false, nil)
		updates++
		if updates == 1 && u.Plan == nil {
			t.Error("the first slice's update has no plan")
		}
		points = append(points, u.Points...)
		if u.Done {
			break
		}
	}
	labtest.SameTraces(t, "filled slices", [][]method.Point{points}, f.Want[:1])
	if updates*2 > len(points) {
		t.Errorf("%d updates for %d points, want at most half as many", updates, len(points))
	}
	step, err := NewJobRun(labtest.Posed(t, ds, spec), spec)
	if err != nil {
		t.Fatal(err)
	}
	defer step.Close()
	for range 3 {
		if u, _ := fillSlice(step, NewSlicer(SliceTarget), now, true, nil); len(u.Points) != 1 {
			t.Errorf("a stepping slice made %d points, want 1", len(u.Points))
		}
	}
}

// A worker sends its slices' points at most every UpdateEvery, and
// everything it holds before it parks: a Step from the pause then sends
// exactly the step's point. The points are the job's, bit for bit. The
// clock is fake: each reading advances it by 1 ms.
func TestWorkerBatchesUpdatesAndSendsThemBeforeParking(t *testing.T) {
	f := labtest.NewPool(t)
	ds := labtest.Data(t, f.S)
	spec := JobSpecs(f.S, f.Lambda, f.PStar)[0] // τ-nice, τ = 1: points every few ms
	var clock time.Duration
	now := func() time.Duration { clock += time.Millisecond; return clock }
	ctl := NewControl()
	var sent []method.Point
	updates, slices := 0, 0
	send := func(u Update) {
		updates++
		sent = append(sent, u.Points...)
	}
	ctl.Yield = func() {
		if slices++; slices == 4 {
			ctl.Set(CmdPause)
		}
	}
	var atPark []int
	ctl.OnPark = func() {
		atPark = append(atPark, len(sent))
		switch len(atPark) {
		case 1:
			ctl.Set(CmdStep)
		case 2:
			ctl.Set(CmdRun)
		}
	}
	var busy time.Duration
	if !serveJob(newPosed(ds), spec, send, ctl, newJobPace(NewSlicer(SliceTarget), now, nil), &busy) {
		t.Fatal("the job did not end")
	}
	labtest.SameTraces(t, "batched updates", [][]method.Point{sent}, f.Want[:1])
	if len(atPark) != 2 || atPark[0] == 0 || atPark[1] != atPark[0]+1 {
		t.Errorf("points sent at each park: %v, want all made before the pause, then one more after the Step", atPark)
	}
	if updates*3 > slices {
		t.Errorf("%d updates for %d slices, want at most a third as many", updates, slices)
	}
}

// A Step pressed while the previous Step's slice is finishing (its update
// sent and the page paused by it, the worker not parked yet) is a new Step:
// the next slice serves it, and Wait does not take the old slice's point
// for it. Before, the worker parked at once and the page waited forever
// for the second Step's minibatch (TestSlowStepAdvancesOneMinibatch, under
// load).
func TestStepDuringTheLastStepsSliceIsServed(t *testing.T) {
	ctl := NewControl()
	parks := 0
	ctl.OnPark = func() { parks++; ctl.Set(CmdRun) } // never stay parked: count instead

	ctl.Set(CmdStep)
	on, first := ctl.stepping()
	if !on {
		t.Fatal("not stepping after CmdStep")
	}
	// The slice made its point and sent it; the page paused, then the user
	// pressed Step again, all before the worker's Wait.
	ctl.Set(CmdPause)
	ctl.Set(CmdStep)
	if !ctl.Wait(true, first, nil) || parks != 0 {
		t.Fatalf("the first Step's point ended the second Step (%d parks)", parks)
	}
	on, second := ctl.stepping()
	if !on || second == first {
		t.Fatalf("stepping %v, step %d after %d: want the second Step in force", on, second, first)
	}
	if !ctl.Wait(true, second, nil) || parks != 1 {
		t.Errorf("the second Step's own point made %d parks, want 1", parks)
	}
}
