package sparse

// Dot returns Σ_k val[k]·w[idx[k]] with four partial sums: entries k ≡ 0, 4
// (mod 8) go to the first, 1, 5 to the second, 2, 6 to the third and 3, 7 to
// the fourth, within each window of eight as v[0]·w + v[4]·w; entries of the
// last incomplete window go to the first sum; the result is
// (s0 + s1) + (s2 + s3). val must be at least as long as idx.
func Dot(idx []int32, val []float64, w []float64) float64 {
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

// DotOrdered returns Σ_k val[k]·w[idx[k]] summed with one running sum in
// the order of k: the same bits as the plain loop
//
//	for k, j := range idx { s += val[k] * w[j] }
//
// val must be at least as long as idx.
func DotOrdered(idx []int32, val []float64, w []float64) float64 {
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
