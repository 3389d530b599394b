package synth

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// TestPCGStream requires pcg to give rand.PCG's stream, and to leave the
// source it was copied from unchanged.
func TestPCGStream(t *testing.T) {
	draws := 1 << 18
	if testing.Short() {
		draws = 1 << 14
	}
	for _, seed := range [][2]uint64{{0, 0}, {1, 2}, {^uint64(0), 0x9e3779b97f4a7c15}, {12345, 678910}} {
		ref := rand.NewPCG(seed[0], seed[1])
		p := newPCG(ref)
		for k := range draws {
			if got, want := p.Uint64(), ref.Uint64(); got != want {
				t.Fatalf("seed %v, draw %d: %#x, want %#x", seed, k, got, want)
			}
		}
	}
}

// TestFillNormals requires fillNormals to give rand.Rand's NormFloat64
// values (zeros redrawn) bit for bit, in slices of every length from 0 to
// 300 so that the state carries over between calls, through the ziggurat's
// slow paths (about 1 % of the draws), and their sum of squares as a loop
// adds it; the stream must continue where NormFloat64's does.
func TestFillNormals(t *testing.T) {
	draws := 1 << 20
	if testing.Short() {
		draws = 1 << 16
	}
	for _, seed := range []uint64{1, 2, 0xdeadbeef} {
		src := rand.NewPCG(seed, 0x9e3779b97f4a7c15)
		p := newPCG(src)
		ref := rand.New(src)
		dst := make([]float64, 300)
		done := 0
		for n := 0; done < draws; n = (n + 1) % (len(dst) + 1) {
			sum := p.fillNormals(dst[:n])
			want := 0.0
			for k := range n {
				v := ref.NormFloat64()
				for v == 0 {
					v = ref.NormFloat64()
				}
				if math.Float64bits(dst[k]) != math.Float64bits(v) {
					t.Fatalf("seed %d, draw %d: %v, want %v", seed, done+k, dst[k], v)
				}
				want += v * v
			}
			if math.Float64bits(sum) != math.Float64bits(want) {
				t.Fatalf("seed %d, draws %d…%d: sum of squares %v, want %v", seed, done, done+n, sum, want)
			}
			done += n
		}
		if got, want := p.Uint64(), ref.Uint64(); got != want {
			t.Fatalf("seed %d: after %d normals the stream gives %#x, want %#x", seed, done, got, want)
		}
	}
}

// TestNormalSlowPaths checks that TestFillNormals's draws reach both slow
// paths of the ziggurat (the base strip's tail and a wedge), so that it
// tests them.
func TestNormalSlowPaths(t *testing.T) {
	p := &pcg{hi: 1, lo: 0x9e3779b97f4a7c15}
	tail, wedge := 0, 0
	for range 1 << 18 {
		u := p.Uint64()
		j, i := int32(u), u>>32&0x7f
		if absInt32(j) >= normKn[i] {
			if i == 0 {
				tail++
			} else {
				wedge++
			}
		}
	}
	if tail == 0 || wedge == 0 {
		t.Errorf("%d tail and %d wedge draws in 2¹⁸", tail, wedge)
	}
}

// checkNormals fails t unless normals gives normalsGeneric's values,
// count, draw left to Go, sum and final state, from state (hi, lo) into a
// slice of n.
func checkNormals(t *testing.T, hi, lo uint64, n int, sum float64) {
	t.Helper()
	p, q := &pcg{hi, lo}, &pcg{hi, lo}
	got, want := make([]float64, n), make([]float64, n)
	gn, gu, gs := normals(got, p, sum)
	wn, wu, ws := normalsGeneric(want, q, sum)
	if gn != wn || gu != wu || math.Float64bits(gs) != math.Float64bits(ws) || *p != *q {
		t.Fatalf("state %#x %#x, %d values: got %d, %#x, sum %v, state %#x; want %d, %#x, sum %v, state %#x",
			hi, lo, n, gn, gu, gs, *p, wn, wu, ws, *q)
	}
	for k := range got {
		if math.Float64bits(got[k]) != math.Float64bits(want[k]) {
			t.Fatalf("state %#x %#x: value %d = %v, want %v", hi, lo, k, got[k], want[k])
		}
	}
}

// TestNormalsBits compares normals (assembly in WebAssembly) with
// normalsGeneric from many states, so that both ends of the loop (a full
// slice, a draw left to Go), the wedges and the sum's roundings show.
func TestNormalsBits(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for k := range 3000 {
		checkNormals(t, r.Uint64(), r.Uint64(), k%400, r.NormFloat64()*float64(k))
	}
	checkNormals(t, 0, 0, 0, 0)
	checkNormals(t, ^uint64(0), ^uint64(0), 1000, math.Inf(1))
}

