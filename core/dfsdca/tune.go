package dfsdca

import "time"

// splitTuner decides, for Step calls whose minibatches are large enough to
// split, whether the workers actually make them faster, from measured time per non-zero.
// Whether splitting pays depends on how many cores are free at the moment
// (the machine may be shared, or the browser busy), so the tuner keeps
// measuring: it uses the faster mode, except for a burst of exploreBurst
// decisions in every explorePeriod that re-measure the other one. The first
// decisions after a switch are not measured, since w then sits in the wrong
// core's cache. The iterates do not depend on the tuner's choices.
type splitTuner struct {
	cost      [2]float64 // smoothed seconds per non-zero: [0] on one goroutine, [1] split; 0 = not yet measured
	decisions int
	last      bool // the previous decision
	streak    int  // decisions in a row equal to last
	always    bool // split every eligible minibatch, without measuring (tests)
	explored  bool // the latest decision was an exploring one (against the faster mode)
}

const (
	explorePeriod = 256
	exploreBurst  = 8
	switchWarmup  = 2    // decisions after a switch that are not measured
	costSmoothing = 0.25 // weight of a new measurement
)

// choose reports whether to split the next eligible minibatch.
func (t *splitTuner) choose() bool {
	if t.always {
		return true
	}
	var split bool
	t.explored = false
	switch {
	case t.cost[1] == 0:
		split = true
	case t.cost[0] == 0:
		split = false
	default:
		split = t.cost[1] < t.cost[0]
		if t.decisions%explorePeriod < exploreBurst {
			split = !split
			t.explored = true
		}
	}
	t.decisions++
	if split == t.last {
		t.streak++
	} else {
		t.last, t.streak = split, 1
	}
	return split
}

// record adds the measured time of the minibatch of nnz non-zeros that the
// latest decision, split, was about.
func (t *splitTuner) record(split bool, d time.Duration, nnz int) {
	if t.streak <= switchWarmup {
		return
	}
	mode := 0
	if split {
		mode = 1
	}
	c := max(d.Seconds(), 1e-9) / float64(max(nnz, 1))
	if t.cost[mode] == 0 {
		t.cost[mode] = c
		return
	}
	t.cost[mode] += float64(costSmoothing * (c - t.cost[mode]))
}

// tuneEvery is the most iterations the tuner decides for at once, so that it
// adapts within a long Step call too.
const tuneEvery = 64

// stepTuned performs k iterations in the mode the tuner chooses.
func (s *Solver) stepTuned(k int) bool {
	split := s.tuner.choose()
	timed := !s.tuner.always
	rest := 0
	if s.tuner.explored {
		// Exploring measures the slower mode on a part of the call only:
		// with many workers it may be many times slower, and a whole call
		// in it would cost more than the exploring is worth.
		rest = k - max(k/exploreShare, min(k, exploreLeast))
		k -= rest
	}
	start := time.Now()
	ok, nnz := s.stepMode(split, k, timed)
	if timed {
		s.tuner.record(split, time.Since(start), nnz)
	}
	if ok && rest > 0 {
		ok, _ = s.stepMode(!split, rest, false)
	}
	return ok
}

// An exploring decision runs max(k/exploreShare, exploreLeast) of a Step
// call's k iterations in the mode explored.
const (
	exploreShare = 16
	exploreLeast = 4
)

// stepMode performs k iterations split among the workers or not; with
// count, it returns the minibatches' non-zeros.
func (s *Solver) stepMode(split bool, k int, count bool) (bool, int) {
	if split {
		return s.stepSplit(k)
	}
	return s.stepSequential(k, count)
}

// stepSplit performs k iterations on the pool: see pool.session. It
// returns false if one became non-finite, and the minibatches' non-zeros.
func (s *Solver) stepSplit(k int) (bool, int) {
	if k <= 0 {
		return true, 0
	}
	// next consumes the next minibatch of the queue (the pool's part 0
	// calls it one iteration ahead).
	next := func() []int {
		if s.head+1 > len(s.ends) {
			s.draw()
		}
		lo := 0
		if s.head > 0 {
			lo = s.ends[s.head-1]
		}
		batch := s.queue[lo:s.ends[s.head]]
		s.head++
		return batch
	}
	done, nnz := s.pool.session(k, next(), next, s.z, s.coef, s.parallelMin)
	s.iter += done
	return done == k, nnz
}
