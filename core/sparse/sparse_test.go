package sparse

import (
	"bytes"
	"encoding/binary"
	"fmt"
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
			s[q] += float64(val[k+q]*w[idx[k+q]]) + float64(val[k+q+4]*w[idx[k+q+4]])
		}
	}
	for k := full; k < len(idx); k++ {
		s[0] += float64(val[k] * w[idx[k]])
	}
	return (s[0] + s[1]) + (s[2] + s[3])
}

func plainDot(idx []int32, val, w []float64) float64 {
	s := 0.0
	for k, j := range idx {
		s += float64(val[k] * w[j])
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
			want[j] += float64(c * val[k])
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

// TestKernelsBits compares the kernels with the Go kernels (generic.go) bit
// for bit on rows of every length up to 300, including repeated indices
// (Axpy must then apply its updates in the order of k). Natively the two are
// the same code; in WebAssembly the kernels are assembly.
func TestKernelsBits(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for n := 0; n <= 300; n++ {
		idx, val, w := randomRow(r, n, 400)
		if n%3 == 0 {
			for k := range idx {
				idx[k] = int32(r.IntN(n/4 + 1)) // many repeats
			}
		}
		checkKernels(t, idx, val, w, r.NormFloat64())
	}
}

// checkKernels fails t unless Dot, DotOrdered, Axpy and RankOne give the Go kernels'
// bits on the row, or, for a row with an index out of range, panic as
// they do (Axpy after the same updates).
func checkKernels(t *testing.T, idx []int32, val, w []float64, c float64) {
	t.Helper()
	for _, k := range []struct {
		name      string
		got, want func(idx []int32, val, w []float64) float64
	}{
		{"Dot", Dot, dotGeneric},
		{"DotOrdered", DotOrdered, dotOrderedGeneric},
	} {
		got, gotPanic := try(func() float64 { return k.got(idx, val, w) })
		want, wantPanic := try(func() float64 { return k.want(idx, val, w) })
		if gotPanic != wantPanic || math.Float64bits(got) != math.Float64bits(want) {
			t.Fatalf("%s of %d entries = %v (panic %q), want %v (panic %q)", k.name, len(idx), got, gotPanic, want, wantPanic)
		}
	}
	gotW, wantW := append([]float64(nil), w...), append([]float64(nil), w...)
	_, gotPanic := try(func() float64 { Axpy(c, idx, val, gotW); return 0 })
	_, wantPanic := try(func() float64 { axpyGeneric(c, idx, val, wantW); return 0 })
	if gotPanic != wantPanic {
		t.Fatalf("Axpy of %d entries: panic %q, want %q", len(idx), gotPanic, wantPanic)
	}
	for j := range w {
		if math.Float64bits(gotW[j]) != math.Float64bits(wantW[j]) {
			t.Fatalf("Axpy of %d entries: w[%d] = %v, want %v", len(idx), j, gotW[j], wantW[j])
		}
	}
	// RankOne with v = w reversed, and with a v one longer and one shorter
	// than w (the Go kernel's path in WebAssembly).
	for _, dv := range []int{0, 1, -1} {
		v := make([]float64, max(len(w)+dv, 0))
		for j := range v {
			v[j] = float64(len(v)-j) * 0.375
			if j < len(w) {
				v[j] -= w[len(w)-1-j]
			}
		}
		gotW, wantW := append([]float64(nil), w...), append([]float64(nil), w...)
		_, gotPanic := try(func() float64 { RankOne(c, idx, val, v, gotW); return 0 })
		_, wantPanic := try(func() float64 { rankOneGeneric(c, idx, val, v, wantW); return 0 })
		if gotPanic != wantPanic {
			t.Fatalf("RankOne of %d entries, len(v) = len(w)%+d: panic %q, want %q", len(idx), dv, gotPanic, wantPanic)
		}
		for j := range w {
			if math.Float64bits(gotW[j]) != math.Float64bits(wantW[j]) {
				t.Fatalf("RankOne of %d entries, len(v) = len(w)%+d: w[%d] = %v, want %v", len(idx), dv, j, gotW[j], wantW[j])
			}
		}
	}
}

// try returns f's result, or the text of its panic.
func try(f func() float64) (x float64, panicked string) {
	defer func() {
		if e := recover(); e != nil {
			panicked = fmt.Sprint(e)
		}
	}()
	return f(), ""
}

// TestIndexOutOfRange puts one bad index (negative, len(w), far beyond) at
// every position of rows in and beyond the first windows of eight: the
// kernels must panic as the Go kernels do, and Axpy leave w as they do.
func TestIndexOutOfRange(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for _, n := range []int{1, 7, 8, 9, 16, 21} {
		for pos := range n {
			for _, bad := range []int32{-1, 50, 51, 1 << 30, math.MinInt32} {
				idx, val, w := randomRow(r, n, 50)
				idx[pos] = bad
				checkKernels(t, idx, val, w, 0.5)
			}
		}
	}
}

// FuzzKernels compares the kernels with the Go kernels on rows built from
// the fuzzer's bytes: each entry takes an index byte (some out of w's
// range of 200, negative ones too) and a value from 8 bytes.
func FuzzKernels(f *testing.F) {
	f.Add([]byte{1, 2, 3}, 1.5)
	f.Add(bytes.Repeat([]byte{7, 0x40, 0x09, 0x21, 0xfb, 0x54, 0x44, 0x2d, 0x18, 0xc8}, 19), -0.25)
	f.Fuzz(func(t *testing.T, data []byte, c float64) {
		var idx []int32
		var val []float64
		for len(data) >= 9 {
			j := int32(int8(data[0])) * 2 // -256 … 254 over a w of 200
			idx = append(idx, j)
			val = append(val, math.Float64frombits(binary.LittleEndian.Uint64(data[1:9])))
			data = data[9:]
		}
		w := make([]float64, 200)
		for j := range w {
			w[j] = float64(j) - 99.5
		}
		checkKernels(t, idx, val, w, c)
	})
}
