//go:build !wasm

package synth

func normals(dst []float64, p *pcg, sum float64) (n int, u uint64, sumSquares float64) {
	return normalsGeneric(dst, p, sum)
}
