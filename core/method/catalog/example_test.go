package catalog_test

import (
	"fmt"
	"math"

	"imlab/core/method/catalog"
)

// The cost model: on 4 cores with a synchronisation cost of one example
// update, minibatches of 1 to 4 cost the same, and a method whose rate per
// iteration is e^(−1/1000) at τ = 4 on n = 1000 examples takes 1000
// iterations per e-fold, 2 sequential passes of time.
func ExampleCostModel() {
	c := catalog.CostModel{Cores: 4, Sync: 1}
	fmt.Println(c.Batch(1), c.Batch(4), c.Batch(5))
	th := catalog.Theory{Rate: math.Exp(-1.0 / 1000)}
	fmt.Printf("%.3f\n", c.TimePerEFold(catalog.SAGA, th, 1000, 4))
	// Output:
	// 2 2 3
	// 2.000
}
