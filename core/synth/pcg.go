package synth

import (
	"math/rand/v2"

	"imlab/core/internal/pcgstep"
)

// pcg is math/rand/v2's PCG (128-bit LCG state, DXSM output): the same
// stream, with its step written as functions the compiler inlines, so that
// the generator's loops draw without a call. In WebAssembly, where every
// call costs Go's calling sequence and 128-bit products are pure Go,
// rand.PCG's two nested calls per draw (Uint64, next) and rand.Rand's
// interface call took a quarter of the generation's time.
// TestPCGStream compares it with rand.PCG.
type pcg struct{ hi, lo uint64 }

// newPCG returns a pcg in src's state; src is not changed.
func newPCG(src *rand.PCG) *pcg {
	p := &pcg{}
	p.hi, p.lo = pcgstep.Load(src)
	return p
}

// store sets src to p's state.
func (p *pcg) store(src *rand.PCG) { pcgstep.Store(src, p.hi, p.lo) }

// Uint64 returns the next number of the stream (p is a rand.Source).
func (p *pcg) Uint64() uint64 {
	p.hi, p.lo = pcgstep.Next(p.hi, p.lo)
	return pcgstep.Out(p.hi, p.lo)
}

// float64 is rand.New(p).Float64().
func (p *pcg) float64() float64 {
	return float64(p.Uint64()<<11>>11) / (1 << 53)
}
