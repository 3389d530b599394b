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

// DotRows sets z[i] = DotOrdered(x_i, w) for every i < len(z), x_i the
// i-th row of the CSR matrix (rowPtr, col, val): col[rowPtr[i]:rowPtr[i+1]]
// and val[rowPtr[i]:rowPtr[i+1]]. It is one call for all the margins of a
// pass (in WebAssembly a call per row costs more than a short row's
// arithmetic), the bits DotOrdered's.
func DotRows(rowPtr []int, col []int32, val, w, z []float64) {
	dotRows(rowPtr, col, val, w, z)
}
