package experiment_test

import (
	"errors"
	"fmt"

	"imlab/core/dfsdca"
	"imlab/core/experiment"
)

// The CLI's -tau flags and the page's τ field read minibatch sizes by one
// rule: sorted, without duplicates, separated by commas, semicolons or
// spaces.
func ExampleParseTaus() {
	taus, err := experiment.ParseTaus("8, 1;2 4 2", 4096)
	fmt.Println(taus, err, experiment.FormatTaus(taus))

	_, err = experiment.ParseTaus("1,5000", 4096)
	fmt.Println(err, errors.Is(err, experiment.ErrTaus))
	// Output:
	// [1 2 4 8] <nil> 1,2,4,8
	// "5000" is not a whole number in 1…4096 true
}

// Crossing interpolates log(gap) between the last evaluation above ε and the
// first at or below it, so that a ratio of crossings does not snap to the
// evaluation grid.
func ExampleCrossing() {
	trace := []dfsdca.Point{
		{IterPerN: 0, Gap: 1},
		{IterPerN: 1, Gap: 1e-2},
		{IterPerN: 2, Gap: 1e-6},
	}
	x, ok := experiment.Crossing(trace, 1e-4)
	fmt.Println(x, ok)
	_, ok = experiment.Crossing(trace, 1e-9)
	fmt.Println(ok)
	// Output:
	// 1.5 true
	// false
}
