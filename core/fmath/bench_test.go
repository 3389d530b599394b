package fmath

import (
	"math"
	"testing"
)

// sink keeps benchmark results alive.
var sink float64

// Arguments of the benchmarks: the margins a logistic loss sees (|x| ≲ 40)
// and the whole range.
var benchArgs = []struct {
	name string
	xs   []float64
}{
	{"margins", scaled(expSample(4096), 1.0/16)},
	{"range", expSample(4096)},
}

func scaled(xs []float64, c float64) []float64 {
	out := make([]float64, len(xs))
	for i, x := range xs {
		out[i] = c * x
	}
	return out
}

func BenchmarkExp(b *testing.B) {
	for _, a := range benchArgs {
		b.Run("fmath/"+a.name, func(b *testing.B) { benchFunc(b, Exp, a.xs) })
		b.Run("math/"+a.name, func(b *testing.B) { benchFunc(b, math.Exp, a.xs) })
	}
}

func BenchmarkLog(b *testing.B) {
	xs := logSample(4096)
	b.Run("fmath", func(b *testing.B) { benchFunc(b, Log, xs) })
	b.Run("math", func(b *testing.B) { benchFunc(b, math.Log, xs) })
}

func benchFunc(b *testing.B, f func(float64) float64, xs []float64) {
	s := 0.0
	for k := range b.N {
		s += f(xs[k&(len(xs)-1)])
	}
	sink = s
}
