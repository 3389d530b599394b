package chart

import "math"

// NiceTicks returns at most maxTicks (at least 2 is assumed) evenly spaced
// values covering [lo, hi] whose step is 1, 2 or 5 × 10^k, the smallest such
// step that fits. Each tick is the double nearest to its decimal value (0.3,
// not 0.30000000000000004). It returns nil if lo or hi is not finite or
// hi < lo, and {lo} if hi == lo.
func NiceTicks(lo, hi float64, maxTicks int) []float64 {
	if !finite(lo) || !finite(hi) || hi < lo {
		return nil
	}
	if hi == lo {
		return []float64{lo}
	}
	maxTicks = max(maxTicks, 2)
	// Start one decade below the mean spacing so that the first fitting
	// candidate is the smallest.
	e := int(math.Floor(math.Log10((hi-lo)/float64(maxTicks)))) - 1
	for ; ; e++ {
		for _, m := range [...]int64{1, 2, 5} {
			step := decimal(m, e)
			first := math.Ceil(lo/step - 1e-9)
			last := math.Floor(hi/step + 1e-9)
			if last-first+1 > float64(maxTicks) {
				continue
			}
			ticks := make([]float64, 0, int(last-first)+1)
			for k := first; k <= last; k++ {
				ticks = append(ticks, scaled(k*float64(m), e)+0) // +0 turns −0 into 0
			}
			return ticks
		}
	}
}

// decimal returns m × 10^e as the nearest double.
func decimal(m int64, e int) float64 { return scaled(float64(m), e) }

// scaled returns the double nearest to the decimal v × 10^e for an integral
// v: dividing by an exact power of ten rounds once, multiplying by an inexact
// one (10^-1 = 0.1000…0555) would round twice.
func scaled(v float64, e int) float64 {
	if e >= 0 {
		return v * math.Pow10(e)
	}
	if e >= -22 { // 10^22 is the largest power of ten a double holds exactly
		return v / math.Pow10(-e)
	}
	return v * math.Pow10(e)
}

// LogTicks returns the labelled ticks of a logarithmic axis on [lo, hi]
// (0 < lo ≤ hi): powers of ten, every k-th decade with k ∈ {1, 2, 3, 4, 5,
// 10, 20, 50, 100, …} the smallest giving at most maxTicks ticks, the decades being
// multiples of k so that 10⁰ is kept whenever it is in range. If fewer than
// two decades lie in range it falls back to {1, 2, 5} × 10^k, then to
// NiceTicks. It returns nil for an invalid range.
func LogTicks(lo, hi float64, maxTicks int) []float64 {
	if !(lo > 0) || !finite(hi) || hi < lo {
		return nil
	}
	maxTicks = max(maxTicks, 2)
	first, last := decadeSpan(lo, hi)
	if last-first+1 >= 2 {
		k := logStep(last-first+1, maxTicks)
		var ticks []float64
		for e := ceilDiv(first, k) * k; e <= last; e += k {
			ticks = append(ticks, math.Pow10(e))
		}
		if len(ticks) >= 2 || maxTicks < 2 {
			return ticks
		}
	}
	var ticks []float64
	for e := first - 1; e <= last; e++ {
		for _, m := range [...]int64{1, 2, 5} {
			if v := decimal(m, e); inLogRange(v, lo, hi) {
				ticks = append(ticks, v)
			}
		}
	}
	if len(ticks) >= 2 && len(ticks) <= maxTicks {
		return ticks
	}
	return NiceTicks(lo, hi, maxTicks)
}

// LogMinorTicks returns the unlabelled ticks of a logarithmic axis on
// [lo, hi] that are not in major: the skipped decades and, if subdecades is
// true, 2…9 × 10^k.
func LogMinorTicks(lo, hi float64, major []float64, subdecades bool) []float64 {
	if !(lo > 0) || !finite(hi) || hi < lo {
		return nil
	}
	isMajor := make(map[float64]bool, len(major))
	for _, v := range major {
		isMajor[v] = true
	}
	first, last := decadeSpan(lo, hi)
	var ticks []float64
	for e := first - 1; e <= last; e++ {
		top := int64(1)
		if subdecades {
			top = 9
		}
		for m := int64(1); m <= top; m++ {
			if v := decimal(m, e); inLogRange(v, lo, hi) && !isMajor[v] {
				ticks = append(ticks, v)
			}
		}
	}
	return ticks
}

// decadeSpan returns the first and last exponents e with 10^e in [lo, hi],
// tolerating rounding (last < first when there is none).
func decadeSpan(lo, hi float64) (first, last int) {
	return int(math.Ceil(math.Log10(lo) - 1e-9)), int(math.Floor(math.Log10(hi) + 1e-9))
}

// logStep is the decade step for n decades and at most maxTicks ticks.
func logStep(n, maxTicks int) int {
	for k := 1; ; k = nextLogStep(k) {
		if (n+k-1)/k <= maxTicks {
			return k
		}
	}
}

// nextLogStep steps 1, 2, 3, 4, 5, then 1, 2, 5 × 10^k decades.
func nextLogStep(k int) int {
	if k < 5 {
		return k + 1
	}
	for p := 1; ; p *= 10 {
		switch k {
		case 5 * p:
			return 10 * p
		case 10 * p:
			return 20 * p
		case 20 * p:
			return 50 * p
		}
	}
}

// DecadeRange widens [lo, hi] (0 < lo ≤ hi) to whole decades, and to one
// decade at least.
func DecadeRange(lo, hi float64) (float64, float64) {
	a := math.Floor(math.Log10(lo) + 1e-9)
	b := math.Ceil(math.Log10(hi) - 1e-9)
	if b <= a {
		b = a + 1
	}
	return math.Pow10(int(a)), math.Pow10(int(b))
}

// NiceRange widens [lo, hi] outward to multiples of the step NiceTicks would
// use with maxTicks ticks; an empty range is widened around its value.
func NiceRange(lo, hi float64, maxTicks int) (float64, float64) {
	if !finite(lo) || !finite(hi) || hi < lo {
		return lo, hi
	}
	if hi == lo {
		d := math.Abs(lo) / 2
		if d == 0 {
			d = 1
		}
		lo, hi = lo-d, hi+d
	}
	t := NiceTicks(lo, hi, maxTicks)
	step := (hi - lo) // one tick only cannot happen for hi > lo, but be safe
	if len(t) >= 2 {
		step = t[1] - t[0]
	}
	if t[0] > lo {
		lo = t[0] - step
	} else {
		lo = t[0]
	}
	if last := t[len(t)-1]; last < hi {
		hi = last + step
	} else {
		hi = last
	}
	return tidy(lo, step), tidy(hi, step)
}

// tidy rounds v to the nearest double of a multiple of step's decimal digit.
func tidy(v, step float64) float64 {
	e := int(math.Floor(math.Log10(step)+1e-9)) - 1
	return scaled(math.Round(scaled(v, -e)), e)
}

// inLogRange is inRange for a logarithmic axis, where the tolerance must be
// relative to each end: an absolute one sized by hi would admit whole decades
// below lo.
func inLogRange(v, lo, hi float64) bool {
	return v >= lo*(1-1e-9) && v <= hi*(1+1e-9)
}

func ceilDiv(a, b int) int {
	q := a / b
	if a%b != 0 && (a > 0) == (b > 0) {
		q++
	}
	return q
}

func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }
