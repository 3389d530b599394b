package budget_test

import (
	"errors"
	"fmt"
	"math"
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
