package chart

import "math"

// Marker is a point-marker shape.
type Marker int

// Marker shapes. Open shapes are filled white so that the curve under them
// does not show through.
const (
	MarkerNone Marker = iota
	MarkerCircle
	MarkerSquare       // open
	MarkerTriangle     // pointing up
	MarkerDiamond      // open
	MarkerTriangleDown // open
	MarkerCross        // ×
	MarkerPlus         // +
	numMarkers
)

// Geometry is the outline of a marker: its sub-paths, whether they are
// closed, and the colour to fill them with ("" = not filled). The outline is
// always stroked with the marker's colour.
type Geometry struct {
	Paths  [][]Point
	Closed bool
	Fill   string
}

// markerStroke is the outline width of markers, in pixels.
const markerStroke = 1.2

// MarkerStroke returns the stroke with which a marker's outline is drawn.
func MarkerStroke(color string) Stroke { return Stroke{Color: color, Width: markerStroke} }

// MarkerGeometry returns the outline of marker m of the given size centred at
// (x, y). Shapes are scaled to look equally heavy: a square of side size
// looks bigger than a circle of diameter size, so it is drawn smaller.
// MarkerNone and unknown shapes have no paths.
func MarkerGeometry(m Marker, x, y, size float64, color string) Geometry {
	r := size / 2
	poly := func(pts ...Point) [][]Point { return [][]Point{pts} }
	switch m {
	case MarkerCircle:
		const n = 20
		pts := make([]Point, n)
		for k := range pts {
			a := 2 * math.Pi * float64(k) / n
			pts[k] = Point{x + r*math.Cos(a), y + r*math.Sin(a)}
		}
		return Geometry{Paths: [][]Point{pts}, Closed: true, Fill: color}
	case MarkerSquare:
		s := 0.85 * r
		return Geometry{Paths: poly(Point{x - s, y - s}, Point{x + s, y - s}, Point{x + s, y + s}, Point{x - s, y + s}), Closed: true, Fill: "white"}
	case MarkerTriangle, MarkerTriangleDown:
		t := 1.15 * r
		d := 1.0
		fill := color
		if m == MarkerTriangleDown {
			d, fill = -1, "white"
		}
		// Centroid at (x, y): apex 2/3·h above, base 1/3·h below.
		h := 1.5 * t
		return Geometry{Paths: poly(
			Point{x, y - d*2*h/3},
			Point{x + t*math.Sqrt(3)/2, y + d*h/3},
			Point{x - t*math.Sqrt(3)/2, y + d*h/3},
		), Closed: true, Fill: fill}
	case MarkerDiamond:
		s := 1.15 * r
		return Geometry{Paths: poly(Point{x, y - s}, Point{x + s, y}, Point{x, y + s}, Point{x - s, y}), Closed: true, Fill: "white"}
	case MarkerCross:
		s := 0.85 * r
		return Geometry{Paths: [][]Point{{{x - s, y - s}, {x + s, y + s}}, {{x - s, y + s}, {x + s, y - s}}}}
	case MarkerPlus:
		s := 1.1 * r
		return Geometry{Paths: [][]Point{{{x - s, y}, {x + s, y}}, {{x, y - s}, {x, y + s}}}}
	}
	return Geometry{}
}
