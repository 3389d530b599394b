package pcgstep

import (
	"math/rand/v2"
	"testing"
)

// TestStream draws with Next and Out from a loaded state and compares
// every value, and the stored state, with rand.PCG's own.
func TestStream(t *testing.T) {
	for _, seed := range [][2]uint64{{0, 0}, {1, 2}, {^uint64(0), 12345}} {
		ref := rand.NewPCG(seed[0], seed[1])
		ref.Uint64()
		src := rand.NewPCG(seed[0], seed[1])
		src.Uint64()
		hi, lo := Load(src)
		for k := range 10000 {
			hi, lo = Next(hi, lo)
			if got, want := Out(hi, lo), ref.Uint64(); got != want {
				t.Fatalf("seed %v, draw %d: %#x, rand.PCG %#x", seed, k, got, want)
			}
		}
		Store(src, hi, lo)
		for k := range 10 {
			if got, want := src.Uint64(), ref.Uint64(); got != want {
				t.Fatalf("seed %v, after Store, draw %d: %#x, rand.PCG %#x", seed, k, got, want)
			}
		}
	}
}
