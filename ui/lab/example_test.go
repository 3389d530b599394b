package lab_test

import (
	"fmt"
	"strings"

	"imlab/ui/lab"
)

func ExampleParseHash() {
	s, err := lab.ParseHash("#norms=extreme&n=2000&taus=1,8,4", lab.DefaultSettings())
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(s.Norms, s.N, s.D, s.Taus)
	fmt.Println(s.Hash())
	// Output:
	// extreme 2000 100 [1 4 8]
	// norms=extreme&density=0.8&n=2000&d=100&dseed=1&bias=true&loss=logistic&eps=1e-10&maxpasses=1000&taus=1,4,8&partition=random&seed=1
}

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
	s := lab.DefaultSettings()
	s.N, s.D, s.Taus = 500, 20, []int{1, 4}
	c.Run(s) // generates the data, computes P*, runs τ-nice and τ-importance
	for c.Snapshot().Phase != lab.Done {
		<-changed
	}
	snap := c.Snapshot()
	fmt.Println(strings.HasPrefix(snap.Status(), "done: 4 runs"), len(snap.Rows))
	// Output: true 2
}
