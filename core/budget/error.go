package budget

import (
	"errors"
	"fmt"
)

// ErrExceeded is wrapped by every *Error.
var ErrExceeded = errors.New("memory budget exceeded")

// Quantity names what a budget check measured.
type Quantity int

// The quantities of a Shape, and their total cost.
const (
	Text     Quantity = iota // decompressed bytes read
	Examples                 // n
	Features                 // d
	NonZeros                 // nnz
	Total                    // the cost of the whole shape, in bytes
)

func (q Quantity) String() string {
	switch q {
	case Text:
		return "decompressed bytes"
	case Examples:
		return "examples (n)"
	case Features:
		return "features (d)"
	case NonZeros:
		return "non-zeros"
	case Total:
		return "memory"
	}
	return fmt.Sprintf("Quantity(%d)", int(q))
}

// Error reports a quantity over its limit under a budget.
type Error struct {
	Quantity Quantity
	Value    int64 // the quantity's value (bytes for Text and Total)
	Limit    int64 // its limit under Budget
	Budget   Budget
}

func (e *Error) Error() string {
	switch e.Quantity {
	case Text:
		value, limit := formatPair(e.Value, e.Limit)
		return fmt.Sprintf("%v: more than %s of decompressed text, the limit is %s: %d× the budget of %v",
			ErrExceeded, value, limit, TextFactor, e.Budget)
	case Total:
		value, limit := formatPair(e.Value, e.Limit)
		return fmt.Sprintf("%v: the data set needs %s, the budget is %s", ErrExceeded, value, limit)
	}
	return fmt.Sprintf("%v: %d %v, the limit is %d (budget %v)", ErrExceeded, e.Value, e.Quantity, e.Limit, e.Budget)
}

func (e *Error) Unwrap() error { return ErrExceeded }
