package chart

import (
	"math"
	"slices"
	"testing"

	"imlab/core/sampling"
)

// TestLogMinorTicksStayInRange guards against minor ticks a decade or more
// outside a wide log axis (they were drawn below the plot area).
func TestLogMinorTicksStayInRange(t *testing.T) {
	for _, c := range []struct{ lo, hi float64 }{{1e-12, 1}, {1e-11, 10}, {1e-3, 1e5}, {0.5, 2e3}} {
		for _, sub := range []bool{false, true} {
			major := LogTicks(c.lo, c.hi, 4)
			for _, v := range LogMinorTicks(c.lo, c.hi, major, sub) {
				if v < c.lo*(1-1e-9) || v > c.hi*(1+1e-9) {
					t.Errorf("LogMinorTicks(%g, %g, subdecades=%v) has %g outside the range", c.lo, c.hi, sub, v)
				}
			}
		}
	}
}

// niceStep returns m ∈ {1, 2, 5} and e with step = m × 10^e up to a relative
// tolerance tol, or ok = false.
func niceStep(step, tol float64) (m int64, e int, ok bool) {
	e = int(math.Floor(math.Log10(step) + tol))
	for _, want := range []int64{1, 2, 5} {
		if math.Abs(step/math.Pow(10, float64(e))-float64(want)) < tol*float64(want) {
			return want, e, true
		}
	}
	return 0, 0, false
}

func TestNiceTicksAreNiceAndCoverTheRange(t *testing.T) {
	r := sampling.NewRand(1)
	for trial := range 2000 {
		lo := (r.Float64() - 0.5) * math.Pow(10, float64(r.IntN(12)-6))
		hi := lo + r.Float64()*math.Pow(10, float64(r.IntN(12)-6))
		if hi == lo {
			continue
		}
		maxTicks := 2 + r.IntN(10)
		ticks := NiceTicks(lo, hi, maxTicks)
		if len(ticks) == 0 || len(ticks) > maxTicks {
			t.Fatalf("trial %d: NiceTicks(%g, %g, %d) = %v: want 1..%d ticks", trial, lo, hi, maxTicks, ticks, maxTicks)
		}
		if len(ticks) < 2 {
			continue
		}
		measured := ticks[1] - ticks[0]
		// The ticks' own rounding limits how exactly their spacing shows.
		relTol := 1e-9 + 1e-14*math.Max(math.Abs(lo), math.Abs(hi))/measured
		m, e, ok := niceStep(measured, relTol)
		if !ok {
			t.Fatalf("NiceTicks(%g, %g, %d) = %v: step %g is not 1, 2 or 5 × 10^k", lo, hi, maxTicks, ticks, measured)
		}
		step := decimal(m, e)
		for i, v := range ticks {
			if want := ticks[0] + float64(i)*step; math.Abs(v-want) > relTol*step {
				t.Fatalf("NiceTicks(%g, %g, %d) = %v: uneven spacing", lo, hi, maxTicks, ticks)
			}
		}
		tol := relTol * step
		if ticks[0] < lo-tol || ticks[len(ticks)-1] > hi+tol {
			t.Fatalf("NiceTicks(%g, %g, %d) = %v: ticks outside the range", lo, hi, maxTicks, ticks)
		}
		// Covering: no further multiple of step fits at either end.
		if ticks[0]-step >= lo+tol || ticks[len(ticks)-1]+step <= hi-tol {
			t.Fatalf("NiceTicks(%g, %g, %d) = %v: misses a tick at an end", lo, hi, maxTicks, ticks)
		}
		// The smallest fitting step: the next smaller nice step needs more
		// than maxTicks ticks (unless an end is within rounding of a tick).
		smaller := map[int64]float64{1: decimal(5, e-1), 2: decimal(1, e), 5: decimal(2, e)}[m]
		a, b := lo/smaller, hi/smaller
		nearInt := func(v float64) bool { return math.Abs(v-math.Round(v)) < 1e-6 }
		if n := math.Floor(b) - math.Ceil(a) + 1; n <= float64(maxTicks) && !nearInt(a) && !nearInt(b) {
			t.Fatalf("NiceTicks(%g, %g, %d) = %v: step %g would also fit", lo, hi, maxTicks, ticks, smaller)
		}
	}
}

