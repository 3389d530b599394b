package chart

// Shifted returns a Painter that draws through p with every position moved
// by (dx, dy): a plot drawn through it lands below a title band, say.
func Shifted(p Painter, dx, dy float64) Painter { return &shifted{p: p, dx: dx, dy: dy} }

type shifted struct {
	p      Painter
	dx, dy float64
	buf    []Point
}

func (s *shifted) Polyline(pts []Point, st Stroke) {
	s.buf = s.buf[:0]
	for _, q := range pts {
		s.buf = append(s.buf, Point{q.X + s.dx, q.Y + s.dy})
	}
	s.p.Polyline(s.buf, st)
}

func (s *shifted) Rect(x, y, w, h float64, fill string) { s.p.Rect(x+s.dx, y+s.dy, w, h, fill) }

func (s *shifted) Marker(x, y float64, m Marker, size float64, color string) {
	s.p.Marker(x+s.dx, y+s.dy, m, size, color)
}

func (s *shifted) Text(x, y float64, text string, st TextStyle) { s.p.Text(x+s.dx, y+s.dy, text, st) }

func (s *shifted) Clip(x, y, w, h float64) { s.p.Clip(x+s.dx, y+s.dy, w, h) }

func (s *shifted) Unclip() { s.p.Unclip() }
