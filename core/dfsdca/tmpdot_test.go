package dfsdca

import "testing"

func dotNaive(idx []int32, val []float64, w []float64) float64 {
	val = val[:len(idx)]
	s := 0.0
	for k, j := range idx {
		s += val[k] * w[j]
	}
	return s
}

var sink float64

func benchRow() ([]int32, []float64, []float64) {
	idx := make([]int32, 0, 800)
	val := make([]float64, 0, 800)
	for j := 0; j < 1000; j++ {
		if j%5 != 0 {
			idx = append(idx, int32(j))
			val = append(val, float64(j)*0.001)
		}
	}
	return idx, val, make([]float64, 1000)
}

func BenchmarkTmpDotNaive(b *testing.B) {
	idx, val, w := benchRow()
	for range b.N {
		sink += dotNaive(idx, val, w)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(idx)), "ns/nnz")
}
func BenchmarkTmpDotUnrolled(b *testing.B) {
	idx, val, w := benchRow()
	for range b.N {
		sink += dot(idx, val, w)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(idx)), "ns/nnz")
}
func BenchmarkTmpAxpy(b *testing.B) {
	idx, val, w := benchRow()
	for range b.N {
		axpy(1e-3, idx, val, w); axpy(-1e-3, idx, val, w)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(idx)), "ns/nnz")
}

func axpyUnrolled(c float64, idx []int32, val []float64, w []float64) {
	val = val[:len(idx)]
	k := 0
	for ; k+4 <= len(idx); k += 4 {
		i4, v4 := idx[k:k+4:k+4], val[k:k+4:k+4]
		w[i4[0]] += c * v4[0]
		w[i4[1]] += c * v4[1]
		w[i4[2]] += c * v4[2]
		w[i4[3]] += c * v4[3]
	}
	for ; k < len(idx); k++ {
		w[idx[k]] += c * val[k]
	}
}
func BenchmarkTmpAxpyUnrolled(b *testing.B) {
	idx, val, w := benchRow()
	for range b.N {
		axpyUnrolled(1e-3, idx, val, w); axpyUnrolled(-1e-3, idx, val, w)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(idx)), "ns/nnz")
}
