package chart

import "math"

// axisKind selects how an axis chooses and labels its ticks.
type axisKind int

const (
	linearAxis axisKind = iota
	logAxis
	countAxis    // linear, integer ticks only
	logCountAxis // logarithmic, decades labelled as plain integers up to 10⁴
)

// axis is one laid-out axis: its scale and ticks.
type axis struct {
	kind   axisKind
	scale  Scale
	major  []float64
	labels []string
	minor  []float64
}

// newAxis lays out an axis of the given kind over data [lo, hi] drawn from
// pixel pxLo to pxHi. Vertical axes need less room per label than horizontal
// ones, whose labels must not touch.
func newAxis(kind axisKind, lo, hi, pxLo, pxHi, font float64, vertical bool) axis {
	a := axis{kind: kind, scale: Scale{Min: lo, Max: hi, Log: kind == logAxis || kind == logCountAxis, Lo: pxLo, Hi: pxHi}}
	length := math.Abs(pxHi - pxLo)
	gap := 2.0 * font // vertical distance between label centres
	maxTicks := max(2, int(length/gap)+1)
	if !vertical {
		maxTicks = max(2, int(length/(4*font))+1)
	}
	for range 8 {
		a.ticks(maxTicks)
		if vertical || maxTicks == 2 || len(a.major) < 2 {
			break
		}
		widest := 0.0
		for _, s := range a.labels {
			widest = math.Max(widest, TextWidth(s, font))
		}
		// Horizontal labels need their width plus a gap between them.
		spacing := math.Abs(a.scale.Pixel(a.major[1]) - a.scale.Pixel(a.major[0]))
		if spacing >= widest+1.2*font {
			break
		}
		maxTicks--
	}
	return a
}

func (a *axis) ticks(maxTicks int) {
	lo, hi := a.scale.Min, a.scale.Max
	switch a.kind {
	case linearAxis:
		a.major = NiceTicks(lo, hi, maxTicks)
		a.labels = FormatTicks(a.major)
	case countAxis:
		a.major = a.major[:0]
		for _, v := range NiceTicks(lo, hi, maxTicks) {
			if v == math.Trunc(v) {
				a.major = append(a.major, v)
			}
		}
		a.labels = FormatTicks(a.major)
	case logAxis, logCountAxis:
		a.major = LogTicks(lo, hi, maxTicks)
		a.labels = make([]string, len(a.major))
		for i, v := range a.major {
			if a.kind == logCountAxis && v >= 1 && v <= 1e4 {
				a.labels[i] = FormatNumber(v, 6)
			} else {
				a.labels[i] = FormatLogTick(v)
			}
		}
		a.minor = nil
		if len(a.major) >= 2 && isDecade(a.major[0]) && isDecade(a.major[1]) {
			// Sub-decade ticks only when a decade is tall enough to show them.
			decades := math.Log10(hi / lo)
			a.minor = LogMinorTicks(lo, hi, a.major, decades > 0 && math.Abs(a.scale.Hi-a.scale.Lo)/decades >= 60)
		}
	}
}

func isDecade(v float64) bool {
	return v > 0 && math.Pow10(int(math.Round(math.Log10(v)))) == v
}

// widestLabel is the width in pixels of the axis' widest tick label.
func (a *axis) widestLabel(font float64) float64 {
	w := 0.0
	for _, s := range a.labels {
		w = math.Max(w, TextWidth(s, font))
	}
	return w
}
