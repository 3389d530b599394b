package chart

import (
	"strconv"
	"strings"
)

// Batch is a Painter that records drawing as a compact command stream, so
// that a browser page can hand a whole plot to the canvas in one call
// instead of one call per line, rectangle and text: from Go's wasm port
// every call into JavaScript costs microseconds, and a plot is thousands of
// them. Ops holds the commands and their numbers; strings (colours, fonts,
// texts, dash patterns) are stored once each and referred to by index
// (Strings). A page replays the stream in JavaScript (ui/app); Replay
// replays it on any Painter, which is how the stream is tested.
//
// Each command is its opcode followed by its operands:
//
//	BatchPolyline  n, width, color, dashes, dash…, x₁, y₁, …, xₙ, yₙ
//	BatchRect      x, y, w, h, fill
//	BatchMarker    x, y, marker, size, color, fill (−1: none), stroke width, closed, paths, then per path n, x₁, y₁, …
//	BatchText      x, y, text, size, color, align, baseline, bold, rotate, shift, font
//	BatchClip      x, y, w, h
//	BatchUnclip
//
// A marker carries its outline (MarkerGeometry) for the replayer and its
// arguments for Replay; a text carries its CSS font and BaselineShift.
type Batch struct {
	Ops   []float64
	strs  []string
	index map[string]int
}

// Opcodes of a Batch's command stream.
const (
	BatchPolyline = 1 + iota
	BatchRect
	BatchMarker
	BatchText
	BatchClip
	BatchUnclip
)

var _ Painter = (*Batch)(nil)

// Reset empties the batch, keeping its storage.
func (b *Batch) Reset() {
	b.Ops = b.Ops[:0]
	b.strs = b.strs[:0]
	clear(b.index)
}

// Len is the number of numbers in the command stream.
func (b *Batch) Len() int { return len(b.Ops) }

// Strings returns the string table, joined by NUL characters (which no
// colour, font or label contains).
func (b *Batch) Strings() string { return strings.Join(b.strs, "\x00") }

func (b *Batch) str(s string) float64 {
	if b.index == nil {
		b.index = map[string]int{}
	}
	k, ok := b.index[s]
	if !ok {
		k = len(b.strs)
		b.strs = append(b.strs, s)
		b.index[s] = k
	}
	return float64(k)
}

func (b *Batch) points(pts []Point) {
	b.Ops = append(b.Ops, float64(len(pts)))
	for _, p := range pts {
		b.Ops = append(b.Ops, p.X, p.Y)
	}
}

// Polyline implements Painter.
func (b *Batch) Polyline(pts []Point, s Stroke) {
	if len(pts) < 2 {
		return
	}
	b.Ops = append(b.Ops, BatchPolyline, float64(len(pts)), s.Width, b.str(s.Color), float64(len(s.Dash)))
	b.Ops = append(b.Ops, s.Dash...)
	for _, p := range pts {
		b.Ops = append(b.Ops, p.X, p.Y)
	}
}

// Rect implements Painter.
func (b *Batch) Rect(x, y, w, h float64, fill string) {
	b.Ops = append(b.Ops, BatchRect, x, y, w, h, b.str(fill))
}

// Marker implements Painter.
func (b *Batch) Marker(x, y float64, m Marker, size float64, color string) {
	g := MarkerGeometry(m, x, y, size, color)
	fill := -1.0
	if g.Fill != "" {
		fill = b.str(g.Fill)
	}
	closed := 0.0
	if g.Closed {
		closed = 1
	}
	b.Ops = append(b.Ops, BatchMarker, x, y, float64(m), size, b.str(color), fill, MarkerStroke(color).Width,
		closed, float64(len(g.Paths)))
	for _, path := range g.Paths {
		b.points(path)
	}
}

// Text implements Painter.
func (b *Batch) Text(x, y float64, s string, st TextStyle) {
	font := strconv.FormatFloat(st.Size, 'f', 2, 64) + "px " + FontFamily
	if st.Bold {
		font = "bold " + font
	}
	b.Ops = append(b.Ops, BatchText, x, y, b.str(s), st.Size, b.str(st.Color), float64(st.Align), float64(st.Baseline),
		flag(st.Bold), flag(st.Rotate), BaselineShift(st.Baseline, st.Size), b.str(font))
}

// Clip implements Painter.
func (b *Batch) Clip(x, y, w, h float64) { b.Ops = append(b.Ops, BatchClip, x, y, w, h) }

// Unclip implements Painter.
func (b *Batch) Unclip() { b.Ops = append(b.Ops, BatchUnclip) }

func flag(v bool) float64 {
	if v {
		return 1
	}
	return 0
}

// Replay makes on p the calls recorded in b, in order.
func (b *Batch) Replay(p Painter) {
	ops := b.Ops
	i := 0
	next := func() float64 { i++; return ops[i-1] }
	str := func() string { return b.strs[int(next())] }
	for i < len(ops) {
		switch next() {
		case BatchPolyline:
			n, width, color := int(next()), next(), str()
			dash := ops[i+1 : i+1+int(ops[i])]
			i += 1 + len(dash)
			pts := make([]Point, n)
			for k := range pts {
				pts[k] = Point{next(), next()}
			}
			p.Polyline(pts, Stroke{Color: color, Width: width, Dash: dash})
		case BatchRect:
			x, y, w, h := next(), next(), next(), next()
			p.Rect(x, y, w, h, str())
		case BatchMarker:
			x, y, m, size, color := next(), next(), Marker(next()), next(), str()
			i += 3 // fill, stroke width, closed: the replayer's
			for range int(next()) {
				n := int(next())
				i += 2 * n
			}
			p.Marker(x, y, m, size, color)
		case BatchText:
			x, y, s, size, color := next(), next(), str(), next(), str()
			st := TextStyle{Size: size, Color: color, Align: Align(next()), Baseline: Baseline(next()),
				Bold: next() != 0, Rotate: next() != 0}
			i += 2 // shift, font: the replayer's
			p.Text(x, y, s, st)
		case BatchClip:
			x, y, w, h := next(), next(), next(), next()
			p.Clip(x, y, w, h)
		case BatchUnclip:
			p.Unclip()
		default:
			panic("chart: corrupt batch at " + strconv.Itoa(i-1))
		}
	}
}
