package fmath_test

import (
	"fmt"
	"math"

	"imlab/core/fmath"
)

func ExampleExp() {
	fmt.Println(fmath.Exp(1) == math.E)
	fmt.Println(fmath.Exp(-745.1332191019411)) // the smallest subnormal
	fmt.Println(fmath.Exp(709.8))              // overflows
	// Output:
	// true
	// 5e-324
	// +Inf
}

func ExampleLog() {
	fmt.Println(fmath.Log(math.E))
	fmt.Println(fmath.Log(5e-324)) // subnormal: −1074·ln 2
	// Output:
	// 1
	// -744.4400719213812
}
