//go:build !wasm

package synth

func normalsFast(dst []float64, p *pcg, sum float64) (n int, u uint64, sumSquares float64) {
	return normalsFastGeneric(dst, p, sum)
}
