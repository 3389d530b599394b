package sampling

import (
	"math/bits"
	"math/rand/v2"
)

// DrawSerial fills dst with len(dst) successive draws of s, a serial
// sampling (NewUniform, NewSerial, or NewNice with τ = 1): dst[k] is the
// example of the (k+1)-th minibatch s.Sample(rand.New(src), …) would
// return, consuming the same stream. It spares the per-draw interface calls
// of Sample and of rand.Rand, which dominate a draw in WebAssembly, and
// keeps the generator's state in locals for the whole block (see pcgLoad).
// It reports false, drawing nothing, if s is not serial.
func DrawSerial(s Sampler, src *rand.PCG, dst []int) bool {
	switch s := s.(type) {
	case *uniform:
		drawUniform(src, len(s.p), dst)
	case *nice:
		if s.tau != 1 {
			return false
		}
		drawUniform(src, s.n, dst)
	case *serial:
		if len(dst) > 0 {
			hi, lo := pcgLoad(src)
			hi, lo = s.table.pickInto(hi, lo, dst)
			pcgStore(src, hi, lo)
		}
	default:
		return false
	}
	return true
}

// pickInto fills dst with draws from the whole table, each from the next
// number of the PCG stream in state (hi, lo), and returns the state after.
func (t aliasTable) pickInto(hi, lo uint64, dst []int) (uint64, uint64) {
	n := len(t)
	for k := range dst {
		hi, lo = pcgNext(hi, lo)
		dst[k] = t.pick(pcgOut(hi, lo), 0, n)
	}
	return hi, lo
}

// drawUniform fills dst with the values rand.New(src).IntN(n) would return
// one after the other, by the same multiply-and-reject steps as math/rand/v2
// on 64-bit platforms (wasm included), so that the stream is the same; the
// rejection threshold, a division, is computed once.
func drawUniform(src *rand.PCG, n int, dst []int) {
	if len(dst) == 0 {
		return
	}
	hi, lo := pcgLoad(src)
	un := uint64(n)
	if un&(un-1) == 0 {
		for k := range dst {
			hi, lo = pcgNext(hi, lo)
			dst[k] = int(pcgOut(hi, lo) & (un - 1))
		}
		pcgStore(src, hi, lo)
		return
	}
	thresh := -un % un // 2⁶⁴ mod n
	for k := range dst {
		hi, lo = pcgNext(hi, lo)
		h, l := bits.Mul64(pcgOut(hi, lo), un)
		for l < thresh {
			hi, lo = pcgNext(hi, lo)
			h, l = bits.Mul64(pcgOut(hi, lo), un)
		}
		dst[k] = int(h)
	}
	pcgStore(src, hi, lo)
}

// The block draws run math/rand/v2's PCG (128-bit LCG state, DXSM output)
// on a copy of src's state held in locals, and write the state back at the
// end: rand.PCG.Uint64 keeps its state in memory, so that every draw waited
// for the previous one's store, and its two nested calls cost Go's calling
// sequence in WebAssembly. pcgLoad and pcgStore move the state through
// rand.PCG's binary encoding ("pcg:", hi, lo big-endian), the only access
// to it; TestDrawSerialIsSample checks the streams stay in step.

// pcgLoad returns src's state.
func pcgLoad(src *rand.PCG) (hi, lo uint64) {
	var buf [20]byte
	b, err := src.AppendBinary(buf[:0])
	if err != nil || len(b) != 20 {
		panic("sampling: rand.PCG's encoding changed")
	}
	for k := range 8 {
		hi = hi<<8 | uint64(b[4+k])
		lo = lo<<8 | uint64(b[12+k])
	}
	return hi, lo
}

// pcgStore sets src's state to (hi, lo).
func pcgStore(src *rand.PCG, hi, lo uint64) {
	b := [20]byte{'p', 'c', 'g', ':'}
	for k := range 8 {
		b[11-k] = byte(hi >> (8 * k))
		b[19-k] = byte(lo >> (8 * k))
	}
	if err := src.UnmarshalBinary(b[:]); err != nil {
		panic("sampling: rand.PCG's encoding changed")
	}
}

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
