package sparse

// Axpy adds c·val[k] to w[idx[k]] for every k. Each coordinate receives one
// addition per entry in the order of k, so the result does not depend on
// how a row is cut into pieces, and a row with distinct indices gives the
// plain loop's bits. val must be at least as long as idx.
func Axpy(c float64, idx []int32, val []float64, w []float64) {
	axpy(c, idx, val, w)
}

// AddSquares adds c·val[k]·val[k], rounded as (c·val[k])·val[k], to
// w[idx[k]] for every k, in the order of k: the row update of a Jacobi
// (diagonal) preconditioner, Σ_i c_i x_ij². val must be at least as long
// as idx.
func AddSquares(c float64, idx []int32, val []float64, w []float64) {
	addSquares(c, idx, val, w)
}

// RankOne adds c·(xᵀv)·x to w, x the row (idx, val): Axpy(c·DotOrdered(idx,
// val, v), idx, val, w) in one call, the same bits: a row of a
// Hessian-vector product Σ_i c_i x_i x_iᵀ v.
func RankOne(c float64, idx []int32, val, v, w []float64) {
	rankOne(c, idx, val, v, w)
}