// TestNormalsEachPath starts normals (and normalsGeneric) just before a
// draw of each kind that misses the fast path, found by scanning a stream:
// a wedge kept, a wedge drawn again, one whose −x²/2 is outside
// expNormal's shortcut and a base-strip draw (both left to Go).
func TestNormalsEachPath(t *testing.T) {
	const (
		kept = iota
		again
		outside
		base
	)
	found := [4]bool{}
	p := &pcg{hi: 3, lo: 0x9e3779b97f4a7c15}
	for draws := 0; draws < 1<<26 && found != [4]bool{true, true, true, true}; draws++ {
		hi, lo := p.hi, p.lo
		u := p.Uint64()
		j, i := int32(u), u>>32&0x7f
		if absInt32(j) < normKn[i] {
			continue
		}
		kind := base
		if i != 0 {
			kind = outside
			if inLoop(u) {
				kind = again
				if _, ok := (&pcg{p.hi, p.lo}).normalSlow(u); ok {
					kind = kept
				}
			}
		}
		if !found[kind] {
			found[kind] = true
			checkNormals(t, hi, lo, 5, 1)
		}
	}
	if found != [4]bool{true, true, true, true} {
		t.Errorf("not every path found (kept, again, outside, base): %v", found)
	}
}

// FuzzNormals compares normals with normalsGeneric from any state, length
// (mod 4096) and starting sum.
func FuzzNormals(f *testing.F) {
	f.Add(uint64(1), uint64(2), uint16(100), 0.0)
	f.Add(^uint64(0), uint64(0x9e3779b97f4a7c15), uint16(4095), -1.5)
	f.Fuzz(func(t *testing.T, hi, lo uint64, n uint16, sum float64) {
		checkNormals(t, hi, lo, int(n%4096), sum)
	})
}

// BenchmarkFillNormals times the values of rows of 80 and 800 entries:
// fillNormals (the assembly loop in WebAssembly), its Go fast path alone,
// and rand.Rand's NormFloat64 that it replaces.
func BenchmarkFillNormals(b *testing.B) {
	for _, n := range []int{80, 800} {
		dst := make([]float64, n)
		b.Run(fmt.Sprintf("n=%d/fillNormals", n), func(b *testing.B) {
			p := &pcg{1, 2}
			for range b.N {
				p.fillNormals(dst)
			}
		})
		b.Run(fmt.Sprintf("n=%d/generic", n), func(b *testing.B) {
			p := &pcg{1, 2}
			for range b.N {
				for k := 0; k < n; {
					m, _, _ := normalsFastGeneric(dst[k:], p, 0)
					k += m + 1 // a missed draw counts as a value
				}
			}
		})
		b.Run(fmt.Sprintf("n=%d/NormFloat64", n), func(b *testing.B) {
			r := rand.New(rand.NewPCG(1, 2))
			for range b.N {
				for k := range dst {
					dst[k] = r.NormFloat64()
				}
			}
		})
	}
}

// checkTrialPairs fails t unless trialPairs gives trialPairsGeneric's
// count, entries (all d&^1 written) and final state, or panics as it does.
func checkTrialPairs(t *testing.T, hi, lo uint64, thresholds []uint64, outLen int) {
	t.Helper()
	p, q := &pcg{hi, lo}, &pcg{hi, lo}
	got, want := make([]int32, outLen), make([]int32, outLen)
	var gm, wm int
	gotPanic := tryPanic(func() { gm = trialPairs(got, thresholds, p) })
	wantPanic := tryPanic(func() { wm = trialPairsGeneric(want, thresholds, q) })
	if gotPanic != wantPanic || gm != wm || *p != *q {
		t.Fatalf("state %#x %#x, d = %d, out %d: %d (panic %q), state %#x; want %d (panic %q), state %#x",
			hi, lo, len(thresholds), outLen, gm, gotPanic, *p, wm, wantPanic, *q)
	}
	for k := range got {
		if got[k] != want[k] {
			t.Fatalf("state %#x %#x, d = %d: out[%d] = %d, want %d", hi, lo, len(thresholds), k, got[k], want[k])
		}
	}
}

func tryPanic(f func()) (msg string) {
	defer func() {
		if r := recover(); r != nil {
			msg = fmt.Sprint(r)
		}
	}()
	f()
	return ""
}

// TestTrialPairsBits compares trialPairs (assembly in WebAssembly) with
// trialPairsGeneric on thresholds 0, 2³², and between, for d = 0 … 300,
// and with an out too short.
func TestTrialPairsBits(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	for d := range 301 {
		thresholds := make([]uint64, d)
		for j := range thresholds {
			switch r.IntN(4) {
			case 0:
				thresholds[j] = 0
			case 1:
				thresholds[j] = 1 << 32
			default:
				thresholds[j] = r.Uint64N(1<<32 + 1)
			}
		}
		checkTrialPairs(t, r.Uint64(), r.Uint64(), thresholds, d+1)
		if d >= 2 {
			checkTrialPairs(t, r.Uint64(), r.Uint64(), thresholds, d&^1-1)
		}
	}
}

// FuzzTrialPairs compares trialPairs with trialPairsGeneric from any state
// on thresholds from the fuzzer's bytes (each byte b gives b·2²⁴, up to
// 2³²).
func FuzzTrialPairs(f *testing.F) {
	f.Add(uint64(1), uint64(2), []byte{0, 255, 128, 7, 9})
	f.Fuzz(func(t *testing.T, hi, lo uint64, data []byte) {
		thresholds := make([]uint64, len(data))
		for j, b := range data {
			thresholds[j] = uint64(b) << 24
			if b == 255 {
				thresholds[j] = 1 << 32
			}
		}
		checkTrialPairs(t, hi, lo, thresholds, len(data)+1)
	})
}

