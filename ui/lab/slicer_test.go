package lab

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
