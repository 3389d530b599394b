package chart

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"strings"
)

// call is one recorded Painter call.
type call struct {
	op     string // "polyline", "rect", "marker", "text", "clip", "unclip"
	pts    []Point
	stroke Stroke
	rect   Rect
	fill   string
	marker Marker
	text   string
	style  TextStyle
}

// recorder is a Painter that records its calls, for testing Draw.
type recorder struct{ calls []call }

func (r *recorder) Polyline(pts []Point, s Stroke) {
	r.calls = append(r.calls, call{op: "polyline", pts: append([]Point(nil), pts...), stroke: s})
}
func (r *recorder) Rect(x, y, w, h float64, fill string) {
	r.calls = append(r.calls, call{op: "rect", rect: Rect{x, y, w, h}, fill: fill})
}
func (r *recorder) Marker(x, y float64, m Marker, size float64, color string) {
	r.calls = append(r.calls, call{op: "marker", pts: []Point{{x, y}}, marker: m, fill: color})
}
func (r *recorder) Text(x, y float64, s string, st TextStyle) {
	r.calls = append(r.calls, call{op: "text", pts: []Point{{x, y}}, text: s, style: st})
}
func (r *recorder) Clip(x, y, w, h float64) {
	r.calls = append(r.calls, call{op: "clip", rect: Rect{x, y, w, h}})
}
func (r *recorder) Unclip() { r.calls = append(r.calls, call{op: "unclip"}) }

// find returns the calls of kind op satisfying keep (nil = all).
func (r *recorder) find(op string, keep func(call) bool) []call {
	var out []call
	for _, c := range r.calls {
		if c.op == op && (keep == nil || keep(c)) {
			out = append(out, c)
		}
	}
	return out
}

// clipped returns the calls of kind op made inside a Clip (the curves).
func (r *recorder) clipped(op string) []call {
	var out []call
	depth := 0
	for _, c := range r.calls {
		switch {
		case c.op == "clip":
			depth++
		case c.op == "unclip":
			depth--
		case c.op == op && depth > 0:
			out = append(out, c)
		}
	}
	return out
}

// texts returns the strings of all Text calls.
func (r *recorder) texts() []string {
	var out []string
	for _, c := range r.find("text", nil) {
		out = append(out, c.text)
	}
	return out
}

// svgElement is a parsed SVG element.
type svgElement struct {
	name    string
	attrs   map[string]string
	text    string
	clipped bool // inside a <g clip-path=…>
}

// parseSVG parses an SVG document with encoding/xml and returns its
// elements in document order.
func parseSVG(b []byte) ([]svgElement, error) {
	d := xml.NewDecoder(bytes.NewReader(b))
	var out []svgElement
	var stack []int
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			if len(stack) != 0 {
				return out, errors.New("unclosed elements")
			}
			return out, nil
		}
		if err != nil {
			return out, err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			e := svgElement{name: t.Name.Local, attrs: map[string]string{}}
			for _, a := range t.Attr {
				e.attrs[a.Name.Local] = a.Value
			}
			if n := len(stack); n > 0 {
				parent := out[stack[n-1]]
				e.clipped = parent.clipped || parent.name == "g" && parent.attrs["clip-path"] != ""
			}
			stack = append(stack, len(out))
			out = append(out, e)
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		case xml.CharData:
			if len(stack) > 0 {
				out[stack[len(stack)-1]].text += strings.TrimSpace(string(t))
			}
		}
	}
}
