package chart

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// SVG returns a standalone SVG document of width × height CSS pixels with
// whatever draw paints into it. Clips left open by draw are closed.
func SVG(width, height float64, draw func(Painter)) []byte {
	s := &svgPainter{}
	fmt.Fprintf(&s.b, `<?xml version="1.0" encoding="UTF-8"?>`+"\n"+
		`<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="%s" height="%s" viewBox="0 0 %s %s" font-family="%s">`+"\n",
		num(width), num(height), num(width), num(height), escape(FontFamily))
	draw(s)
	for s.depth > 0 {
		s.Unclip()
	}
	s.b.WriteString("</svg>\n")
	return s.b.Bytes()
}

// svgPainter writes SVG elements for Painter calls.
type svgPainter struct {
	b       bytes.Buffer
	scratch []byte // path data, reused
	clipID  int
	depth   int
}

func (s *svgPainter) Polyline(pts []Point, st Stroke) {
	if len(pts) < 2 {
		return
	}
	s.b.WriteString(`<path d="`)
	s.scratch = AppendPath(s.scratch[:0], [][]Point{pts}, false)
	s.b.Write(s.scratch)
	s.b.WriteString(`" fill="none"`)
	s.stroke(st)
	s.b.WriteString("/>\n")
}

func (s *svgPainter) stroke(st Stroke) {
	fmt.Fprintf(&s.b, ` stroke="%s" stroke-width="%s" stroke-linejoin="round"`, escape(st.Color), num(st.Width))
	if len(st.Dash) > 0 {
		parts := make([]string, len(st.Dash))
		for i, d := range st.Dash {
			parts[i] = num(d)
		}
		fmt.Fprintf(&s.b, ` stroke-dasharray="%s"`, strings.Join(parts, " "))
	}
}

func (s *svgPainter) Rect(x, y, w, h float64, fill string) {
	fmt.Fprintf(&s.b, `<rect x="%s" y="%s" width="%s" height="%s" fill="%s"/>`+"\n", num(x), num(y), num(w), num(h), escape(fill))
}

func (s *svgPainter) Marker(x, y float64, m Marker, size float64, color string) {
	g := MarkerGeometry(m, x, y, size, color)
	if len(g.Paths) == 0 {
		return
	}
	s.b.WriteString(`<path d="`)
	s.scratch = AppendPath(s.scratch[:0], g.Paths, g.Closed)
	s.b.Write(s.scratch)
	fill := g.Fill
	if fill == "" {
		fill = "none"
	}
	fmt.Fprintf(&s.b, `" fill="%s"`, escape(fill))
	s.stroke(MarkerStroke(color))
	s.b.WriteString("/>\n")
}

func (s *svgPainter) Text(x, y float64, text string, st TextStyle) {
	fmt.Fprintf(&s.b, `<text x="%s" y="%s" font-size="%s" fill="%s"`, num(x), num(y), num(st.Size), escape(st.Color))
	switch st.Align {
	case AlignCenter:
		s.b.WriteString(` text-anchor="middle"`)
	case AlignRight:
		s.b.WriteString(` text-anchor="end"`)
	}
	if st.Bold {
		s.b.WriteString(` font-weight="bold"`)
	}
	if dy := BaselineShift(st.Baseline, st.Size); dy != 0 {
		fmt.Fprintf(&s.b, ` dy="%s"`, num(dy))
	}
	if st.Rotate {
		fmt.Fprintf(&s.b, ` transform="rotate(-90 %s %s)"`, num(x), num(y))
	}
	fmt.Fprintf(&s.b, ">%s</text>\n", escape(text))
}

func (s *svgPainter) Clip(x, y, w, h float64) {
	s.clipID++
	s.depth++
	fmt.Fprintf(&s.b, `<clipPath id="clip%d"><rect x="%s" y="%s" width="%s" height="%s"/></clipPath>`+"\n"+`<g clip-path="url(#clip%d)">`+"\n",
		s.clipID, num(x), num(y), num(w), num(h), s.clipID)
}

func (s *svgPainter) Unclip() {
	if s.depth == 0 {
		panic("chart: Unclip without Clip")
	}
	s.depth--
	s.b.WriteString("</g>\n")
}

// AppendPath appends to dst the SVG path data ("M x y L x y … Z") of the
// sub-paths, each closed if closed is true, with coordinates rounded to
// hundredths of a pixel. Both SVG output and the canvas painter (through
// Path2D, one call per path instead of one per point) use it.
func AppendPath(dst []byte, subpaths [][]Point, closed bool) []byte {
	for _, pts := range subpaths {
		for i, p := range pts {
			if i == 0 {
				dst = append(dst, 'M')
			} else {
				dst = append(dst, " L"...)
			}
			dst = appendNum(dst, p.X)
			dst = append(dst, ' ')
			dst = appendNum(dst, p.Y)
		}
		if closed && len(pts) > 0 {
			dst = append(dst, " Z"...)
		}
	}
	return dst
}

// num formats a coordinate with two decimals at most: a hundredth of a
// pixel is invisible, and it keeps files small.
func num(v float64) string { return string(appendNum(nil, v)) }

func appendNum(dst []byte, v float64) []byte {
	start := len(dst)
	dst = strconv.AppendFloat(dst, v, 'f', 2, 64)
	// Trim trailing zeros and a bare point: "1.50" → "1.5", "2.00" → "2".
	for dst[len(dst)-1] == '0' {
		dst = dst[:len(dst)-1]
	}
	if dst[len(dst)-1] == '.' {
		dst = dst[:len(dst)-1]
	}
	if string(dst[start:]) == "-0" {
		dst = append(dst[:start], '0')
	}
	return dst
}

// escape is s as XML character data, as encoding/xml's EscapeText writes
// it (the five special characters and the three white-space controls as
// references, what XML cannot hold as U+FFFD), without that package's 1.8 kB
// of main.wasm's gzip.
func escape(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch r {
		case '"':
			b.WriteString("&#34;")
		case '\'':
			b.WriteString("&#39;")
		case '&':
			b.WriteString("&amp;")
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '\t':
			b.WriteString("&#x9;")
		case '\n':
			b.WriteString("&#xA;")
		case '\r':
			b.WriteString("&#xD;")
		default:
			if !xmlChar(r) || r == utf8.RuneError {
				r = '\uFFFD'
			}
			b.WriteRune(r)
		}
	}
	return b.String()
}

// xmlChar reports whether XML 1.0 allows r in a document (its Char rule).
func xmlChar(r rune) bool {
	return r == 0x09 || r == 0x0A || r == 0x0D || r >= 0x20 && r <= 0xD7FF ||
		r >= 0xE000 && r <= 0xFFFD || r >= 0x10000 && r <= 0x10FFFF
}
