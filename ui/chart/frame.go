package chart

import "math"

// Frame is the layout of a drawn plot: its plot area and the scales that map
// data into it (for reading a pointer position back into data units).
type Frame struct {
	Area Rect
	X, Y Scale
}

// frame is a laid-out pair of axes with their titles.
type frame struct {
	Frame
	x, y                  axis
	font                  float64
	title, xlabel, ylabel string
	width, height         float64
	band                  band    // the legend above the plot area, if any
	bandY                 float64 // the band's top
}

// axesSpec says what the axes of a plot show.
type axesSpec struct {
	font                  float64
	title, xlabel, ylabel string
	xkind, ykind          axisKind
	xlo, xhi, ylo, yhi    float64
	band                  band // a legend above the plot area (none: zero)
}

// layout places the plot area inside width × height so that tick labels,
// axis labels and title fit around it.
func layout(width, height float64, s axesSpec) *frame {
	f := &frame{font: s.font, title: s.title, xlabel: s.xlabel, ylabel: s.ylabel, width: width, height: height, band: s.band}
	font := s.font
	top := 0.7 * font // half a tick label above the top tick
	if s.title != "" {
		top += 1.5 * font
	}
	if s.band.entries != nil {
		f.bandY = top - 0.4*font
		top += s.band.h
	}
	bottom := tickLength + 4 + font + 0.4*font
	if s.xlabel != "" {
		bottom += 1.4 * font
	}
	areaH := math.Max(height-top-bottom, 1)
	f.y = newAxis(s.ykind, s.ylo, s.yhi, top+areaH, top, font, true)

	left := 0.5*font + f.y.widestLabel(font) + 4 + tickLength
	if s.ylabel != "" {
		left += 1.5 * font
	}
	right := 0.8 * font
	for range 2 { // the last x label may need a wider right margin
		f.x = newAxis(s.xkind, s.xlo, s.xhi, left, math.Max(width-right, left+1), font, false)
		n := len(f.x.major)
		if n == 0 || f.x.scale.Pixel(f.x.major[n-1]) < width-right-1 {
			break
		}
		need := TextWidth(f.x.labels[n-1], font)/2 + 2
		if need <= right {
			break
		}
		right = need
	}
	f.Area = Rect{X: left, Y: top, W: math.Max(width-right-left, 1), H: areaH}
	f.X, f.Y = f.x.scale, f.y.scale
	return f
}

// crisp puts a 1-pixel line on a pixel centre so it is not blurred over two.
func crisp(v float64) float64 { return math.Floor(v) + 0.5 }

// drawGrid draws light lines at the major ticks inside the plot area.
func (f *frame) drawGrid(p Painter) {
	a := f.Area
	st := Stroke{Color: gridColor, Width: 1}
	for _, v := range f.y.major {
		y := crisp(f.Y.Pixel(v))
		p.Polyline([]Point{{a.X, y}, {a.X + a.W, y}}, st)
	}
	for _, v := range f.x.major {
		x := crisp(f.X.Pixel(v))
		p.Polyline([]Point{{x, a.Y}, {x, a.Y + a.H}}, st)
	}
}

// drawAxes draws the frame around the plot area, the ticks, their labels,
// the axis labels and the title.
func (f *frame) drawAxes(p Painter) {
	a := f.Area
	font := f.font
	l, b := crisp(a.X), crisp(a.Y+a.H)
	ink := Stroke{Color: axisColor, Width: frameWidth}
	label := TextStyle{Size: font, Color: textColor}

	for _, v := range f.y.minor {
		y := crisp(f.Y.Pixel(v))
		p.Polyline([]Point{{l - tickLength*0.6, y}, {l, y}}, ink)
	}
	label.Align, label.Baseline = AlignRight, BaselineMiddle
	for i, v := range f.y.major {
		y := crisp(f.Y.Pixel(v))
		p.Polyline([]Point{{l - tickLength, y}, {l, y}}, ink)
		p.Text(l-tickLength-4, y, f.y.labels[i], label)
	}
	for _, v := range f.x.minor {
		x := crisp(f.X.Pixel(v))
		p.Polyline([]Point{{x, b}, {x, b + tickLength*0.6}}, ink)
	}
	label.Align, label.Baseline = AlignCenter, BaselineTop
	for i, v := range f.x.major {
		x := crisp(f.X.Pixel(v))
		p.Polyline([]Point{{x, b}, {x, b + tickLength}}, ink)
		p.Text(x, b+tickLength+4, f.x.labels[i], label)
	}
	f.drawFrame(p)

	label.Baseline = BaselineAlphabetic
	if f.xlabel != "" {
		p.Text(a.X+a.W/2, f.height-0.45*font, f.xlabel, label)
	}
	if f.ylabel != "" {
		rot := label
		rot.Rotate = true
		p.Text(0.5*font+0.9*font, a.Y+a.H/2, f.ylabel, rot)
	}
	if f.title != "" {
		title := label
		title.Bold = true
		title.Size = 1.1 * font
		p.Text(a.X+a.W/2, 0.45*font+1.1*font, f.title, title)
	}
}

// drawFrame draws the frame around the plot area.
func (f *frame) drawFrame(p Painter) {
	a := f.Area
	l, t, r, b := crisp(a.X), crisp(a.Y), crisp(a.X+a.W), crisp(a.Y+a.H)
	p.Polyline([]Point{{l, t}, {r, t}, {r, b}, {l, b}, {l, t - frameWidth/2}}, Stroke{Color: axisColor, Width: frameWidth})
}
