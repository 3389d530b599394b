package sampling

import (
	"fmt"
	"math"
	"testing"
)

// benchSizes shows that a draw costs the same at n = 1e3 and n = 1e6 (up to
// cache effects of the larger tables).
var benchSizes = []int{1e3, 1e5, 1e6}

func benchSample(b *testing.B, s Sampler) {
	r := NewRand(1)
	dst := make([]int, 0, s.MaxSize())
	b.ReportAllocs()
	for b.Loop() {
		dst = s.Sample(r, dst)
	}
}

func skewed(n int) []float64 {
	r := NewRand(2)
	w := make([]float64, n)
	for i := range w {
		w[i] = math.Exp(2 * r.NormFloat64())
	}
	return normalized(w)
}

func BenchmarkUniform(b *testing.B) {
	for _, n := range benchSizes {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) { benchSample(b, NewUniform(n)) })
	}
}

func BenchmarkSerial(b *testing.B) {
	for _, n := range benchSizes {
		s, err := NewSerial(skewed(n))
		if err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) { benchSample(b, s) })
	}
}

func BenchmarkNice32(b *testing.B) {
	for _, n := range benchSizes {
		s, err := NewNice(n, 32)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) { benchSample(b, s) })
	}
}

func BenchmarkBucket32(b *testing.B) {
	for _, n := range benchSizes {
		pt, err := RandomPartition(n, 32, NewRand(3))
		if err != nil {
			b.Fatal(err)
		}
		s, err := NewBucket(pt, randomBucketProbabilities(pt, n, 4))
		if err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) { benchSample(b, s) })
	}
}

func BenchmarkNewBucket32(b *testing.B) {
	for _, n := range benchSizes {
		pt, _ := RandomPartition(n, 32, NewRand(3))
		p := randomBucketProbabilities(pt, n, 4)
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			for b.Loop() {
				if _, err := NewBucket(pt, p); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkSerialDraw compares a serial draw through Sample (two interface
// calls) with one through DrawSerial, in blocks of 256; an op is one draw.
func BenchmarkSerialDraw(b *testing.B) {
	const n = 10000
	serial, err := NewSerial(skewed(n))
	if err != nil {
		b.Fatal(err)
	}
	for _, s := range []Sampler{NewUniform(n), serial} {
		b.Run(s.String()+"/Sample", func(b *testing.B) { benchSample(b, s) })
		b.Run(s.String()+"/DrawSerial", func(b *testing.B) {
			src := NewSource(1)
			dst := make([]int, 256)
			for i := 0; i < b.N; i += len(dst) {
				DrawSerial(s, src, dst)
			}
		})
	}
}

// BenchmarkReweight times an adaptive sampling's refresh of its
// probabilities and alias tables from skewed weights (an op is one
// Reweight, O(n)), serially and with 32 buckets.
func BenchmarkReweight(b *testing.B) {
	for _, n := range []int{35000, 1e6} {
		for _, tau := range []int{1, 32} {
			pt, err := RandomPartition(n, tau, NewRand(3))
			if err != nil {
				b.Fatal(err)
			}
			a, err := NewAdaptive(pt, randomBucketProbabilities(pt, n, 4), DefaultAdaptive)
			if err != nil {
				b.Fatal(err)
			}
			w := skewed(n)
			b.Run(fmt.Sprintf("n=%d/tau=%d", n, tau), func(b *testing.B) {
				for b.Loop() {
					if err := a.Reweight(w); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/example")
			})
		}
	}
}
