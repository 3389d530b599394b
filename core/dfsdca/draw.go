package dfsdca

import (
	"slices"

	"imlab/core/sampling"
)

// The minibatches a Solver draws ahead of its iterations, so that the
// iterations can warm the memory of the next ones (stepSequential).

// drawBlock is about how many examples draw adds to the queue at a time:
// enough to amortise the call, few enough to stay in cache.
const drawBlock = 256

// MaxDrawnAhead bounds how many minibatches a Solver has drawn from its
// sampler beyond those its iterations used: a watcher of the draws (such
// as a sampling.Recorder) must keep that many more to tell used from
// drawn.
const MaxDrawnAhead = drawBlock + 3

// draw moves the minibatches not yet processed to the front of the queue
// and appends at least drawBlock examples' worth of new ones, and at least
// three minibatches in all (this iteration's and the two warmed ahead).
func (s *Solver) draw() {
	lo := 0
	if s.head > 0 {
		lo = s.ends[s.head-1]
	}
	kept := s.ends[s.head:]
	s.queue = s.queue[:copy(s.queue, s.queue[lo:])]
	s.ends = s.ends[:copy(s.ends, kept)]
	for j := range s.ends {
		s.ends[j] -= lo
	}
	s.head = 0
	if s.serial {
		n := len(s.queue)
		s.queue = slices.Grow(s.queue, drawBlock)[:n+drawBlock]
		sampling.DrawSerial(s.sampler, s.src, s.queue[n:])
		for j := n + 1; j <= len(s.queue); j++ {
			s.ends = append(s.ends, j)
		}
		return
	}
	for len(s.ends) < 3 || len(s.queue) < drawBlock {
		s.batch = s.sampler.Sample(s.rng, s.batch[:0])
		s.queue = append(s.queue, s.batch...)
		s.ends = append(s.ends, len(s.queue))
	}
}
