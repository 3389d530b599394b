package sparse

import (
	"bytes"
	"encoding/binary"
	"math"
	"math/rand/v2"
	"testing"
)

// checkAddSquares fails t unless AddSquares makes addSquaresGeneric's
// updates bit for bit, or, with an index out of range, panics as it does
// after the same updates.
func checkAddSquares(t *testing.T, c float64, idx []int32, val, w []float64) {
	t.Helper()
	got, want := append([]float64(nil), w...), append([]float64(nil), w...)
	_, gotPanic := try(func() float64 { AddSquares(c, idx, val, got); return 0 })
	_, wantPanic := try(func() float64 { addSquaresGeneric(c, idx, val, want); return 0 })
	if gotPanic != wantPanic {
		t.Fatalf("addSquares of %d entries: panic %q, want %q", len(idx), gotPanic, wantPanic)
	}
	for j := range want {
		if math.Float64bits(got[j]) != math.Float64bits(want[j]) {
			t.Fatalf("addSquares of %d entries: w[%d] = %v, want %v", len(idx), j, got[j], want[j])
		}
	}
}

// squaresRow returns a row of n entries over d features, values
// spanning 12 binades of both signs, and a wonal to add to.
func squaresRow(r *rand.Rand, n, d int) ([]int32, []float64, []float64) {
	idx, val, w := make([]int32, n), make([]float64, n), make([]float64, d)
	for k := range idx {
		idx[k] = int32(r.IntN(d))
		val[k] = r.NormFloat64() * math.Ldexp(1, r.IntN(12)-6)
	}
	for j := range w {
		w[j] = r.Float64() * math.Ldexp(1, r.IntN(12)-6)
	}
	return idx, val, w
}

func TestAddSquaresBits(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for n := 0; n <= 300; n++ {
		d := 400
		if n%3 == 0 {
			d = n/4 + 1 // many repeated indices, so that the order shows
		}
		idx, val, w := squaresRow(r, n, d)
		checkAddSquares(t, r.ExpFloat64(), idx, val, w)
	}
	// A val shorter than idx panics.
	idx, val, w := squaresRow(r, 9, 20)
	checkAddSquares(t, 0.5, idx, val[:8], w)
}

func TestAddSquaresOutOfRange(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, n := range []int{1, 7, 8, 9, 16, 21} {
		for pos := range n {
			for _, bad := range []int32{-1, 50, 51, 1 << 30, math.MinInt32} {
				idx, val, w := squaresRow(r, n, 50)
				idx[pos] = bad
				checkAddSquares(t, 0.5, idx, val, w)
			}
		}
	}
}

// FuzzAddSquares compares addSquares with addSquaresGeneric on rows built
// from the fuzzer's bytes: an index byte (−256…254 over a wonal of 200)
// and 8 bytes of value per entry.
func FuzzAddSquares(f *testing.F) {
	f.Add([]byte{1, 2, 3}, 1.5)
	f.Add(bytes.Repeat([]byte{7, 0x40, 0x09, 0x21, 0xfb, 0x54, 0x44, 0x2d, 0x18, 0xc8}, 19), 0.25)
	f.Fuzz(func(t *testing.T, data []byte, c float64) {
		var idx []int32
		var val []float64
		for len(data) >= 9 {
			idx = append(idx, int32(int8(data[0]))*2)
			val = append(val, math.Float64frombits(binary.LittleEndian.Uint64(data[1:9])))
			data = data[9:]
		}
		w := make([]float64, 200)
		for j := range w {
			w[j] = float64(j) - 99.5
		}
		checkAddSquares(t, c, idx, val, w)
	})
}
