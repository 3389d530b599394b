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
//
// Every product is converted with float64(…): the conversion rounds it, and
// so forbids the compiler to fuse it with the addition into one FMA, which
// Go may do (and does on arm64, ppc64le, s390x, riscv64, loong64 and amd64
// with GOAMD64=v3) and which would change the bits. On amd64 (v1) and in
// WebAssembly, which never fuse, the conversion costs nothing.

// dotGeneric is Dot in Go: four partial sums in the order Dot documents.
func dotGeneric(idx []int32, val []float64, w []float64) float64 {
	val = val[:len(idx)]
	var s0, s1, s2, s3 float64
	k := 0
	for ; k+8 <= len(idx); k += 8 {
		i8, v8 := idx[k:k+8:k+8], val[k:k+8:k+8]
		s0 += float64(v8[0]*w[i8[0]]) + float64(v8[4]*w[i8[4]])
		s1 += float64(v8[1]*w[i8[1]]) + float64(v8[5]*w[i8[5]])
		s2 += float64(v8[2]*w[i8[2]]) + float64(v8[6]*w[i8[6]])
		s3 += float64(v8[3]*w[i8[3]]) + float64(v8[7]*w[i8[7]])
	}
	for ; k < len(idx); k++ {
		s0 += float64(val[k] * w[idx[k]])
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
		s += float64(v8[0] * w[i8[0]])
		s += float64(v8[1] * w[i8[1]])
		s += float64(v8[2] * w[i8[2]])
		s += float64(v8[3] * w[i8[3]])
		s += float64(v8[4] * w[i8[4]])
		s += float64(v8[5] * w[i8[5]])
		s += float64(v8[6] * w[i8[6]])
		s += float64(v8[7] * w[i8[7]])
	}
	for ; k < len(idx); k++ {
		s += float64(val[k] * w[idx[k]])
	}
	return s
}

// axpyGeneric is Axpy in Go: one addition per entry, in the order of k.
func axpyGeneric(c float64, idx []int32, val []float64, w []float64) {
	val = val[:len(idx)]
	k := 0
	for ; k+8 <= len(idx); k += 8 {
		i8, v8 := idx[k:k+8:k+8], val[k:k+8:k+8]
		w[i8[0]] += float64(c * v8[0])
		w[i8[1]] += float64(c * v8[1])
		w[i8[2]] += float64(c * v8[2])
		w[i8[3]] += float64(c * v8[3])
		w[i8[4]] += float64(c * v8[4])
		w[i8[5]] += float64(c * v8[5])
		w[i8[6]] += float64(c * v8[6])
		w[i8[7]] += float64(c * v8[7])
	}
	for ; k < len(idx); k++ {
		w[idx[k]] += float64(c * val[k])
	}
}

// addSquaresGeneric is AddSquares in Go: one addition per entry, in the
// order of k.
func addSquaresGeneric(c float64, idx []int32, val []float64, w []float64) {
	val = val[:len(idx)]
	for k, j := range idx {
		w[j] += float64(c * val[k] * val[k])
	}
}

// rankOneGeneric is RankOne in Go.
func rankOneGeneric(c float64, idx []int32, val, v, w []float64) {
	axpyGeneric(c*dotOrderedGeneric(idx, val, v), idx, val, w)
}

// dotRowsGeneric is DotRows in Go.
func dotRowsGeneric(rowPtr []int, col []int32, val, w, z []float64) {
	for i := range z {
		lo, hi := rowPtr[i], rowPtr[i+1]
		z[i] = dotOrderedGeneric(col[lo:hi], val[lo:hi], w)
	}
}