// checkScale compares scale with scaleGeneric on val and c, and checks that
// the values around the slice are not written.
func checkScale(t *testing.T, val []float64, c float64) {
	t.Helper()
	want := append([]float64(nil), val...)
	scaleGeneric(want, c)
	buf := make([]float64, len(val)+2)
	buf[0], buf[len(buf)-1] = 7, 9
	got := buf[1 : len(val)+1]
	copy(got, val)
	scale(got, c)
	for k := range want {
		if math.Float64bits(got[k]) != math.Float64bits(want[k]) {
			t.Fatalf("len %d, c = %v: val[%d] = %v, want %v", len(val), c, k, got[k], want[k])
		}
	}
	if buf[0] != 7 || buf[len(buf)-1] != 9 {
		t.Fatalf("len %d: scale wrote outside its slice", len(val))
	}
}

// TestScaleBits checks that scale (assembly under js/wasm) rounds each
// product as scaleGeneric does, on rows of 0–300 values, subnormal and
// overflowing products included.
func TestScaleBits(t *testing.T) {
	r := rand.New(rand.NewPCG(15, 16))
	for n := range 301 {
		val := make([]float64, n)
		for k := range val {
			val[k] = r.NormFloat64() * math.Ldexp(1, r.IntN(2100)-1050)
		}
		checkScale(t, val, r.NormFloat64()*math.Ldexp(1, r.IntN(60)-30))
	}
}

// FuzzScale compares scale with scaleGeneric on the fuzzer's values.
func FuzzScale(f *testing.F) {
	f.Add(0.3, 1.5, -2.25, 3)
	f.Fuzz(func(t *testing.T, c, a, b float64, n int) {
		n = min(max(n, 0), 64) // rows a + k·b, k < n
		val := make([]float64, n)
		for k := range val {
			val[k] = a + float64(float64(k)*b)
		}
		checkScale(t, val, c)
	})
}

// TestExpNormal requires expNormal to be math.Exp bit for bit on the wedge
// test's arguments, −x²/2 for |x| up to the ziggurat's last strip and a
// little past it, and at and around the ends of its shortcut.
func TestExpNormal(t *testing.T) {
	check := func(x float64) {
		t.Helper()
		if got, want := expNormal(x), math.Exp(x); math.Float64bits(got) != math.Float64bits(want) {
			t.Fatalf("expNormal(%v) = %v, want %v", x, got, want)
		}
	}
	r := rand.New(rand.NewPCG(17, 18))
	for range 1 << 20 {
		x := r.Float64() * 4
		check(-.5 * x * x)
	}
	for _, x := range []float64{0, math.Copysign(0, -1), -1.0 / (1 << 28), math.Nextafter(-1.0/(1<<28), 0),
		math.Nextafter(-1.0/(1<<28), -1), -700, math.Nextafter(-700, 0), -708.5, -745, -746, -1e300,
		math.Inf(-1), math.NaN(), 1, 710, -math.Ln2, -0.5 * normR * normR} {
		check(x)
	}
	nearNegPowersOfTwo(-60, 9, check)
}

// TestNormFloat64 requires pcg.normFloat64 to be rand.Rand's NormFloat64,
// values and stream.
func TestNormFloat64(t *testing.T) {
	for seed := range uint64(3) {
		src := rand.NewPCG(seed, 19)
		p, r := newPCG(src), rand.New(src)
		for n := range 1 << 20 {
			if got, want := p.normFloat64(), r.NormFloat64(); math.Float64bits(got) != math.Float64bits(want) {
				t.Fatalf("seed %d, draw %d: %v, want %v", seed, n, got, want)
			}
		}
		if p.Uint64() != src.Uint64() {
			t.Fatalf("seed %d: the stream after the draws differs", seed)
		}
	}
}

// BenchmarkTrialPairs times a row's Bernoulli trials (two per number) at
// the page's density, ω' = 0.8, for d = 100 and 1,000 features.
func BenchmarkTrialPairs(b *testing.B) {
	for _, d := range []int{100, 1000} {
		thresholds := bernoulliThresholds(densities(d, 0.8, rand.New(rand.NewPCG(1, 2))))
		out := make([]int32, d)
		b.Run(fmt.Sprintf("d=%d", d), func(b *testing.B) {
			p := &pcg{1, 2}
			for range b.N {
				trialPairs(out, thresholds, p)
			}
		})
	}
}

// nearNegPowersOfTwo calls check with −2ᵉ and its neighbours on either
// side, for e from lo to hi: the exponentials' range reductions change
// there.
func nearNegPowersOfTwo(lo, hi int, check func(float64)) {
	for e := lo; e <= hi; e++ {
		x := -math.Ldexp(1, e)
		check(x)
		check(math.Nextafter(x, 0))
		check(math.Nextafter(x, -1000))
	}
}
