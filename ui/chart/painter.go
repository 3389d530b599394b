package chart

// Point is a position in CSS pixels, x to the right and y down.
type Point struct{ X, Y float64 }

// Stroke describes how a line is drawn. Dash lists alternating dash and gap
// lengths in pixels; nil or empty means a solid line.
type Stroke struct {
	Color string
	Width float64
	Dash  []float64
}

// Align is the horizontal anchor of a text relative to its position.
type Align int

// Horizontal text anchors.
const (
	AlignLeft Align = iota
	AlignCenter
	AlignRight
)

// Baseline is the vertical anchor of a text relative to its position.
type Baseline int

// Vertical text anchors. Painters realise them with BaselineShift so that
// SVG and canvas place text identically.
const (
	BaselineAlphabetic Baseline = iota // y is the text's baseline
	BaselineMiddle                     // y is the middle of the digits' height
	BaselineTop                        // y is the top of the capitals
)

// TextStyle describes how a text is drawn. Size is the font size in pixels.
// Rotate turns the text by −90°, reading bottom to top, around its position
// (for a vertical axis label); Align and Baseline then refer to the rotated text.
type TextStyle struct {
	Size     float64
	Color    string
	Align    Align
	Baseline Baseline
	Bold     bool
	Rotate   bool
}

// FontFamily is the CSS font family every painter uses, so that text widths
// estimated by TextWidth hold for both SVG and canvas output.
const FontFamily = "Helvetica, Arial, 'Liberation Sans', sans-serif"

// Painter is a minimal 2-D drawing surface in CSS pixels with y down. The
// charts draw only through it; SVG output and the browser's <canvas>
// implement it.
type Painter interface {
	// Polyline strokes the open path through pts.
	Polyline(pts []Point, s Stroke)
	// Rect fills the rectangle with top-left corner (x, y).
	Rect(x, y, w, h float64, fill string)
	// Marker draws the marker shape m centred at (x, y) with the given
	// size (its nominal diameter); see MarkerGeometry.
	Marker(x, y float64, m Marker, size float64, color string)
	// Text draws s anchored at (x, y).
	Text(x, y float64, s string, st TextStyle)
	// Clip restricts later drawing to the rectangle until the matching Unclip.
	// Clips nest.
	Clip(x, y, w, h float64)
	// Unclip ends the innermost Clip.
	Unclip()
}

// BaselineShift is how far below the anchor, in pixels, the alphabetic
// baseline of text of the given size lies for anchor b. The factors are those
// of Helvetica/Arial (cap height ≈ 0.72 em, digit centre ≈ 0.36 em).
func BaselineShift(b Baseline, size float64) float64 {
	switch b {
	case BaselineMiddle:
		return 0.36 * size
	case BaselineTop:
		return 0.72 * size
	}
	return 0
}
