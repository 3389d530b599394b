package budget

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Budget is a memory budget in bytes.
type Budget int64

// Common sizes.
const (
	MiB Budget = 1 << 20
	GiB Budget = 1 << 30
)

// Page is the budget of the browser page: 1 GiB. A 64-bit tab may grow its
// wasm heap to 4 GiB, but Go's garbage collector needs headroom of about the
// live heap again (GOGC=100), and browsers kill tabs well before 4 GiB on
// machines with 4–8 GiB of memory; 1 GiB of priced data keeps the heap near
// 2 GiB at its peak.
const Page = GiB

// Default is the budget of callers that do not choose one.
const Default = GiB

// Check returns nil if s fits in b, or an *Error naming the first quantity
// over its share: the text against TextFactor·b, each of n, d and nnz alone
// against b, then their total cost. It panics if b is not positive.
func (b Budget) Check(s Shape) error {
	if b <= 0 {
		panic(fmt.Sprintf("budget: non-positive budget %d", b))
	}
	switch {
	case s.Text > b.Limit(Text):
		return &Error{Quantity: Text, Value: s.Text, Limit: b.Limit(Text), Budget: b}
	case s.Examples > b.Limit(Examples):
		return &Error{Quantity: Examples, Value: s.Examples, Limit: b.Limit(Examples), Budget: b}
	case s.Features > b.Limit(Features):
		return &Error{Quantity: Features, Value: s.Features, Limit: b.Limit(Features), Budget: b}
	case s.NonZeros > b.Limit(NonZeros):
		return &Error{Quantity: NonZeros, Value: s.NonZeros, Limit: b.Limit(NonZeros), Budget: b}
	case s.Bytes() > float64(b):
		return &Error{Quantity: Total, Value: saturate(s.Bytes()), Limit: int64(b), Budget: b}
	}
	return nil
}

// Limit is the largest value of q that fits in b alone (all other
// quantities zero).
func (b Budget) Limit(q Quantity) int64 {
	switch q {
	case Text:
		return TextFactor * int64(b)
	case Examples:
		return int64(b) / PerExample
	case Features:
		return int64(b) / PerFeature
	case NonZeros:
		return int64(b) / PerNonZero
	case Total:
		return int64(b)
	}
	panic(fmt.Sprintf("budget: unknown quantity %d", q))
}

// LineBytes is the longest line a reader under b accepts: a quarter of the
// budget, since a line is held once as text and its tokens again, parsed,
// before they join the data set.
func (b Budget) LineBytes() int { return int(min(int64(b)/4, 1<<62)) }

func (b Budget) String() string { return formatBytes(float64(b)) }

// units are the binary units byte counts are written in.
var units = []string{"bytes", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"}

// formatBytes writes a byte count with three significant digits in the
// largest binary unit under which it is at least 1, never in exponent
// notation: 1023.9 MiB is written "1 GiB", not "1.02e+03 MiB".
func formatBytes(x float64) string { return formatDigits(x, 3) }

// formatDigits writes x bytes as formatBytes does, with the given number of
// significant digits (more where the integer part has more).
func formatDigits(x float64, digits int) string {
	k := 0
	for x >= 1024 && k < len(units)-1 {
		x /= 1024
		k++
	}
	if k == 0 {
		if x == 1 {
			return "1 byte"
		}
		return strconv.FormatFloat(x, 'f', 0, 64) + " bytes"
	}
	s := fixedDigits(x, digits)
	if s == "1024" && k < len(units)-1 { // rounded up into the next unit
		x /= 1024
		k++
		s = fixedDigits(x, digits)
	}
	return s + " " + units[k]
}

// fixedDigits writes x (in [1, 1024)) in fixed notation with digits
// significant digits, trailing zeros dropped.
func fixedDigits(x float64, digits int) string {
	whole := len(strconv.FormatFloat(math.Floor(x), 'f', 0, 64))
	s := strconv.FormatFloat(x, 'f', max(0, digits-whole), 64)
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	return s
}

// formatPair writes two byte counts, a > b, so that they read differently:
// with three significant digits, or as many more as it takes up to six, or
// else with their exact byte counts beside them. "needs 11.8 GiB, the budget
// is 11.8 GiB" would state no difference.
func formatPair(a, b int64) (string, string) {
	for digits := 3; digits <= 6; digits++ {
		sa, sb := formatDigits(float64(a), digits), formatDigits(float64(b), digits)
		if sa != sb {
			return sa, sb
		}
	}
	exact := func(x int64) string {
		s := formatBytes(float64(x))
		if x < 1024 {
			return s
		}
		return s + " (" + strconv.FormatInt(x, 10) + " bytes)"
	}
	return exact(a), exact(b)
}
