package worker

import (
	"math"
	"time"
)

// Slicer sizes the slices of work done between two yields to the browser.
// It keeps a running estimate of the cost of one unit of work (one example
// update: an iteration at minibatch size τ is τ units) and asks for as many
// units as fit in Target. Its zero value is not ready; use NewSlicer.
type Slicer struct {
	Target  time.Duration // wanted duration of one slice
	Min     int           // units per slice never go below this
	Max     int           // nor above this
	perUnit float64       // estimated seconds per unit; 0 = unknown
}

// DefaultSliceTarget leaves the browser time to paint at 60 Hz: a slice of
// 6 ms plus a yield and a frame's own work stays within a 16.7 ms frame.
const DefaultSliceTarget = 6 * time.Millisecond

// NewSlicer returns a slicer aiming at target per slice.
func NewSlicer(target time.Duration) *Slicer {
	return &Slicer{Target: target, Min: 1, Max: 1 << 24}
}

// probeUnits is the size of the first slice, before any measurement: small
// enough to be quick on any data.
const probeUnits = 256

// Units returns how many units the next slice should do.
func (s *Slicer) Units() int {
	if s.perUnit <= 0 {
		return max(s.Min, min(probeUnits, s.Max))
	}
	u := s.Target.Seconds() / s.perUnit
	return int(math.Max(float64(s.Min), math.Min(float64(s.Max), u)))
}

// Iterations converts Units to iterations at minibatch size tau (at least 1).
func (s *Slicer) Iterations(tau int) int { return max(1, s.Units()/max(1, tau)) }

// Observe records that a slice did units of work in d. Quick slices are
// trusted less than long ones (clock resolution is ~0.1 ms in browsers), and
// a slice far slower than expected (an evaluation of P, a new job) moves the
// estimate at once so the next slice is short again. A slice at under half
// the estimated cost follows such a slow one: the estimate then halves (the
// next slice doubles), never below the cost seen, rather than creeping back
// by a weight as small as the slice — which left most of a worker's slices
// at a tenth of the target, each followed by a yield (docs/workers.md,
// sixth session).
func (s *Slicer) Observe(units int, d time.Duration) {
	if units <= 0 || d <= 0 {
		return
	}
	cost := d.Seconds() / float64(units)
	switch {
	case s.perUnit <= 0 || cost > 2*s.perUnit:
		s.perUnit = cost
	case cost < s.perUnit/2:
		s.perUnit = max(cost, s.perUnit/2)
	default:
		w := math.Min(1, d.Seconds()/s.Target.Seconds()) * 0.5
		s.perUnit = (1-w)*s.perUnit + w*cost
	}
}

// Reset forgets the estimate (new data).
func (s *Slicer) Reset() { s.perUnit = 0 }

// SliceStats summarises the slices of work done between yields, to check
// that none is long enough to drop a frame.
type SliceStats struct {
	Count int
	Total time.Duration
	Max   time.Duration
	Slow  int // slices over slowSlice
}

// slowSlice is a slice long enough to drop a frame at 60 Hz on its own.
const slowSlice = 16 * time.Millisecond

// Add records one slice of duration d.
func (s *SliceStats) Add(d time.Duration) {
	s.Count++
	s.Total += d
	s.Max = max(s.Max, d)
	if d > slowSlice {
		s.Slow++
	}
}
