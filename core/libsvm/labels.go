package libsvm

import (
	"fmt"
	"math"
	"slices"
)

// parseClass reads Options.PositiveClass; "" means none (NaN).
func parseClass(s string) (float64, error) {
	if s == "" {
		return math.NaN(), nil
	}
	v, err := parseFloat([]byte(s)) // as labels are read
	if err != nil {
		return 0, fmt.Errorf("%w: PositiveClass %q is not a finite decimal number", ErrLabel, s)
	}
	return v, nil
}

// binarize maps the file's labels y to ±1 in place, as described in the
// package documentation; positive is the PositiveClass (NaN for none) and
// name its text, for errors.
func binarize(y []float64, positive float64, name string) error {
	classes := distinct(y)
	var isPositive func(v float64) bool
	switch {
	case !math.IsNaN(positive):
		if _, found := slices.BinarySearch(classes, positive); !found {
			return classError(classes, name, ErrNoClass)
		}
		isPositive = func(v float64) bool { return v == positive }
	case len(classes) == 1:
		isPositive = func(v float64) bool { return v > 0 }
	case len(classes) == 2:
		isPositive = func(v float64) bool { return v == classes[1] }
	default:
		return classError(classes, "", ErrMultiClass)
	}
	for i, v := range y {
		y[i] = -1
		if isPositive(v) {
			y[i] = 1
		}
	}
	return nil
}

// distinct returns the distinct values of y in ascending order.
func distinct(y []float64) []float64 {
	seen := make(map[float64]struct{})
	var last0, last1 float64 = math.NaN(), math.NaN() // most binary files hit these
	for _, v := range y {
		if v == last0 || v == last1 {
			continue
		}
		seen[v] = struct{}{}
		last0, last1 = v, last0
	}
	out := make([]float64, 0, len(seen))
	for v := range seen {
		out = append(out, v)
	}
	slices.Sort(out)
	return out
}

func classError(classes []float64, positive string, kind error) *ClassError {
	listed := classes[:min(len(classes), MaxListedClasses)]
	return &ClassError{Classes: slices.Clone(listed), Total: len(classes), Positive: positive, kind: kind}
}
