package dfsdca

import "time"

// modeTuner chooses between two ways of doing the same iterations, true
// and false, from their measured time per non-zero. A Solver has three:
// one decides, for Step calls whose minibatches are large enough to split,
// whether the workers actually make them faster (true: split), which
// depends on how many cores are free at the moment (the machine may be
// shared, or the browser busy); the others, for minibatches whose rows
// exceed the prefetch budget (wholeRowsBytes), split or not, whether the
// next minibatch's rows are prefetched whole anyway (true) or only their
// first lines, which depends on the machine's caches. A tuner keeps
// measuring: it uses the faster
// mode, except for a burst of exploreBurst decisions in every
// explorePeriod that re-measure the other one. The first decisions after a
// switch are not measured, since w then sits in the wrong core's cache.
// The iterates do not depend on the tuner's choices.
type modeTuner struct {
	cost      [2]float64 // smoothed seconds per non-zero of mode false and true; 0 = not yet measured
	decisions int
	last      bool // the previous decision
	streak    int  // decisions in a row equal to last
	always    bool // choose true every time, without measuring (tests)
	explored  bool // the latest decision was an exploring one (against the faster mode)
	period    int  // decisions per exploring period; 0 means explorePeriod
}

const (
	explorePeriod = 256
	// rowsExplorePeriod is the rows tuner's: its two modes differ by 10 –
	// 35% either way, so exploring an eighth of the time costs little and
	// lets a noisy first measurement be corrected within some 25 epochs.
	rowsExplorePeriod = 64
	exploreBurst      = 8
	switchWarmup      = 2    // decisions after a switch that are not measured
	costSmoothing     = 0.25 // weight of a new measurement
)

// choose returns the mode of the next decision.
func (t *modeTuner) choose() bool {
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
		period := t.period
		if period == 0 {
			period = explorePeriod
		}
		if t.decisions%period < exploreBurst {
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

// record adds the measured time of the minibatches of nnz non-zeros that
// the latest decision, split, was about.
func (t *modeTuner) record(split bool, d time.Duration, nnz int) {
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

// stepTuned performs k iterations in the modes the tuners choose: split or
// not, and for split minibatches past the prefetch budget, whole rows or
// first lines.
func (s *Solver) stepTuned(k int) bool {
	split := s.tuner.choose()
	whole, rowsTuned := false, split && s.pool.pastBudget(s.meanNNZ)
	if rowsTuned {
		whole = s.rows.choose()
	}
	timed, rowsTimed := !s.tuner.always, rowsTuned && !s.rows.always
	rest := 0
	if s.tuner.explored {
		// Exploring measures the slower mode on a part of the call only:
		// with many workers it may be many times slower, and a whole call
		// in it would cost more than the exploring is worth.
		rest = k - max(k/exploreShare, min(k, exploreLeast))
		k -= rest
	}
	start := time.Now()
	ok, nnz := s.stepMode(split, whole, k, timed || rowsTimed)
	if d := time.Since(start); timed || rowsTimed {
		if timed {
			s.tuner.record(split, d, nnz)
		}
		if rowsTimed {
			s.rows.record(whole, d, nnz)
		}
	}
	if ok && rest > 0 {
		ok, _ = s.stepMode(!split, whole, rest, false)
	}
	return ok
}

// An exploring decision runs max(k/exploreShare, exploreLeast) of a Step
// call's k iterations in the mode explored.
const (
	exploreShare = 16
	exploreLeast = 4
)

// stepMode performs k iterations split among the workers or not (whole:
// see stepSplit); with count, it returns the minibatches' non-zeros.
func (s *Solver) stepMode(split, whole bool, k int, count bool) (bool, int) {
	if split {
		return s.stepSplit(k, whole)
	}
	return s.stepSequential(k, count)
}

// stepSplit performs k iterations on the pool: see pool.session, which
// whole tells whether to prefetch the next rows whole past the budget. It
// returns false if one became non-finite, and the minibatches' non-zeros.
func (s *Solver) stepSplit(k int, whole bool) (bool, int) {
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
	done, nnz := s.pool.session(k, next(), next, s.z, s.coef, s.parallelMin, whole)
	s.iter += done
	return done == k, nnz
}

// stepAlone performs k iterations on the calling goroutine. Where a
// minibatch's rows exceed the prefetch budget, the seqRows tuner chooses,
// for at most tuneEvery iterations at a time, whether the next rows are
// prefetched whole anyway, as the rows tuner does for split minibatches
// (on the AMD VM of 2026-12-02, an epoch of the dense benchmark data at
// τ = 64, 614 kB a minibatch, took 5.7 ms so against 7.4 with first lines).
func (s *Solver) stepAlone(k int) bool {
	if fitsBudget(s.meanNNZ, s.rowsBudget) || s.seqRows.always {
		s.seqWhole = s.seqRows.always
		ok, _ := s.stepSequential(k, false)
		return ok
	}
	for k > 0 {
		n := min(k, tuneEvery)
		s.seqWhole = s.seqRows.choose()
		start := time.Now()
		ok, nnz := s.stepSequential(n, true)
		s.seqRows.record(s.seqWhole, time.Since(start), nnz)
		if !ok {
			return false
		}
		k -= n
	}
	return true
}