func TestNiceTicksExamples(t *testing.T) {
	for _, c := range []struct {
		lo, hi float64
		n      int
		want   []float64
	}{
		{0, 1, 6, []float64{0, 0.2, 0.4, 0.6, 0.8, 1}},
		{0, 37.25, 6, []float64{0, 10, 20, 30}},
		{-1, 1, 5, []float64{-1, -0.5, 0, 0.5, 1}},
		{0.1, 0.35, 4, []float64{0.1, 0.2, 0.3}},
		{3, 3, 5, []float64{3}},
		{1e6, 3e6, 3, []float64{1e6, 2e6, 3e6}},
	} {
		got := NiceTicks(c.lo, c.hi, c.n)
		if !slices.Equal(got, c.want) { // exact: 0.3 must be the double nearest 0.3
			t.Errorf("NiceTicks(%g, %g, %d) = %v, want %v", c.lo, c.hi, c.n, got, c.want)
		}
	}
	if got := NiceTicks(0, 1, 6); math.Signbit(got[0]) {
		t.Error("NiceTicks(0, 1, 6) starts at −0, which formats as \"-0\"")
	}
	for _, c := range [][2]float64{{1, 0}, {math.NaN(), 1}, {0, math.Inf(1)}} {
		if got := NiceTicks(c[0], c[1], 5); got != nil {
			t.Errorf("NiceTicks(%g, %g) = %v, want nil", c[0], c[1], got)
		}
	}
}

func TestLogTicksArePowersOfTen(t *testing.T) {
	for _, c := range []struct {
		lo, hi   float64
		maxTicks int
		step     int // decades between labelled ticks
	}{
		{1e-10, 1, 20, 1},
		{1e-10, 1, 6, 2},
		{1e-12, 1, 4, 4},
		{1e-11, 10, 5, 3},
		{1e-300, 1e300, 8, 100},
	} {
		ticks := LogTicks(c.lo, c.hi, c.maxTicks)
		if len(ticks) < 2 || len(ticks) > c.maxTicks {
			t.Errorf("LogTicks(%g, %g, %d) = %v: want 2..%d ticks", c.lo, c.hi, c.maxTicks, ticks, c.maxTicks)
			continue
		}
		prev := 0
		for i, v := range ticks {
			e := int(math.Round(math.Log10(v)))
			if math.Pow10(e) != v {
				t.Errorf("LogTicks(%g, %g, %d): %g is not a power of ten", c.lo, c.hi, c.maxTicks, v)
			}
			if e%c.step != 0 || i > 0 && e-prev != c.step {
				t.Errorf("LogTicks(%g, %g, %d) = %v: want every %d-th decade", c.lo, c.hi, c.maxTicks, ticks, c.step)
			}
			if v < c.lo || v > c.hi {
				t.Errorf("LogTicks(%g, %g, %d): %g outside the range", c.lo, c.hi, c.maxTicks, v)
			}
			prev = e
		}
	}
	// Under two decades in range: 1, 2, 5 multiples.
	if got, want := LogTicks(0.15, 3, 6), []float64{0.2, 0.5, 1, 2}; !slices.Equal(got, want) {
		t.Errorf("LogTicks(0.15, 3) = %v, want %v", got, want)
	}
	for _, c := range [][2]float64{{0, 1}, {-1, 1}, {2, 1}, {1, math.NaN()}} {
		if got := LogTicks(c[0], c[1], 5); got != nil {
			t.Errorf("LogTicks(%g, %g) = %v, want nil", c[0], c[1], got)
		}
	}
}

func TestLogMinorTicks(t *testing.T) {
	major := LogTicks(1e-4, 1, 3) // 1e-4, 1e-2, 1
	if want := []float64{1e-4, 1e-2, 1}; !slices.Equal(major, want) {
		t.Fatalf("LogTicks(1e-4, 1, 3) = %v, want %v", major, want)
	}
	if got, want := LogMinorTicks(1e-4, 1, major, false), []float64{1e-3, 1e-1}; !slices.Equal(got, want) {
		t.Errorf("minor decades = %v, want %v", got, want)
	}
	sub := LogMinorTicks(1, 100, []float64{1, 10, 100}, true)
	if len(sub) != 16 || sub[0] != 2 || sub[7] != 9 || sub[8] != 20 || sub[15] != 90 {
		t.Errorf("sub-decade ticks on [1, 100] = %v, want 2..9, 20..90", sub)
	}
}

func TestDecadeRange(t *testing.T) {
	for _, c := range [][4]float64{
		{3e-11, 0.4, 1e-11, 1},
		{1e-10, 1, 1e-10, 1},
		{5, 5, 1, 10},
		{1, 1, 1, 10},
	} {
		lo, hi := DecadeRange(c[0], c[1])
		if lo != c[2] || hi != c[3] {
			t.Errorf("DecadeRange(%g, %g) = %g, %g, want %g, %g", c[0], c[1], lo, hi, c[2], c[3])
		}
	}
}

func TestNiceRange(t *testing.T) {
	for _, c := range [][4]float64{
		{0, 37.25, 0, 40},
		{0.13, 0.87, 0, 1},
		{-3.2, 7.9, -4, 8},
		{2, 2, 1, 3},
		{0, 0, -1, 1},
	} {
		lo, hi := NiceRange(c[0], c[1], 6)
		if lo != c[2] || hi != c[3] {
			t.Errorf("NiceRange(%g, %g, 6) = %g, %g, want %g, %g", c[0], c[1], lo, hi, c[2], c[3])
		}
	}
}
