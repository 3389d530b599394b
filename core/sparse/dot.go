package sparse

// Dot returns Σ_k val[k]·w[idx[k]] with four partial sums: entries k ≡ 0, 4
// (mod 8) go to the first, 1, 5 to the second, 2, 6 to the third and 3, 7 to
// the fourth, within each window of eight as v[0]·w + v[4]·w; entries of the
// last incomplete window go to the first sum; the result is
// (s0 + s1) + (s2 + s3). val must be at least as long as idx.
func Dot(idx []int32, val []float64, w []float64) float64 {
	return dot(idx, val, w)
}

// DotOrdered returns Σ_k val[k]·w[idx[k]] summed with one running sum in
// the order of k: the same bits as the plain loop
//
//	for k, j := range idx { s += val[k] * w[j] }
//
// val must be at least as long as idx.
func DotOrdered(idx []int32, val []float64, w []float64) float64 {
	return dotOrdered(idx, val, w)
}
