package setup_test

import (
	"fmt"

	"imlab/ui/lab/setup"
)

func ExampleParseHash() {
	s, err := setup.ParseHash("#norms=extreme&n=2000&taus=1,8,4", setup.DefaultSettings())
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
