package sparse

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// benchSizes are row lengths (non-zeros) over d features: a short row, the
// page's default rows (80 of 100), the dense benchmark's (800 of 1,000), and
// a long row scattered over many features.
var benchSizes = []struct{ nnz, d int }{{8, 100}, {80, 100}, {800, 1000}, {8000, 100000}}

func benchKernels(b *testing.B, kernel func(idx []int32, val, w []float64) float64) {
	for _, sz := range benchSizes {
		b.Run(fmt.Sprintf("nnz=%d/d=%d", sz.nnz, sz.d), func(b *testing.B) {
			r := rand.New(rand.NewPCG(1, 1))
			idx, val, w := randomRow(r, sz.nnz, sz.d)
			sortIdx(idx, val)
			b.SetBytes(int64(12 * sz.nnz))
			s := 0.0
			for b.Loop() {
				s += kernel(idx, val, w)
			}
			sink = s
		})
	}
}

var sink float64

// sortIdx sorts the row by feature index, as a CSR row is stored.
func sortIdx(idx []int32, val []float64) {
	for i := 1; i < len(idx); i++ {
		for j := i; j > 0 && idx[j-1] > idx[j]; j-- {
			idx[j-1], idx[j] = idx[j], idx[j-1]
			val[j-1], val[j] = val[j], val[j-1]
		}
	}
}

func BenchmarkDot(b *testing.B)        { benchKernels(b, Dot) }
func BenchmarkDotOrdered(b *testing.B) { benchKernels(b, DotOrdered) }
func BenchmarkDotPlain(b *testing.B)   { benchKernels(b, plainDot) }

func BenchmarkAxpy(b *testing.B) {
	benchKernels(b, func(idx []int32, val, w []float64) float64 {
		Axpy(1e-9, idx, val, w)
		return 0
	})
}
