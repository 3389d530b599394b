package chart

import (
	"math"
	"slices"
	"testing"
)

func TestFormatTicks(t *testing.T) {
	for _, c := range []struct {
		ticks []float64
		want  []string
	}{
		{NiceTicks(0, 1, 6), []string{"0.0", "0.2", "0.4", "0.6", "0.8", "1.0"}},
		{NiceTicks(0.1, 0.35, 4), []string{"0.1", "0.2", "0.3"}}, // not 0.30000000000000004
		{NiceTicks(0, 40, 5), []string{"0", "10", "20", "30", "40"}},
		{NiceTicks(-1, 1, 5), []string{"-1.0", "-0.5", "0.0", "0.5", "1.0"}},
		{NiceTicks(0, 3e6, 4), []string{"0", "1e6", "2e6", "3e6"}},
		{NiceTicks(0, 2e-5, 3), []string{"0", "1e-5", "2e-5"}},
	} {
		if got := FormatTicks(c.ticks); !slices.Equal(got, c.want) {
			t.Errorf("FormatTicks(%v) = %q, want %q", c.ticks, got, c.want)
		}
	}
}

func TestFormatNumber(t *testing.T) {
	for _, c := range []struct {
		v      float64
		digits int
		want   string
	}{
		{1e-10, 3, "1e-10"},
		{2.5e6, 3, "2.5e6"},
		{1234.5678, 4, "1235"},
		{0.30000000000000004, 4, "0.3"},
		{-0.0, 3, "0"},
		{8.83, 3, "8.83"},
		{math.NaN(), 3, "NaN"},
		{math.Inf(1), 3, "∞"},
		{math.Inf(-1), 3, "−∞"},
	} {
		if got := FormatNumber(c.v, c.digits); got != c.want {
			t.Errorf("FormatNumber(%g, %d) = %q, want %q", c.v, c.digits, got, c.want)
		}
	}
}

func TestFormatPow10AndLogTick(t *testing.T) {
	for e, want := range map[int]string{0: "10⁰", 1: "10¹", -4: "10⁻⁴", -10: "10⁻¹⁰", 23: "10²³"} {
		if got := FormatPow10(e); got != want {
			t.Errorf("FormatPow10(%d) = %q, want %q", e, got, want)
		}
	}
	for _, c := range []struct {
		v    float64
		want string
	}{{1e-4, "10⁻⁴"}, {1, "10⁰"}, {2e-5, "2e-5"}, {2e-4, "0.0002"}, {0.5, "0.5"}, {1e-300, "10⁻³⁰⁰"}} {
		if got := FormatLogTick(c.v); got != c.want {
			t.Errorf("FormatLogTick(%g) = %q, want %q", c.v, got, c.want)
		}
	}
}

func TestCommonPow10(t *testing.T) {
	for _, c := range []struct {
		in   []float64
		want int
	}{
		{[]float64{0.0000501, 0.000119}, -4},
		{[]float64{0.000119, 0.0000501}, -4},
		{[]float64{0.001}, -3},
		{[]float64{0.00999}, -3},
		{[]float64{0.01, 0.0001}, 0},
		{[]float64{0.5}, 0},
		{[]float64{math.NaN(), 2e-7, math.Inf(1)}, -7},
		{nil, 0},
		{[]float64{0, -3e-5}, -5},
	} {
		if got := CommonPow10(c.in...); got != c.want {
			t.Errorf("CommonPow10(%v) = %d, want %d", c.in, got, c.want)
		}
	}
}
