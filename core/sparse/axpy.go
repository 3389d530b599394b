package sparse

// Axpy adds c·val[k] to w[idx[k]] for every k. Each coordinate receives one
// addition per entry in the order of k, so the result does not depend on
// how a row is cut into pieces, and a row with distinct indices gives the
// plain loop's bits. val must be at least as long as idx.
func Axpy(c float64, idx []int32, val []float64, w []float64) {
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
