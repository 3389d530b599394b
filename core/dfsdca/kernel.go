package dfsdca

// The two sparse kernels of every iteration. Both the sequential path and the
// workers call exactly these functions, so each coordinate of w sees the same
// floating-point operations whatever the worker count.
//
// Both are unrolled by eight: reslicing to fixed-length windows lets the
// compiler drop the bounds checks on idx and val (w[j] keeps one), and dot
// keeps four partial sums to break its chain of dependent additions. Natively
// four would do as well (about 1.5× faster than the plain loop on dense
// rows); eight matters in WebAssembly, where each loop iteration carries a
// large fixed cost: it made both kernels 1.5–1.9× faster under V8.

// dot returns Σ_k val[k]·w[idx[k]].
func dot(idx []int32, val []float64, w []float64) float64 {
	val = val[:len(idx)]
	var s0, s1, s2, s3 float64
	k := 0
	for ; k+8 <= len(idx); k += 8 {
		i8, v8 := idx[k:k+8:k+8], val[k:k+8:k+8]
		s0 += v8[0]*w[i8[0]] + v8[4]*w[i8[4]]
		s1 += v8[1]*w[i8[1]] + v8[5]*w[i8[5]]
		s2 += v8[2]*w[i8[2]] + v8[6]*w[i8[6]]
		s3 += v8[3]*w[i8[3]] + v8[7]*w[i8[7]]
	}
	for ; k < len(idx); k++ {
		s0 += val[k] * w[idx[k]]
	}
	return (s0 + s1) + (s2 + s3)
}

// axpy adds c·val[k] to w[idx[k]] for every k. Each coordinate receives one
// addition, so the result does not depend on how a row is cut into pieces.
func axpy(c float64, idx []int32, val []float64, w []float64) {
	val = val[:len(idx)]
	k := 0
	for ; k+8 <= len(idx); k += 8 {
		i8, v8 := idx[k:k+8:k+8], val[k:k+8:k+8]
		w[i8[0]] += c * v8[0]
		w[i8[1]] += c * v8[1]
		w[i8[2]] += c * v8[2]
		w[i8[3]] += c * v8[3]
		w[i8[4]] += c * v8[4]
		w[i8[5]] += c * v8[5]
		w[i8[6]] += c * v8[6]
		w[i8[7]] += c * v8[7]
	}
	for ; k < len(idx); k++ {
		w[idx[k]] += c * val[k]
	}
}
