package sampling

import (
	"math/bits"
	"math/rand/v2"

	"imlab/core/internal/pcgstep"
)

// DrawSerial fills dst with len(dst) successive draws of s, a serial
// sampling (NewUniform, NewSerial, or NewNice, NewBucket or NewAdaptive
// with τ = 1): dst[k] is the example of the (k+1)-th minibatch
// s.Sample(rand.New(src), …) would return, consuming the same stream. It spares the per-draw interface calls
// of Sample and of rand.Rand, which dominate a draw in WebAssembly, and
// keeps the generator's state in locals for the whole block (core/internal/pcgstep);
// TestDrawSerialIsSample checks the streams stay in step.
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
		drawTable(s.table, src, dst)
	case *bucket:
		if s.MaxSize() != 1 {
			return false
		}
		drawTable(s.table, src, dst)
	case *Adaptive:
		if s.MaxSize() != 1 {
			return false
		}
		drawTable(s.table, src, dst)
	default:
		return false
	}
	return true
}

// drawTable fills dst with draws from the whole table t.
func drawTable(t aliasTable, src *rand.PCG, dst []int) {
	if len(dst) > 0 {
		hi, lo := pcgstep.Load(src)
		hi, lo = t.pickInto(hi, lo, dst)
		pcgstep.Store(src, hi, lo)
	}
}

// pickInto fills dst with draws from the whole table, each from the next
// number of the PCG stream in state (hi, lo), and returns the state after.
func (t aliasTable) pickInto(hi, lo uint64, dst []int) (uint64, uint64) {
	n := len(t)
	for k := range dst {
		hi, lo = pcgstep.Next(hi, lo)
		dst[k] = t.pick(pcgstep.Out(hi, lo), 0, n)
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
	hi, lo := pcgstep.Load(src)
	un := uint64(n)
	if un&(un-1) == 0 {
		for k := range dst {
			hi, lo = pcgstep.Next(hi, lo)
			dst[k] = int(pcgstep.Out(hi, lo) & (un - 1))
		}
		pcgstep.Store(src, hi, lo)
		return
	}
	thresh := -un % un // 2⁶⁴ mod n
	for k := range dst {
		hi, lo = pcgstep.Next(hi, lo)
		h, l := bits.Mul64(pcgstep.Out(hi, lo), un)
		for l < thresh {
			hi, lo = pcgstep.Next(hi, lo)
			h, l = bits.Mul64(pcgstep.Out(hi, lo), un)
		}
		dst[k] = int(h)
	}
	pcgstep.Store(src, hi, lo)
}
