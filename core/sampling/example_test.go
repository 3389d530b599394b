package sampling_test

import (
	"fmt"

	"imlab/core/sampling"
)

func ExampleNewBucket() {
	// Two buckets; within each, p sums to one. Every draw holds one example
	// of each bucket, so Prob(i ∈ Ŝ) = p_i.
	part := sampling.Partition{Buckets: [][]int{{0, 1, 2}, {3, 4}}}
	s, err := sampling.NewBucket(part, []float64{0.5, 0.25, 0.25, 0.9, 0.1})
	if err != nil {
		fmt.Println(err)
		return
	}
	owner := part.Owner(5)
	r := sampling.NewRand(1)
	batch := s.Sample(r, nil)
	fmt.Println(s, len(batch), owner[batch[0]], owner[batch[1]])
	// Output: bucket(τ=2) 2 0 1
}

func ExampleNewNice() {
	s, err := sampling.NewNice(1000, 4)
	if err != nil {
		fmt.Println(err)
		return
	}
	batch := make([]int, 0, s.MaxSize())
	batch = s.Sample(sampling.NewRand(1), batch)
	fmt.Println(s, len(batch), s.Probabilities()[0])

	_, err = sampling.NewNice(3, 4)
	fmt.Println(err)
	// Output:
	// 4-nice 4 0.004
	// sampling: minibatch size τ out of range: τ = 4 with n = 3 examples
}

func ExampleBalancedPartition() {
	part, err := sampling.BalancedPartition([]float64{5, 4, 3, 3, 3}, 2)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(part.Buckets, part.Owner(5))
	// Output: [[0 3] [1 2 4]] [0 1 1 0 1]
}
