package chart

import "math"

// Rect is an axis-aligned rectangle in pixels with top-left corner (X, Y).
type Rect struct{ X, Y, W, H float64 }

// Contains reports whether p lies in r, edges included.
func (r Rect) Contains(p Point) bool {
	return p.X >= r.X && p.X <= r.X+r.W && p.Y >= r.Y && p.Y <= r.Y+r.H
}

// Segments converts the points (xs[i], ys[i]) to pixel polylines ready to
// stroke: the curve is broken wherever a point cannot be placed on its scale
// (NaN, ±Inf, or ≤ 0 on a log scale), each piece is clipped to clip (a
// piece leaving and re-entering the rectangle becomes two), and points
// closer than tol pixels to the previous kept point are dropped (the last
// point of each polyline is always kept). Pieces of fewer than two points
// are dropped. If the slices differ in length the extra values are ignored.
func Segments(xs, ys []float64, sx, sy Scale, clip Rect, tol float64) [][]Point {
	var (
		out      [][]Point
		cur      []Point
		pending  Point // last point dropped by decimation, kept if it ends the run
		hasPend  bool
		prev     Point
		havePrev bool
	)
	flush := func() {
		if hasPend {
			cur = append(cur, pending)
			hasPend = false
		}
		if len(cur) >= 2 {
			out = append(out, cur)
		}
		cur = nil
	}
	tol2 := tol * tol
	fx, fy := sx.affine(), sy.affine()
	add := func(p Point) {
		if n := len(cur); n > 0 && sq(p.X-cur[n-1].X)+sq(p.Y-cur[n-1].Y) < tol2 {
			pending, hasPend = p, true
			return
		}
		cur = append(cur, p)
		hasPend = false
	}
	for i := range min(len(xs), len(ys)) {
		if !sx.Valid(xs[i]) || !sy.Valid(ys[i]) {
			flush()
			havePrev = false
			continue
		}
		p := Point{fx.pixel(xs[i]), fy.pixel(ys[i])}
		if !finite(p.X) || !finite(p.Y) {
			flush()
			havePrev = false
			continue
		}
		if !havePrev {
			prev, havePrev = p, true
			if clip.Contains(p) {
				add(p)
			}
			continue
		}
		t0, t1, ok := clipSegment(prev, p, clip)
		if !ok {
			flush()
			prev = p
			continue
		}
		if t0 > 0 || len(cur) == 0 && !hasPend { // enters the rectangle here
			flush()
			add(lerp(prev, p, t0))
		}
		add(lerp(prev, p, t1))
		if t1 < 1 { // leaves the rectangle
			flush()
		}
		prev = p
	}
	flush()
	return out
}

// clipSegment is Liang–Barsky clipping of the segment a→b to r: the segment
// visible in r is a + t·(b − a) for t in [t0, t1]; ok is false if none is.
func clipSegment(a, b Point, r Rect) (t0, t1 float64, ok bool) {
	if r.Contains(a) && r.Contains(b) { // the common case, made cheap
		return 0, 1, true
	}
	t0, t1 = 0, 1
	dx, dy := b.X-a.X, b.Y-a.Y
	for _, e := range [4][2]float64{
		{-dx, a.X - r.X},
		{dx, r.X + r.W - a.X},
		{-dy, a.Y - r.Y},
		{dy, r.Y + r.H - a.Y},
	} {
		p, q := e[0], e[1]
		if p == 0 {
			if q < 0 {
				return 0, 0, false
			}
			continue
		}
		t := q / p
		if p < 0 {
			t0 = math.Max(t0, t)
		} else {
			t1 = math.Min(t1, t)
		}
		if t0 > t1 {
			return 0, 0, false
		}
	}
	return t0, t1, true
}

func lerp(a, b Point, t float64) Point {
	switch t {
	case 0:
		return a
	case 1:
		return b
	}
	return Point{a.X + t*(b.X-a.X), a.Y + t*(b.Y-a.Y)}
}

func sq(v float64) float64 { return v * v }

// maxPerColumn is how many points per pixel column a drawn polyline keeps
// at most (see columnBound).
const maxPerColumn = 4

// columnBound bounds the points of a pixel polyline by its width: of each
// stretch of consecutive points in one pixel column it keeps the first, the
// highest, the lowest and the last, in order, which draws the same pixels
// (the column's vertical extent and the lines into and out of it). A
// polyline that already has at most maxPerColumn points per column of its
// x extent is returned as is, so ordinary curves draw exactly as before; a
// trace of a million points on a 600-pixel plot costs 2,400.
func columnBound(run []Point) []Point {
	if len(run) <= 2*maxPerColumn {
		return run
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, p := range run {
		lo, hi = math.Min(lo, p.X), math.Max(hi, p.X)
	}
	if float64(len(run)) <= maxPerColumn*(math.Floor(hi)-math.Floor(lo)+1) {
		return run
	}
	out := make([]Point, 0, 2*maxPerColumn)
	for i := 0; i < len(run); {
		col := math.Floor(run[i].X)
		top, bottom, j := i, i, i
		for ; j < len(run) && math.Floor(run[j].X) == col; j++ {
			if run[j].Y < run[top].Y {
				top = j
			}
			if run[j].Y > run[bottom].Y {
				bottom = j
			}
		}
		keep := [maxPerColumn]int{i, min(top, bottom), max(top, bottom), j - 1}
		for k, idx := range keep {
			if k == 0 || idx != keep[k-1] {
				out = append(out, run[idx])
			}
		}
		i = j
	}
	return out
}
