package loss

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"
)

var allLosses = []Loss{Logistic{}, Square{}, SmoothHinge{Mu: 1}, SmoothHinge{Mu: 0.25}}

func TestValuesAtKnownPoints(t *testing.T) {
	for _, tc := range []struct {
		l                     Loss
		z, y                  float64
		value, deriv, curvRaw float64
	}{
		{Logistic{}, 0, 1, math.Ln2, -0.5, 0.25},
		{Logistic{}, 0, -1, math.Ln2, 0.5, 0.25},
		{Logistic{}, 1000, 1, 0, 0, 0}, // e^−1000 underflows
		{Logistic{}, -1000, 1, 1000, -1, 0},
		{Logistic{}, 1000, -1, 1000, 1, 0},
		{Logistic{}, math.Log(3), 1, math.Log(4.0 / 3), -0.25, 3.0 / 16},
		{Square{}, 3, 1, 2, 2, 1},
		{Square{}, -1, 1, 2, -2, 1},
		{SmoothHinge{Mu: 1}, 2, 1, 0, 0, 0},            // m ≥ 1
		{SmoothHinge{Mu: 1}, 0.5, 1, 0.125, -0.5, 1},   // quadratic piece: (1−m)²/2μ
		{SmoothHinge{Mu: 1}, -2, 1, 2.5, -1, 0},        // linear piece: 1 − m − μ/2
		{SmoothHinge{Mu: 0.5}, -0.8, -1, 0.04, 0.4, 2}, // m = 0.8: 0.2²/(2·0.5)
		{SmoothHinge{Mu: 0.5}, 0, 1, 0.75, -1, 0},      // m = 0 ≤ 1 − μ
	} {
		name := fmt.Sprintf("%v(z=%v, y=%v)", tc.l, tc.z, tc.y)
		if got := tc.l.Value(tc.z, tc.y); math.Abs(got-tc.value) > 1e-15*(1+tc.value) {
			t.Errorf("%s: value %v, want %v", name, got, tc.value)
		}
		if got := tc.l.Deriv(tc.z, tc.y); math.Abs(got-tc.deriv) > 1e-15 {
			t.Errorf("%s: derivative %v, want %v", name, got, tc.deriv)
		}
		if got := tc.l.Curvature(tc.z, tc.y); math.Abs(got-tc.curvRaw) > 1e-15 {
			t.Errorf("%s: curvature %v, want %v", name, got, tc.curvRaw)
		}
	}
}

// grid of margins covering every piece and the far tails.
func grid() []float64 {
	var zs []float64
	for z := -6.0; z <= 6; z += 0.0625 {
		zs = append(zs, z+1.0/3) // off the kinks of the smoothed hinge
	}
	return append(zs, -40, -1e3, 40, 1e3)
}

// TestDerivativesMatchFiniteDifferences checks Deriv against the central
// difference of Value, Curvature against that of Deriv, and the smoothness
// constant: 0 ≤ φ” ≤ 1/γ.
func TestDerivativesMatchFiniteDifferences(t *testing.T) {
	const h = 1e-6
	for _, l := range allLosses {
		for _, y := range []float64{1, -1} {
			for _, z := range grid() {
				fd := (l.Value(z+h, y) - l.Value(z-h, y)) / (2 * h)
				if d := l.Deriv(z, y); math.Abs(fd-d) > 1e-6*(1+math.Abs(z)) {
					t.Errorf("%v y=%v z=%v: φ' = %v, difference quotient %v", l, y, z, d, fd)
				}
				fd2 := (l.Deriv(z+h, y) - l.Deriv(z-h, y)) / (2 * h)
				c := l.Curvature(z, y)
				if math.Abs(fd2-c) > 1e-6 {
					t.Errorf("%v y=%v z=%v: φ” = %v, difference quotient %v", l, y, z, c, fd2)
				}
				if c < 0 || c > 1/l.Gamma()+1e-15 {
					t.Errorf("%v y=%v z=%v: φ” = %v outside [0, 1/γ = %v]", l, y, z, c, 1/l.Gamma())
				}
			}
		}
	}
}

