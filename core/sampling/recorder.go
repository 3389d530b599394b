package sampling

import "math/rand/v2"

// Recorder is a Sampler that passes every draw of another through and
// records it: how often each example was drawn, and the last few
// minibatches. It consumes no randomness of its own, so a solver using it
// makes exactly the iterates it would make with the wrapped sampler; the
// cost is one more call and a counter per drawn example, paid only by runs
// that are watched.
type Recorder struct {
	Sampler
	counts []int   // draws of each example
	draws  int     // minibatches drawn
	ring   [][]int // the last len(ring) minibatches; draw k is ring[k % len(ring)]
	oldest int     // the first draw still in ring (Discard can lower draws below it)
}

// NewRecorder records the draws of s, keeping the last keep ≥ 1 minibatches.
func NewRecorder(s Sampler, keep int) *Recorder {
	r := &Recorder{Sampler: s, counts: make([]int, len(s.Probabilities())), ring: make([][]int, max(1, keep))}
	for k := range r.ring {
		r.ring[k] = make([]int, 0, s.MaxSize())
	}
	return r
}

// Sample draws from the wrapped sampler and records the minibatch.
func (r *Recorder) Sample(rng *rand.Rand, dst []int) []int {
	out := r.Sampler.Sample(rng, dst)
	for _, i := range out {
		r.counts[i]++
	}
	slot := r.draws % len(r.ring)
	r.ring[slot] = append(r.ring[slot][:0], out...)
	r.draws++
	r.oldest = max(r.oldest, r.draws-len(r.ring))
	return out
}

// Unwrap returns the recorded sampler.
func (r *Recorder) Unwrap() Sampler { return r.Sampler }

// Discard forgets the last k minibatches drawn, as if they had never been:
// a solver that drew ahead and then changed its sampling (an adaptive
// refresh) throws away the draws it did not use. It panics unless
// 0 ≤ k ≤ Draws() and those minibatches are still kept.
func (r *Recorder) Discard(k int) {
	if k < 0 || k > r.draws || r.draws-k < r.oldest {
		panic("sampling: Recorder.Discard beyond the kept minibatches")
	}
	for ; k > 0; k-- {
		r.draws--
		for _, i := range r.ring[r.draws%len(r.ring)] {
			r.counts[i]--
		}
	}
}

// Draws is the number of minibatches drawn so far.
func (r *Recorder) Draws() int { return r.draws }

// Batch returns minibatch k (0-based, in draw order), if it is among the
// last kept; the slice is the recorder's own and changes with later draws.
func (r *Recorder) Batch(k int) ([]int, bool) {
	if k < 0 || k >= r.draws || k < r.oldest {
		return nil, false
	}
	return r.ring[k%len(r.ring)], true
}

// Visits returns how often each example was in minibatches 0 … upTo−1, a
// fresh slice. A solver that draws ahead has drawn more minibatches than it
// has used; Visits(iterations) counts only the used ones, which needs those
// drawn since to be among the last kept (it panics otherwise).
func (r *Recorder) Visits(upTo int) []int {
	v := append([]int(nil), r.counts...)
	for k := max(upTo, 0); k < r.draws; k++ {
		b, ok := r.Batch(k)
		if !ok {
			panic("sampling: Recorder.Visits: minibatches drawn after upTo are no longer kept")
		}
		for _, i := range b {
			v[i]--
		}
	}
	return v
}
