package synth

import (
	"encoding/binary"
	"math/bits"
	"math/rand/v2"
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
	b, err := src.MarshalBinary() // "pcg:", hi, lo big-endian
	if err != nil || len(b) != 20 {
		panic("synth: rand.PCG's encoding changed")
	}
	p := &pcg{}
	for k := range 8 {
		p.hi = p.hi<<8 | uint64(b[4+k])
		p.lo = p.lo<<8 | uint64(b[12+k])
	}
	return p
}

// store sets src to p's state.
func (p *pcg) store(src *rand.PCG) {
	b := []byte("pcg:")
	b = binary.BigEndian.AppendUint64(b, p.hi)
	b = binary.BigEndian.AppendUint64(b, p.lo)
	if err := src.UnmarshalBinary(b); err != nil {
		panic("synth: rand.PCG's encoding changed")
	}
}

// The step is two functions, pcgNext and pcgOut, each within the inliner's
// budget under GOARCH=wasm too (where bits.Mul64 is Go code rather than one
// instruction); a loop draws with
//
//	hi, lo = pcgNext(hi, lo)
//	u := pcgOut(hi, lo)

// pcgNext returns the state after (hi, lo): state·mul + inc mod 2¹²⁸.
func pcgNext(hi, lo uint64) (nhi, nlo uint64) {
	const (
		mulHi = 2549297995355413924
		mulLo = 4865540595714422341
		incHi = 6364136223846793005
		incLo = 1442695040888963407
	)
	nhi, nlo = bits.Mul64(lo, mulLo)
	nhi += hi*mulLo + lo*mulHi
	nlo, c := bits.Add64(nlo, incLo, 0)
	nhi, _ = bits.Add64(nhi, incHi, c)
	return nhi, nlo
}

// pcgOut is the output of state (hi, lo): DXSM, "double xorshift multiply".
func pcgOut(hi, lo uint64) uint64 {
	const cheapMul = 0xda942042e4dd58b5
	hi ^= hi >> 32
	hi *= cheapMul
	hi ^= hi >> 48
	return hi * (lo | 1)
}

// Uint64 returns the next number of the stream (p is a rand.Source).
func (p *pcg) Uint64() uint64 {
	p.hi, p.lo = pcgNext(p.hi, p.lo)
	return pcgOut(p.hi, p.lo)
}

// float64 is rand.New(p).Float64().
func (p *pcg) float64() float64 {
	return float64(p.Uint64()<<11>>11) / (1 << 53)
}
