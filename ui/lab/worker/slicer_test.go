package worker

import (
	"math"
	"testing"
	"time"
)

// TestSlicerConverges drives the slicer with a work model of fixed cost per
// unit and checks that slices settle near the target.
func TestSlicerConverges(t *testing.T) {
	for _, perUnit := range []time.Duration{50 * time.Nanosecond, 3 * time.Microsecond, 2 * time.Millisecond} {
		s := NewSlicer(6 * time.Millisecond)
		var d time.Duration
		for range 20 {
			u := s.Units()
			d = time.Duration(u) * perUnit
			s.Observe(u, d)
		}
		want := 6 * time.Millisecond
		if perUnit > want {
			want = perUnit // one unit at least
		}
		if math.Abs(d.Seconds()-want.Seconds()) > 0.1*want.Seconds() {
			t.Errorf("cost %v per unit: slices settle at %v, want ≈ %v", perUnit, d, want)
		}
	}
}

// TestSlicerBacksOffAtOnce checks that one slow slice (a new job, say)
// shrinks the next slice immediately rather than over many frames.
func TestSlicerBacksOffAtOnce(t *testing.T) {
	s := NewSlicer(6 * time.Millisecond)
	for range 10 {
		u := s.Units()
		s.Observe(u, time.Duration(u)*time.Microsecond)
	}
	before := s.Units()
	s.Observe(before, time.Duration(before)*20*time.Microsecond)
	if after := s.Units(); after > before/10 {
		t.Errorf("after a 20× slower slice: %d units, was %d", after, before)
	}
	if got := s.Iterations(32); got != max(1, s.Units()/32) {
		t.Errorf("Iterations(32) = %d, Units = %d", got, s.Units())
	}
	s.Reset()
	if s.Units() != probeUnits {
		t.Errorf("after Reset: %d units, want the probe %d", s.Units(), probeUnits)
	}
}

// TestSlicerRecoversQuickly checks that after one slow slice (an
// evaluation of P, say) the slices are back near the target within ten
// slices: each one doubles while the cost seen is under half the estimate. Before, the
// estimate crept back by a weight as small as the slice, and slices stayed
// short for dozens of yields.
func TestSlicerRecoversQuickly(t *testing.T) {
	s := NewSlicer(SliceTarget)
	const perUnit = time.Microsecond
	for range 10 {
		u := s.Units()
		s.Observe(u, time.Duration(u)*perUnit)
	}
	full := s.Units()
	s.Observe(full, time.Duration(full)*perUnit*50) // one slice 50× slower
	n := 0
	for ; s.Units() < full*8/10; n++ {
		if n > 10 {
			t.Fatalf("after %d slices, %d units, want near %d", n, s.Units(), full)
		}
		u := s.Units()
		s.Observe(u, time.Duration(u)*perUnit)
	}
	t.Logf("back to %d units (of %d) after %d slices", s.Units(), full, n)
}
