//go:build !wasm

package synth

func trialPairsKernel(out []int32, thresholds []uint64, p *pcg) int {
	return trialPairsGeneric(out, thresholds, p)
}