// TestLogisticIsAccurateInTheTails: for t = yz large, φ ≈ e^−t, φ' ≈ −y e^−t
// and φ” ≈ e^−t; all must keep their relative accuracy, and φ” must not
// depend on the sign of z.
func TestLogisticIsAccurateInTheTails(t *testing.T) {
	var l Logistic
	for _, tt := range []float64{20, 40, 300, 700} {
		e := math.Exp(-tt)
		for _, got := range []float64{l.Value(tt, 1), -l.Deriv(tt, 1), l.Curvature(tt, 1), l.Curvature(-tt, 1)} {
			if math.Abs(got-e) > 1e-8*e {
				t.Errorf("t=%v: got %v, want ≈ e^−t = %v", tt, got, e)
			}
		}
		// φ(−t) = t + log(1 + e^−t) = t + e^−t − O(e^−2t).
		if got := l.Value(-tt, 1); math.Abs(got-(tt+e)) > e*e+1e-15*tt {
			t.Errorf("φ(−%v) = %v, want ≈ %v", tt, got, tt+e)
		}
	}
}

func TestSmoothHingeIsContinuousAtItsKinks(t *testing.T) {
	for _, mu := range []float64{1, 0.1, 2} {
		l := SmoothHinge{Mu: mu}
		for _, m := range []float64{1, 1 - mu} {
			lo, hi := math.Nextafter(m, math.Inf(-1)), math.Nextafter(m, math.Inf(1))
			if d := math.Abs(l.Value(lo, 1) - l.Value(hi, 1)); d > 1e-14 {
				t.Errorf("μ=%v: value jumps by %v at m=%v", mu, d, m)
			}
			if d := math.Abs(l.Deriv(lo, 1) - l.Deriv(hi, 1)); d > 1e-14/mu {
				t.Errorf("μ=%v: derivative jumps by %v at m=%v", mu, d, m)
			}
		}
	}
}

func TestGamma(t *testing.T) {
	for _, tc := range []struct {
		l     Loss
		gamma float64
	}{{Logistic{}, 4}, {Square{}, 1}, {SmoothHinge{Mu: 0.3}, 0.3}} {
		if g := tc.l.Gamma(); g != tc.gamma {
			t.Errorf("%v: γ = %v, want %v", tc.l, g, tc.gamma)
		}
	}
}

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Loss
		err  error
		says string // what the error message must quote
	}{
		{"logistic", Logistic{}, nil, ""},
		{"  Logistic ", Logistic{}, nil, ""},
		{"square", Square{}, nil, ""},
		{"smoothhinge", SmoothHinge{Mu: 1}, nil, ""},
		{"smoothhinge:0.5", SmoothHinge{Mu: 0.5}, nil, ""},
		{"SmoothHinge:1E-3", SmoothHinge{Mu: 1e-3}, nil, ""},
		{"hinge:2", SmoothHinge{Mu: 2}, nil, ""},
		{"smoothed-hinge", SmoothHinge{Mu: 1}, nil, ""},
		{"logistic:1", nil, ErrParameter, `"logistic"`},
		{"square:", nil, ErrParameter, `"square"`},
		{"smoothhinge:", nil, ErrParameter, `""`},
		{"smoothhinge:0", nil, ErrParameter, `"0"`},
		{"smoothhinge:-1", nil, ErrParameter, `"-1"`},
		{"smoothhinge:abc", nil, ErrParameter, `"abc"`},
		{"smoothhinge:inf", nil, ErrParameter, `"inf"`},
		{"smoothhinge:nan", nil, ErrParameter, `"nan"`},
		{"", nil, ErrUnknown, `""`},
		{"hinge2", nil, ErrUnknown, `"hinge2"`},
		{"squared", nil, ErrUnknown, "logistic, square, smoothhinge"},
	} {
		got, err := Parse(tc.in)
		if !errors.Is(err, tc.err) || got != tc.want {
			t.Errorf("Parse(%q) = %v, %v; want %v, %v", tc.in, got, err, tc.want, tc.err)
		}
		if err != nil && !strings.Contains(err.Error(), tc.says) {
			t.Errorf("Parse(%q): error %q does not contain %s", tc.in, err, tc.says)
		}
	}
}

