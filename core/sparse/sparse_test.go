package sparse

import (
	"math"
	"math/rand/v2"
	"testing"
)

// randomRow returns a row of n entries over d ≥ n features with distinct
// sorted-by-draw indices and values of widely varying magnitude, so that
// any change in the order of a sum changes its bits, and a w of length d.
func randomRow(r *rand.Rand, n, d int) (idx []int32, val, w []float64) {
	perm := r.Perm(d)
	idx = make([]int32, n)
	val = make([]float64, n)
	for k := range idx {
		idx[k] = int32(perm[k])
		val[k] = r.NormFloat64() * math.Exp2(float64(r.IntN(40)-20))
	}
	w = make([]float64, d)
	for j := range w {
		w[j] = r.NormFloat64()
	}
	return idx, val, w
}

// refDot is Dot's order written out plainly: entry k goes to sum k mod 4
// in a complete window of eight (paired v[k]·w + v[k+4]·w), to the first
// sum in the tail.
func refDot(idx []int32, val, w []float64) float64 {
	var s [4]float64
	full := len(idx) / 8 * 8
	for k := 0; k < full; k += 8 {
		for q := range 4 {
			s[q] += val[k+q]*w[idx[k+q]] + val[k+q+4]*w[idx[k+q+4]]
		}
	}
	for k := full; k < len(idx); k++ {
		s[0] += val[k] * w[idx[k]]
	}
	return (s[0] + s[1]) + (s[2] + s[3])
}

func plainDot(idx []int32, val, w []float64) float64 {
	s := 0.0
	for k, j := range idx {
		s += val[k] * w[j]
	}
	return s
}

func TestDotBits(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	differ := 0
	for n := 0; n <= 70; n++ {
		for range 20 {
			idx, val, w := randomRow(r, n, 100)
			got, want := Dot(idx, val, w), refDot(idx, val, w)
			if math.Float64bits(got) != math.Float64bits(want) {
				t.Fatalf("n=%d: Dot = %v, want %v (four partial sums)", n, got, want)
			}
			ord, plain := DotOrdered(idx, val, w), plainDot(idx, val, w)
			if math.Float64bits(ord) != math.Float64bits(plain) {
				t.Fatalf("n=%d: DotOrdered = %v, want %v (plain loop)", n, ord, plain)
			}
			if math.Float64bits(got) != math.Float64bits(ord) {
				differ++
			}
			if math.Abs(got-ord) > 1e-12*math.Max(1, math.Abs(ord))*float64(n) {
				t.Fatalf("n=%d: Dot = %v and DotOrdered = %v differ by more than rounding", n, got, ord)
			}
		}
	}
	// The test data must be able to tell the two orders apart.
	if differ == 0 {
		t.Fatal("Dot and DotOrdered agreed on every row: the test cannot see an order change")
	}
}

func TestAxpyBits(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for n := 0; n <= 70; n++ {
		idx, val, w := randomRow(r, n, 100)
		want := append([]float64(nil), w...)
		c := r.NormFloat64()
		for k, j := range idx {
			want[j] += c * val[k]
		}
		Axpy(c, idx, val, w)
		for j := range w {
			if math.Float64bits(w[j]) != math.Float64bits(want[j]) {
				t.Fatalf("n=%d: w[%d] = %v, want %v", n, j, w[j], want[j])
			}
		}
	}
}

// TestAxpyPieces checks that cutting a row into pieces gives the same bits:
// the parallel solver updates w piece by piece.
func TestAxpyPieces(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	idx, val, w := randomRow(r, 61, 100)
	whole := append([]float64(nil), w...)
	Axpy(0.3, idx, val, whole)
	for _, cut := range []int{1, 7, 8, 9, 30, 60} {
		pieces := append([]float64(nil), w...)
		Axpy(0.3, idx[:cut], val[:cut], pieces)
		Axpy(0.3, idx[cut:], val[cut:], pieces)
		for j := range w {
			if math.Float64bits(pieces[j]) != math.Float64bits(whole[j]) {
				t.Fatalf("cut at %d: w[%d] = %v, want %v", cut, j, pieces[j], whole[j])
			}
		}
	}
}

// TestLongVal checks that a val longer than idx is read only up to len(idx).
func TestLongVal(t *testing.T) {
	idx := []int32{0, 2}
	val := []float64{1, 2, 100}
	w := []float64{3, 5, 7}
	if got := Dot(idx, val, w); got != 17 {
		t.Errorf("Dot = %v, want 17", got)
	}
	if got := DotOrdered(idx, val, w); got != 17 {
		t.Errorf("DotOrdered = %v, want 17", got)
	}
	Axpy(1, idx, val, w)
	if w[0] != 4 || w[1] != 5 || w[2] != 9 {
		t.Errorf("Axpy: w = %v, want [4 5 9]", w)
	}
}

func TestShortValPanics(t *testing.T) {
	for name, f := range map[string]func(){
		"Dot":        func() { Dot([]int32{0, 1}, []float64{1}, []float64{1, 1}) },
		"DotOrdered": func() { DotOrdered([]int32{0, 1}, []float64{1}, []float64{1, 1}) },
		"Axpy":       func() { Axpy(1, []int32{0, 1}, []float64{1}, []float64{1, 1}) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s with len(val) < len(idx) did not panic", name)
				}
			}()
			f()
		}()
	}
}
