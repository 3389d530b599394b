package budget

import "fmt"

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

// formatBytes writes a byte count in binary units.
func formatBytes(x float64) string {
	units := []string{"bytes", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"}
	k := 0
	for x >= 1024 && k < len(units)-1 {
		x /= 1024
		k++
	}
	if k == 0 {
		return fmt.Sprintf("%.0f bytes", x)
	}
	return fmt.Sprintf("%.3g %s", x, units[k])
}