func TestStringRoundTrips(t *testing.T) {
	for _, l := range append(allLosses, SmoothHinge{Mu: 1.0 / 3}) {
		got, err := Parse(l.String())
		if err != nil || got != l {
			t.Errorf("Parse(%q) = %v, %v; want %v", l.String(), got, err, l)
		}
	}
}

func ExampleParse() {
	for _, s := range []string{"logistic", "smoothhinge:0.5", "hinge:-1"} {
		l, err := Parse(s)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Printf("%v: γ = %v, φ(0; +1) = %.4f\n", l, l.Gamma(), l.Value(0, 1))
	}
	// Output:
	// logistic: γ = 4, φ(0; +1) = 0.6931
	// smoothhinge:0.5: γ = 0.5, φ(0; +1) = 0.7500
	// loss: invalid loss parameter: smoothed hinge width "-1", want a positive number
}

func BenchmarkLoss(b *testing.B) {
	zs := grid()
	for _, l := range allLosses[:3] {
		b.Run(l.String(), func(b *testing.B) {
			s := 0.0
			for k := range b.N {
				z := zs[k%len(zs)]
				s += l.Value(z, 1) + l.Deriv(z, 1) + l.Curvature(z, 1)
			}
			if math.IsNaN(s) {
				b.Fatal("NaN")
			}
		})
	}
}

// derivSink keeps benchmark results alive.
var derivSink float64

// BenchmarkDeriv compares φ' called through the Loss interface with φ'
// called on the concrete type, as the solver's loop does (the compiler
// then inlines it, or for Logistic its outer part).
func BenchmarkDeriv(b *testing.B) {
	zs := grid()
	for _, l := range []Loss{Logistic{}, Square{}} {
		b.Run(l.String()+"/interface", func(b *testing.B) {
			s := 0.0
			for k := range b.N {
				s += l.Deriv(zs[k%len(zs)], 1)
			}
			derivSink = s
		})
		b.Run(l.String()+"/concrete", func(b *testing.B) {
			s := 0.0
			for k := range b.N {
				switch l := l.(type) {
				case Logistic:
					s += l.Deriv(zs[k%len(zs)], 1)
				case Square:
					s += l.Deriv(zs[k%len(zs)], 1)
				}
			}
			derivSink = s
		})
	}
}

// TestLogisticDerivCurvature: the one-exponential pair is Deriv's bits and
// Curvature's (within two roundings where yz < 0), at zero, in the tails,
// for both labels and for labels other than ±1.
func TestLogisticDerivCurvature(t *testing.T) {
	var l Logistic
	zs := []float64{0, math.Copysign(0, -1), 1e-300, -1e-300, 0.3, -0.3, 1, -2.5, 17, -40, 700, -750, math.Inf(1), math.Inf(-1)}
	for _, y := range []float64{1, -1, 0.5, -3, 0} {
		for _, z := range zs {
			d, c := l.DerivCurvature(z, y)
			wd, wc := l.Deriv(z, y), l.Curvature(z, y)
			sameCurv := math.Float64bits(c) == math.Float64bits(wc)
			if y*z < 0 && wc != 0 { // e·q for e/(1 + e): two roundings apart at most
				sameCurv = math.Abs(c-wc) <= 4*0x1p-53*wc
			}
			if math.Float64bits(d) != math.Float64bits(wd) || !sameCurv {
				t.Errorf("DerivCurvature(%v, %v) = %v, %v; Deriv, Curvature give %v, %v", z, y, d, c, wd, wc)
			}
		}
	}
}
