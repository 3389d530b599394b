package pace

import (
	"context"
	"time"
)

// Run is a run that can be advanced by a number of iterations and records a
// trace of points of type P.
type Run[P any] interface {
	// Advance does at most iters iterations and reports whether the run
	// has ended.
	Advance(iters int) (done bool, err error)
	// Trace returns the points recorded so far.
	Trace() []P
}

// Clock is the solver's count of iterations and its own time.
type Clock interface {
	Iter() int
	Elapsed() time.Duration
}

// firstChunk is the iterations of the first call, before any rate is known.
const firstChunk = 64

// Until advances r until it ends, an error occurs or ctx is cancelled, in
// which case it returns ctx.Err(). Each call to Advance asks for about a
// millisecond of iterations at the rate c measured over the previous call
// (at most twice the previous chunk, at least one iteration), so ctx is
// checked about every millisecond of solver work. progress, if not nil,
// hears every new point of the trace, in order.
func Until[P any](ctx context.Context, r Run[P], c Clock, progress func(P)) error {
	chunk := firstChunk
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		seen := len(r.Trace())
		before, startIter := c.Elapsed(), c.Iter()
		done, err := r.Advance(chunk)
		if progress != nil {
			for _, pt := range r.Trace()[seen:] {
				progress(pt)
			}
		}
		if done || err != nil {
			return err
		}
		// Aim for about a millisecond of iterations per call, from the
		// rate just measured (a call may stop early at an evaluation).
		if iters := c.Iter() - startIter; iters > 0 {
			perIter := max((c.Elapsed()-before)/time.Duration(iters), 1)
			chunk = int(min(max(time.Millisecond/perIter, 1), 2*time.Duration(chunk)))
		}
	}
}
