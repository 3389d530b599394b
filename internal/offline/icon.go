package offline

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
)

// The icon's colours: the page header's navy and two colours of the chart
// palette (Okabe–Ito sky blue and orange).
var (
	iconNavy   = color.NRGBA{0x16, 0x32, 0x4f, 0xff}
	iconBlue   = color.NRGBA{0x56, 0xb4, 0xe9, 0xff}
	iconOrange = color.NRGBA{0xe6, 0x9f, 0x00, 0xff}
)

// iconBars are the heights of the icon's bars, as fractions of the drawing
// area: uneven weights, the heavy ones sampled more often (orange).
var iconBars = []struct {
	height float64
	heavy  bool
}{{0.35, false}, {0.9, true}, {0.55, false}, {0.25, false}, {0.7, true}}

// Icon draws the lab's icon, size×size pixels: a bar chart of uneven
// importances on navy. A plain icon is a rounded square with transparent
// corners; a maskable one fills the whole square and keeps its drawing
// inside the central 80% circle that every platform mask leaves visible.
func Icon(size int, maskable bool) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, size, size))
	s := float64(size)
	radius := 0.18 * s
	if maskable {
		radius = 0
	}
	for y := 0; y < size; y++ {
		for x := 0; x < size; x++ {
			if insideRoundedSquare(float64(x)+0.5, float64(y)+0.5, s, radius) {
				img.SetNRGBA(x, y, iconNavy)
			}
		}
	}
	// The drawing area: a centred square. In a maskable icon it must fit
	// the safe circle of diameter 0.8·size, so its side is at most
	// 0.8/√2 ≈ 0.566 of the icon.
	side := 0.64 * s
	if maskable {
		side = 0.54 * s
	}
	x0, y0 := (s-side)/2, (s-side)/2
	n := float64(len(iconBars))
	gap := side / (4*n - 1) // bars three times as wide as the gaps between them
	width := 3 * gap
	for i, b := range iconBars {
		c := iconBlue
		if b.heavy {
			c = iconOrange
		}
		left := x0 + float64(i)*(width+gap)
		fill(img, left, y0+side*(1-b.height), left+width, y0+side, c)
	}
	// A baseline under the bars.
	fill(img, x0, y0+side, x0+side, y0+side+gap/2, color.NRGBA{0xff, 0xff, 0xff, 0xff})
	return img
}

func insideRoundedSquare(x, y, s, r float64) bool {
	cx := min(max(x, r), s-r)
	cy := min(max(y, r), s-r)
	dx, dy := x-cx, y-cy
	return dx*dx+dy*dy <= r*r
}

// fill paints the pixels whose centres lie in [x0, x1)×[y0, y1).
func fill(img *image.NRGBA, x0, y0, x1, y1 float64, c color.NRGBA) {
	for y := int(y0 + 0.5); float64(y)+0.5 < y1; y++ {
		for x := int(x0 + 0.5); float64(x)+0.5 < x1; x++ {
			img.SetNRGBA(x, y, c)
		}
	}
}

// IconPNG encodes Icon(size, maskable) as PNG.
func IconPNG(size int, maskable bool) []byte {
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	if err := enc.Encode(&buf, Icon(size, maskable)); err != nil {
		panic(err) // writing to memory cannot fail
	}
	return buf.Bytes()
}
