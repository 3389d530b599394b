package sampling

import (
	"math/bits"
	"math/rand/v2"
)

// DrawSerial fills dst with len(dst) successive draws of s, a serial
// sampling (NewUniform, NewSerial, or NewNice with τ = 1): dst[k] is the
// example of the (k+1)-th minibatch s.Sample(rand.New(src), …) would
// return, consuming the same stream. It spares the per-draw interface calls
// of Sample and of rand.Rand, which dominate a draw in WebAssembly. It
// reports false, drawing nothing, if s is not serial.
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
		n := len(s.p)
		for k := range dst {
			dst[k] = s.table.pick(src.Uint64(), 0, n)
		}
	default:
		return false
	}
	return true
}

// drawUniform fills dst with the values rand.New(src).IntN(n) would return
// one after the other, by the same multiply-and-reject steps as math/rand/v2
// on 64-bit platforms (wasm included), so that the stream is the same; the
// rejection threshold, a division, is computed once.
func drawUniform(src *rand.PCG, n int, dst []int) {
	un := uint64(n)
	if un&(un-1) == 0 {
		for k := range dst {
			dst[k] = int(src.Uint64() & (un - 1))
		}
		return
	}
	thresh := -un % un // 2⁶⁴ mod n
	for k := range dst {
		hi, lo := bits.Mul64(src.Uint64(), un)
		for lo < thresh {
			hi, lo = bits.Mul64(src.Uint64(), un)
		}
		dst[k] = int(hi)
	}
}
