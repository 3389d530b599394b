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

// Classes are a file's labels as it writes them, before Read maps them to
// ±1: what a user interface shows of a file's classes, or offers as the
// choices of Options.PositiveClass.
type Classes struct {
	Labels []float64 // the distinct labels, ascending
	Counts []int     // Counts[k] examples have Labels[k]
}

// classesOf returns the distinct labels of y and their counts.
func classesOf(y []float64) Classes {
	counts := make(map[float64]int)
	// Most files have two labels, often in runs: two slots count them
	// without a map update per example.
	a, b := math.NaN(), math.NaN()
	na, nb := 0, 0
	for _, v := range y {
		switch v {
		case a:
			na++
		case b:
			nb++
		default:
			if nb > 0 {
				counts[b] += nb
			}
			b, nb = a, na
			a, na = v, 1
		}
	}
	if na > 0 {
		counts[a] += na
	}
	if nb > 0 {
		counts[b] += nb
	}
	c := Classes{Labels: make([]float64, 0, len(counts))}
	for v := range counts {
		c.Labels = append(c.Labels, v)
	}
	slices.Sort(c.Labels)
	c.Counts = make([]int, len(c.Labels))
	for k, v := range c.Labels {
		c.Counts[k] = counts[v]
	}
	return c
}

// binarize maps the file's labels y, whose classes are those of
// classesOf(y), to ±1 in place, as described in the package documentation;
// positive is the PositiveClass (NaN for none) and name its text, for
// errors.
func binarize(y []float64, c Classes, positive float64, name string) error {
	classes := c.Labels
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

func classError(classes []float64, positive string, kind error) *ClassError {
	listed := classes[:min(len(classes), MaxListedClasses)]
	return &ClassError{Classes: slices.Clone(listed), Total: len(classes), Positive: positive, kind: kind}
}
