package pace

import (
	"context"
	"errors"
	"testing"
	"time"
)

// fakeRun takes perIter of clock time per iteration and records a point
// every `every` iterations until it has done total.
type fakeRun struct {
	iter, total, every int
	perIter            time.Duration
	trace              []int
	chunks             []int
	err                error
}

func (f *fakeRun) Advance(iters int) (bool, error) {
	f.chunks = append(f.chunks, iters)
	for range iters {
		f.iter++
		if f.iter%f.every == 0 {
			f.trace = append(f.trace, f.iter)
		}
		if f.iter == f.total {
			return true, f.err
		}
	}
	return false, nil
}

func (f *fakeRun) Trace() []int           { return f.trace }
func (f *fakeRun) Iter() int              { return f.iter }
func (f *fakeRun) Elapsed() time.Duration { return time.Duration(f.iter) * f.perIter }

// Chunks start at 64, at most double, and settle at a millisecond's worth;
// every point reaches progress once, in order.
func TestUntilChunks(t *testing.T) {
	f := &fakeRun{total: 100000, every: 1000, perIter: 100 * time.Nanosecond}
	var got []int
	if err := Until(context.Background(), f, f, func(p int) { got = append(got, p) }); err != nil {
		t.Fatal(err)
	}
	if f.chunks[0] != firstChunk {
		t.Errorf("first chunk %d, want %d", f.chunks[0], firstChunk)
	}
	for k := 1; k < len(f.chunks); k++ {
		if f.chunks[k] > 2*f.chunks[k-1] || f.chunks[k] > 10000 {
			t.Errorf("chunk %d: %d after %d (a millisecond is 10,000 iterations)", k, f.chunks[k], f.chunks[k-1])
		}
	}
	if last := f.chunks[len(f.chunks)-2]; last != 10000 {
		t.Errorf("settled at %d iterations per call, want 10,000", last)
	}
	if len(got) != 100 || got[0] != 1000 || got[99] != 100000 {
		t.Errorf("progress heard %d points (%v …)", len(got), got[:min(3, len(got))])
	}
}

// A slow solver gets one iteration per call; an error and a cancelled
// context end the loop.
func TestUntilEnds(t *testing.T) {
	f := &fakeRun{total: 200, every: 1, perIter: 5 * time.Millisecond, err: errors.New("diverged")}
	if err := Until(context.Background(), f, f, nil); err == nil || err.Error() != "diverged" {
		t.Errorf("error %v, want the run's", err)
	}
	if f.chunks[len(f.chunks)-1] != 1 {
		t.Errorf("last chunk %d for 5 ms iterations, want 1", f.chunks[len(f.chunks)-1])
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	g := &fakeRun{total: 10, every: 1, perIter: 1}
	if err := Until(ctx, g, g, nil); !errors.Is(err, context.Canceled) || g.iter != 0 {
		t.Errorf("cancelled: %v after %d iterations", err, g.iter)
	}
}

// countSteps ends after total steps, failing with err at the last.
type countSteps struct {
	steps, total int
	err          error
	cancel       func() // called at step cancelAt, if set
	cancelAt     int
}

func (c *countSteps) Step() (bool, error) {
	c.steps++
	if c.cancel != nil && c.steps == c.cancelAt {
		c.cancel()
	}
	if c.steps == c.total {
		return true, c.err
	}
	return false, nil
}

// Steps runs a stepper to its end, passes its error on, and stops before
// the next step once ctx is cancelled.
func TestSteps(t *testing.T) {
	c := &countSteps{total: 5}
	if err := Steps(context.Background(), c); err != nil || c.steps != 5 {
		t.Errorf("Steps: %d steps, err %v; want 5, nil", c.steps, err)
	}
	boom := errors.New("boom")
	c = &countSteps{total: 3, err: boom}
	if err := Steps(context.Background(), c); !errors.Is(err, boom) || c.steps != 3 {
		t.Errorf("Steps: %d steps, err %v; want 3, boom", c.steps, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	c = &countSteps{total: 100, cancel: cancel, cancelAt: 4}
	if err := Steps(ctx, c); !errors.Is(err, context.Canceled) || c.steps != 4 {
		t.Errorf("Steps after cancel: %d steps, err %v; want 4, context.Canceled", c.steps, err)
	}
}
