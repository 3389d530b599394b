package sparse_test

import (
	"fmt"

	"imlab/core/sparse"
)

func Example() {
	// The row x = (0, 2, 0, 1) stored sparsely.
	idx := []int32{1, 3}
	val := []float64{2, 1}
	w := []float64{10, 20, 30, 40}

	fmt.Println(sparse.Dot(idx, val, w), sparse.DotOrdered(idx, val, w))
	sparse.Axpy(0.5, idx, val, w) // w += 0.5·x
	fmt.Println(w)
	// Output:
	// 80 80
	// [10 21 30 40.5]
}
