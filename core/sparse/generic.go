package sparse

// The Go kernels. They define the bits of Dot, DotOrdered and Axpy on every
// platform: natively they are the kernels; in WebAssembly, where the
// kernels are written in assembly (kernels_wasm.s), the tests compare the
// assembly with them bit for bit, and a row with an index out of w's range
// falls back to them, so that it panics exactly as natively.
//
// Each is unrolled over fixed-length windows of eight entries: slicing idx
// and val to a constant length lets the compiler drop their bounds checks
// (w[idx[k]] keeps one, the indices being data).

// dotGeneric is Dot in Go: four partial sums in the order Dot documents.
func dotGeneric(idx []int32, val []float64, w []float64) float64 {
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

// dotOrderedGeneric is DotOrdered in Go: one running sum in the order of k.
func dotOrderedGeneric(idx []int32, val []float64, w []float64) float64 {
	val = val[:len(idx)]
	s := 0.0
	k := 0
	for ; k+8 <= len(idx); k += 8 {
		i8, v8 := idx[k:k+8:k+8], val[k:k+8:k+8]
		s += v8[0] * w[i8[0]]
		s += v8[1] * w[i8[1]]
		s += v8[2] * w[i8[2]]
		s += v8[3] * w[i8[3]]
		s += v8[4] * w[i8[4]]
		s += v8[5] * w[i8[5]]
		s += v8[6] * w[i8[6]]
		s += v8[7] * w[i8[7]]
	}
	for ; k < len(idx); k++ {
		s += val[k] * w[idx[k]]
	}
	return s
}

// axpyGeneric is Axpy in Go: one addition per entry, in the order of k.
func axpyGeneric(c float64, idx []int32, val []float64, w []float64) {
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
