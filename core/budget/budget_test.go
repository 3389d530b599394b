package budget_test

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"

	"imlab/core/budget"
)

func TestCheck(t *testing.T) {
	b := 64 * budget.MiB
	for _, tc := range []struct {
		name  string
		shape budget.Shape
		want  budget.Quantity // -1: fits
	}{
		{"empty", budget.Shape{}, -1},
		{"w8a-like", budget.Shape{Text: 10 << 20, Examples: 50000, Features: 301, NonZeros: 1 << 20}, -1},
		{"text", budget.Shape{Text: 2*int64(b) + 1}, budget.Text},
		{"rows", budget.Shape{Examples: int64(b)/budget.PerExample + 1}, budget.Examples},
		{"huge index", budget.Shape{Examples: 2, Features: 300_000_000}, budget.Features},
		{"int32 index", budget.Shape{Features: math.MaxInt32}, budget.Features},
		{"nnz", budget.Shape{NonZeros: math.MaxInt64}, budget.NonZeros},
		{"sum", budget.Shape{Examples: b.Limit(budget.Examples) / 2, Features: b.Limit(budget.Features) / 2,
			NonZeros: b.Limit(budget.NonZeros) / 2}, budget.Total},
	} {
		err := b.Check(tc.shape)
		if tc.want < 0 {
			if err != nil {
				t.Errorf("%s: %v, want nil", tc.name, err)
			}
			continue
		}
		var be *budget.Error
		if !errors.As(err, &be) || !errors.Is(err, budget.ErrExceeded) || be.Quantity != tc.want {
			t.Errorf("%s: %v, want an *Error about %v", tc.name, err, tc.want)
		}
	}
}

func TestLimitsFit(t *testing.T) {
	b := 100 * budget.MiB
	for _, q := range []budget.Quantity{budget.Examples, budget.Features, budget.NonZeros} {
		s := budget.Shape{}
		switch q {
		case budget.Examples:
			s.Examples = b.Limit(q)
		case budget.Features:
			s.Features = b.Limit(q)
		case budget.NonZeros:
			s.NonZeros = b.Limit(q)
		}
		if err := b.Check(s); err != nil {
			t.Errorf("%v at its limit: %v", q, err)
		}
	}
}

func ExampleBudget_Check() {
	b := 1 * budget.GiB
	fmt.Println(b.Check(budget.Shape{Examples: 2, Features: 300_000_000, NonZeros: 2}))
	fmt.Println(b.Check(budget.Shape{Examples: 50_000, Features: 301, NonZeros: 1_000_000}))
	// Output:
	// memory budget exceeded: 300000000 features (d), the limit is 7456540 (budget 1 GiB)
	// <nil>
}

// TestStringNeverExponent writes budgets around every unit boundary: never
// in exponent notation, never 1024 or more of a unit, three digits.
func TestStringNeverExponent(t *testing.T) {
	for k := 10; k <= 50; k += 10 {
		unit := int64(1) << k
		for _, x := range []int64{unit - 1, unit, unit + 1, unit + unit/1000, 1000 * unit, 1023 * unit, 1024*unit - unit/4000, 1024*unit - 1} {
			s := budget.Budget(x).String()
			num, _, _ := strings.Cut(s, " ")
			v, err := strconv.ParseFloat(num, 64)
			if strings.ContainsAny(num, "eE") || err != nil || v >= 1024 || v < 1 {
				t.Errorf("%d bytes written %q", x, s)
			}
		}
	}
	for b, want := range map[budget.Budget]string{
		1: "1 byte", 1000: "1000 bytes", budget.GiB: "1 GiB", 1023*budget.MiB + budget.MiB/4: "1023 MiB",
		1024*budget.MiB - budget.MiB/10: "1 GiB", 1536 * budget.MiB: "1.5 GiB", 11*budget.GiB + 800*budget.MiB: "11.8 GiB",
		1 << 50: "1 PiB",
	} {
		if got := b.String(); got != want {
			t.Errorf("Budget(%d).String() = %q, want %q", int64(b), got, want)
		}
	}
}

// TestErrorShowsTheDifference: a need just over the budget is written with
// the digits that tell them apart, or in exact bytes.
func TestErrorShowsTheDifference(t *testing.T) {
	b := budget.Budget(12_670_000_000)
	for _, tc := range []struct {
		over int64
		want string
	}{
		{int64(b / 50), "the data set needs 12 GiB, the budget is 11.8 GiB"},
		{int64(b / 1000), "the data set needs 11.81 GiB, the budget is 11.8 GiB"},
		{int64(budget.MiB), "the data set needs 11.801 GiB, the budget is 11.8 GiB"},
		{1, "the data set needs 11.8 GiB (12670000001 bytes), the budget is 11.8 GiB (12670000000 bytes)"},
	} {
		e := &budget.Error{Quantity: budget.Total, Value: int64(b) + tc.over, Limit: int64(b), Budget: b}
		if !strings.Contains(e.Error(), tc.want) {
			t.Errorf("%d bytes over: %q, want %q", tc.over, e.Error(), tc.want)
		}
	}
	text := &budget.Error{Quantity: budget.Text, Value: 2*int64(b) + 10, Limit: 2 * int64(b), Budget: b}
	if msg := text.Error(); !strings.Contains(msg, "more than 23.6 GiB (25340000010 bytes) of decompressed text, the limit is 23.6 GiB (25340000000 bytes): 2× the budget of 11.8 GiB") {
		t.Errorf("text over its limit: %q", msg)
	}
}
