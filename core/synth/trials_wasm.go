//go:build wasm

package synth

// In WebAssembly the Bernoulli trials are written in assembly
// (trials_wasm.s), as the normals are (see normal_wasm.go): the same
// integer operations as trialPairsGeneric, so the same pattern and stream
// (TestTrialPairsBits, FuzzTrialPairs). An out shorter than d&^1 hands the
// call over to trialPairsGeneric, which panics.

//go:noescape
func trialPairsKernel(out []int32, thresholds []uint64, p *pcg) int
