// Package pcgstep is math/rand/v2's PCG (128-bit LCG state, DXSM output)
// as functions on its state, (hi, lo), that the compiler inlines, so that a
// loop draws with
//
//	hi, lo = pcgstep.Next(hi, lo)
//	u := pcgstep.Out(hi, lo)
//
// without a call: rand.PCG.Uint64 keeps its state in memory, so every draw
// waits for the previous one's store, and in WebAssembly, where 128-bit
// products are pure Go, its two nested calls per draw cost Go's calling
// sequence. Load and Store move the state in and out of a rand.PCG through
// its binary encoding ("pcg:", hi, lo big-endian), the only access to it.
// Each function stays within the inliner's budget under GOARCH=wasm too.
package pcgstep

import (
	"math/bits"
	"math/rand/v2"
)

// Load returns src's state; src is not changed.
func Load(src *rand.PCG) (hi, lo uint64) {
	var buf [20]byte
	b, err := src.AppendBinary(buf[:0])
	if err != nil || len(b) != 20 {
		panic("pcgstep: rand.PCG's encoding changed")
	}
	for k := range 8 {
		hi = hi<<8 | uint64(b[4+k])
		lo = lo<<8 | uint64(b[12+k])
	}
	return hi, lo
}

// Store sets src's state to (hi, lo).
func Store(src *rand.PCG, hi, lo uint64) {
	b := [20]byte{'p', 'c', 'g', ':'}
	for k := range 8 {
		b[11-k] = byte(hi >> (8 * k))
		b[19-k] = byte(lo >> (8 * k))
	}
	if err := src.UnmarshalBinary(b[:]); err != nil {
		panic("pcgstep: rand.PCG's encoding changed")
	}
}

// Next returns the state after (hi, lo): state·mul + inc mod 2¹²⁸.
func Next(hi, lo uint64) (nhi, nlo uint64) {
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

// Out is the output of state (hi, lo): DXSM, "double xorshift multiply".
func Out(hi, lo uint64) uint64 {
	const cheapMul = 0xda942042e4dd58b5
	hi ^= hi >> 32
	hi *= cheapMul
	hi ^= hi >> 48
	return hi * (lo | 1)
}
