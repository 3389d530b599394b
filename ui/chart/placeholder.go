package chart

// Placeholder is what a plot shows before it has anything to plot: its
// title and a short note of what will appear, in a dashed frame, with no
// axes (axes with no data have no meaningful range).
type Placeholder struct {
	Title, Note string
	FontSize    float64 // pixels; 0 means 12
}

// Draw draws the placeholder into the rectangle (0, 0, width, height) of
// p, the note wrapped to the frame's width.
func (ph Placeholder) Draw(p Painter, width, height float64) {
	font := ph.FontSize
	if font <= 0 {
		font = defaultFont
	}
	p.Rect(0, 0, width, height, background)
	top := 0.7 * font
	if ph.Title != "" {
		p.Text(width/2, 0.45*font+1.1*font, ph.Title, TextStyle{Size: 1.1 * font, Color: textColor, Align: AlignCenter, Bold: true})
		top += 1.5 * font
	}
	inset := font
	box := Rect{X: inset, Y: top, W: width - 2*inset, H: height - top - inset}
	if box.W <= 0 || box.H <= 0 {
		return
	}
	l, t, r, b := crisp(box.X), crisp(box.Y), crisp(box.X+box.W), crisp(box.Y+box.H)
	p.Polyline([]Point{{l, t}, {r, t}, {r, b}, {l, b}, {l, t}}, Stroke{Color: legendBorder, Width: 1, Dash: []float64{6, 4}})
	lines := WrapText(ph.Note, box.W-2*font, font)
	row := 1.4 * font
	y := box.Y + box.H/2 - row*float64(len(lines)-1)/2
	st := TextStyle{Size: font, Color: placeholderInk, Align: AlignCenter, Baseline: BaselineMiddle}
	for k, line := range lines {
		p.Text(box.X+box.W/2, y+float64(k)*row, line, st)
	}
}

// placeholderInk is the colour of a placeholder's note: grey, but with
// the contrast of body text on white (WCAG AA).
const placeholderInk = "#5b6675"
