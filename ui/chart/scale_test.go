package chart

import (
	"math"
	"testing"
)

func TestScaleMapsLimitsToEdges(t *testing.T) {
	for _, s := range []Scale{
		{Min: 0, Max: 30, Lo: 60, Hi: 440},                // x
		{Min: -2, Max: 5, Lo: 300, Hi: 20},                // y, pointing up
		{Min: 1e-10, Max: 1, Log: true, Lo: 300, Hi: 20},  // log y
		{Min: 0.5, Max: 1000, Log: true, Lo: 280, Hi: 30}, // log counts
	} {
		if got := s.Pixel(s.Min); math.Abs(got-s.Lo) > 1e-9 {
			t.Errorf("%+v: Pixel(Min) = %g, want %g", s, got, s.Lo)
		}
		if got := s.Pixel(s.Max); math.Abs(got-s.Hi) > 1e-9 {
			t.Errorf("%+v: Pixel(Max) = %g, want %g", s, got, s.Hi)
		}
		for _, px := range []float64{s.Lo, (s.Lo + s.Hi) / 2, s.Hi, 2*s.Hi - s.Lo} {
			if got := s.Pixel(s.Value(px)); math.Abs(got-px) > 1e-9 {
				t.Errorf("%+v: Pixel(Value(%g)) = %g", s, px, got)
			}
		}
	}
	log := Scale{Min: 1e-10, Max: 1, Log: true, Lo: 300, Hi: 0}
	if got := log.Pixel(1e-5); math.Abs(got-150) > 1e-9 {
		t.Errorf("log scale: Pixel(1e-5) = %g, want the middle, 150", got)
	}
	for _, v := range []float64{0, -1, math.NaN()} {
		if got := log.Pixel(v); !math.IsNaN(got) {
			t.Errorf("log scale: Pixel(%g) = %g, want NaN", v, got)
		}
		if log.Valid(v) {
			t.Errorf("log scale: Valid(%g) = true", v)
		}
	}
	lin := Scale{Min: 0, Max: 10, Lo: 0, Hi: 100}
	if !lin.Valid(-3) || lin.Valid(math.Inf(1)) {
		t.Error("linear scale: Valid should accept negatives and reject ±Inf")
	}
	if got := lin.Pixel(20); got != 200 {
		t.Errorf("linear scale extrapolates: Pixel(20) = %g, want 200", got)
	}
}
