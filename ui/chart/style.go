package chart

// Palette is the Okabe–Ito colour-blind-safe palette, ordered so that the
// first colours differ most in lightness as well as hue.
var Palette = []string{"#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000"}

// dashes pairs a distinct dash pattern with each palette entry so that the
// curves stay distinguishable in greyscale print.
var dashes = [][]float64{
	nil,                    // solid
	{7, 3},                 // dashed
	{1.5, 2.5},             // dotted
	{7, 2.5, 1.5, 2.5},     // dash-dot
	{12, 3},                // long dash
	{7, 2, 1.5, 2, 1.5, 2}, // dash-dot-dot
	{3.5, 2.5},             // short dash
}

// markers pairs a distinct marker with each palette entry; filled and open
// shapes alternate.
var markers = []Marker{MarkerCircle, MarkerSquare, MarkerTriangle, MarkerDiamond, MarkerTriangleDown, MarkerCross, MarkerPlus}

// NumStyles is the number of distinct series styles; Style repeats after it.
const NumStyles = 7

// Style returns the colour, dash pattern (nil = solid; a fresh slice the
// caller may keep) and marker of series style i. Styles repeat with period
// NumStyles; negative i is treated as its absolute value.
func Style(i int) (color string, dash []float64, marker Marker) {
	if i < 0 {
		i = -i
	}
	i %= NumStyles
	return Palette[i], append([]float64(nil), dashes[i]...), markers[i]
}

// Visual constants shared by the plots.
const (
	seriesWidth  = 1.6 // curve stroke width
	markerSize   = 6.5 // marker diameter
	axisColor    = "#222222"
	gridColor    = "#e3e3e3"
	textColor    = "#111111"
	defaultFont  = 12.0
	tickLength   = 4.0
	frameWidth   = 1.0
	background   = "white"
	legendBorder = "#bbbbbb"
)
