package chart

import "math"

// Scale maps data values in [Min, Max] to pixels in [Lo, Hi], linearly or,
// if Log is set, linearly in log10 of the value. For a vertical axis Lo is
// the bottom pixel and Hi the top one (Lo > Hi, since y points down).
type Scale struct {
	Min, Max float64
	Log      bool
	Lo, Hi   float64
}

// Pixel returns the pixel of data value v. It is NaN if v is NaN or, on a
// log scale, not positive; values outside [Min, Max] extrapolate.
func (s Scale) Pixel(v float64) float64 {
	a, b := s.Min, s.Max
	if s.Log {
		if !(v > 0) {
			return math.NaN()
		}
		v, a, b = math.Log10(v), math.Log10(a), math.Log10(b)
	}
	if b == a {
		return (s.Lo + s.Hi) / 2
	}
	return s.Lo + (v-a)/(b-a)*(s.Hi-s.Lo)
}

// Value is the inverse of Pixel: the data value at pixel px (for reading a
// pointer position back into data units).
func (s Scale) Value(px float64) float64 {
	if s.Hi == s.Lo {
		return math.NaN()
	}
	t := (px - s.Lo) / (s.Hi - s.Lo)
	if s.Log {
		a, b := math.Log10(s.Min), math.Log10(s.Max)
		return math.Pow(10, a+t*(b-a))
	}
	return s.Min + t*(s.Max-s.Min)
}

// Valid reports whether v can be placed on the scale: finite and, on a log
// scale, positive.
func (s Scale) Valid(v float64) bool {
	return finite(v) && (!s.Log || v > 0)
}

// affine is a Scale prepared for mapping many values: the logarithms of
// its limits taken once.
type affine struct {
	log       bool
	a, k, off float64 // pixel = off + (v' − a)·k, v' = v or log10 v
}

func (s Scale) affine() affine {
	a, b := s.Min, s.Max
	if s.Log {
		a, b = math.Log10(a), math.Log10(b)
	}
	if b == a {
		return affine{log: s.Log, off: (s.Lo + s.Hi) / 2}
	}
	return affine{log: s.Log, a: a, k: (s.Hi - s.Lo) / (b - a), off: s.Lo}
}

// pixel is Scale.Pixel for a value known to be Valid.
func (f affine) pixel(v float64) float64 {
	if f.log {
		v = math.Log10(v)
	}
	return f.off + (v-f.a)*f.k
}
