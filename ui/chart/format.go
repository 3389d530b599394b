package chart

import (
	"math"
	"strconv"
	"strings"
)

// FormatTicks labels the ticks of a linear axis with a common number of
// decimals (0, 0.5, 1 → "0.0", "0.5", "1.0"), the fewest that show every tick
// exactly, or in exponent notation ("2e-5", "1.5e6") when the magnitudes are
// very large or very small.
func FormatTicks(ticks []float64) []string {
	out := make([]string, len(ticks))
	big := 0.0
	for _, v := range ticks {
		big = math.Max(big, math.Abs(v))
	}
	if big >= 1e6 || (big > 0 && big < 1e-3) {
		for i, v := range ticks {
			out[i] = FormatNumber(v, 4)
		}
		return out
	}
	decimals := 0
	for _, v := range ticks {
		s := strconv.FormatFloat(v, 'f', -1, 64)
		if dot := strings.IndexByte(s, '.'); dot >= 0 {
			decimals = max(decimals, len(s)-dot-1)
		}
	}
	decimals = min(decimals, 10)
	for i, v := range ticks {
		out[i] = strconv.FormatFloat(v, 'f', decimals, 64)
		if out[i] == "-"+strconv.FormatFloat(0, 'f', decimals, 64) {
			out[i] = out[i][1:]
		}
	}
	return out
}

// FormatNumber formats v with at most digits significant digits, without
// trailing zeros, using a compact exponent ("1e-10", "2.5e6") for very large
// or very small magnitudes. NaN and ±Inf are "NaN", "∞" and "−∞".
func FormatNumber(v float64, digits int) string {
	switch {
	case math.IsNaN(v):
		return "NaN"
	case math.IsInf(v, 1):
		return "∞"
	case math.IsInf(v, -1):
		return "−∞"
	case v == 0:
		return "0"
	}
	digits = max(digits, 1)
	s := strconv.FormatFloat(v, 'g', digits, 64)
	mant, exp, hasExp := strings.Cut(s, "e")
	if strings.Contains(mant, ".") {
		mant = strings.TrimRight(strings.TrimRight(mant, "0"), ".")
	}
	if !hasExp {
		return mant
	}
	sign := ""
	if exp[0] == '-' {
		sign = "-"
	}
	return mant + "e" + sign + strings.TrimLeft(exp[1:], "0")
}

var superscripts = [...]string{"⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"}

// FormatPow10 writes 10^e with Unicode superscripts: FormatPow10(-4) is "10⁻⁴".
func FormatPow10(e int) string {
	var b strings.Builder
	b.WriteString("10")
	if e < 0 {
		b.WriteString("⁻")
		e = -e
	}
	for _, c := range strconv.Itoa(e) {
		b.WriteString(superscripts[c-'0'])
	}
	return b.String()
}

// FormatLogTick labels a tick of a logarithmic axis: exact powers of ten as
// FormatPow10, other values by FormatNumber.
func FormatLogTick(v float64) string {
	if v > 0 {
		e := int(math.Round(math.Log10(v)))
		if math.Pow10(e) == v {
			return FormatPow10(e)
		}
	}
	return FormatNumber(v, 3)
}

// CommonPow10 is the power of ten e that a column of small numbers is
// best shown in units of, as "θ (×10⁻⁴)" over 0.501, 0.715, 1.19: the
// exponent of the largest magnitude among values, when that is below 0.01,
// and 0 otherwise (no unit: the numbers are short as they are). NaN and
// ±Inf are ignored.
func CommonPow10(values ...float64) int {
	big := 0.0
	for _, v := range values {
		if a := math.Abs(v); !math.IsInf(a, 0) && a > big {
			big = a
		}
	}
	if big == 0 || big >= 1e-2 {
		return 0
	}
	e := int(math.Floor(math.Log10(big)))
	if math.Pow10(e+1) <= big { // Log10 rounded below a power of ten
		e++
	}
	return e
}
