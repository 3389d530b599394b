package experiment_test

import (
	"errors"
	"fmt"

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
