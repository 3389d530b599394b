package chart

import (
	"fmt"
	"math"
)

// residueDecades is how far below ResidueScale a residue fades to nothing
// in the residue band: a run to ε = 1e−10 shrinks its residues by about as
// much, so the band empties as the run converges.
const residueDecades = 8

// residueShades is the number of shades the band is drawn in, one path
// each, from faint to full.
const residueShades = 8

// residueShade returns the shade, 0 (none) to residueShades (full), of a
// residue r against the scale: full at the scale and above, fading
// linearly in log₁₀ down to nothing residueDecades below it.
func residueShade(r, scale float64) int {
	if !(r > 0) || !(scale > 0) {
		return 0
	}
	f := 1 + math.Log10(r/scale)/residueDecades
	if !(f > 0) {
		return 0
	}
	return min(residueShades, int(math.Ceil(f*residueShades)))
}

// residueColor is shade k of the band: orange mixed with white.
func residueColor(k int) string {
	mix := func(full int) int { return 255 - (255-full)*k/residueShades }
	return fmt.Sprintf("#%02x%02x%02x", mix(0xD5), mix(0x5E), mix(0x00))
}

// drawResidues draws the residue band of an adaptive run under the
// buckets: the examples in the strip's order (by ‖x_i‖²), one pixel column
// per group of neighbours, each as dark as the largest |κ_i| of its group
// against ResidueScale (residueShade). Where it is dark the run still has
// work to do; it fades as the run converges.
func (sp *SamplingPlot) drawResidues(p Painter, r Rect, font float64, order []int) {
	p.Text(r.X, r.Y-0.5*font, "residues |κᵢ| at the last refresh: dark where the work is, fading as the run converges",
		TextStyle{Size: 0.9 * font, Color: textColor})
	p.Rect(r.X, r.Y, r.W, r.H, "#f3f4f6")
	n := len(order)
	cols := max(1, int(r.W))
	shade := make([]int, cols)
	for k, i := range order {
		c := min(cols-1, int(float64(k)*r.W/float64(n)))
		shade[c] = max(shade[c], residueShade(sp.Residues[i], sp.ResidueScale))
	}
	// One path of vertical strokes per shade.
	line := make([]Point, 0, 3*cols)
	for k := 1; k <= residueShades; k++ {
		line = line[:0]
		for c, s := range shade {
			if s == k {
				x := r.X + float64(c) + 0.5
				line = append(line, Point{x, r.Y + r.H}, Point{x, r.Y}, Point{x, r.Y + r.H})
			}
		}
		if len(line) == 0 {
			continue
		}
		if len(line) == 3 {
			line = line[:2]
		}
		p.Polyline(line, Stroke{Color: residueColor(k), Width: 1})
	}
}
