package lab_test

import (
	"fmt"
	"strings"

	"imlab/ui/lab"
	"imlab/ui/lab/setup"
)

// A host drives the controller with actions and renders its snapshots when
// told of a change; here the host just waits for the end.
func ExampleController() {
	changed := make(chan struct{}, 1)
	c := lab.New(lab.Env{Changed: func() {
		select {
		case changed <- struct{}{}:
		default:
		}
	}})
	s := setup.DefaultSettings()
	s.N, s.D, s.Taus = 500, 20, []int{1, 4}
	c.Run(s) // generates the data, computes P*, runs τ-nice and τ-importance
	for c.Snapshot().Phase != lab.Done {
		<-changed
	}
	snap := c.Snapshot()
	fmt.Println(strings.HasPrefix(snap.Status(), "done: 4 runs"), len(snap.Rows))
	// Output: true 2
}
