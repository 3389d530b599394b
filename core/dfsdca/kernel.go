package dfsdca

// The two sparse kernels of every iteration. Both the sequential path and the
// workers call exactly these functions, so each coordinate of w sees the same
// floating-point operations whatever the worker count. Reslicing val to
// len(idx) lets the compiler drop its bounds check; w[j] keeps one.

// dot returns Σ_k val[k]·w[idx[k]]. Four partial sums break the chain of
// dependent additions that otherwise bounds its speed on long rows.
func dot(idx []int32, val []float64, w []float64) float64 {
	val = val[:len(idx)]
	var s0, s1, s2, s3 float64
	k := 0
	for ; k+4 <= len(idx); k += 4 {
		i4, v4 := idx[k:k+4:k+4], val[k:k+4:k+4]
		s0 += v4[0] * w[i4[0]]
		s1 += v4[1] * w[i4[1]]
		s2 += v4[2] * w[i4[2]]
		s3 += v4[3] * w[i4[3]]
	}
	for ; k < len(idx); k++ {
		s0 += val[k] * w[idx[k]]
	}
	return (s0 + s1) + (s2 + s3)
}

// axpy adds c·val[k] to w[idx[k]] for every k.
func axpy(c float64, idx []int32, val []float64, w []float64) {
	val = val[:len(idx)]
	for k, j := range idx {
		w[j] += c * val[k]
	}
}
