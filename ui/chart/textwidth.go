package chart

import "strings"

// TextWidth estimates the width in pixels of s drawn at the given font size
// in Helvetica/Arial (Liberation Sans has the same metrics). Charts lay out
// margins and legends with it so that SVG and canvas output agree without
// measuring; it errs slightly wide.
func TextWidth(s string, size float64) float64 {
	w := 0.0
	for _, r := range s {
		w += runeWidth(r)
	}
	return w * size
}

// runeWidth is the advance of r in em, from Arial's metrics.
func runeWidth(r rune) float64 {
	switch {
	case r >= '0' && r <= '9':
		return 0.556
	case r == ' ' || r == ',' || r == '.' || r == ':' || r == ';' || r == '!' || r == '\'' || r == '|':
		return 0.278
	case r == 'i' || r == 'j' || r == 'l':
		return 0.222
	case r == 'f' || r == 't' || r == 'I' || r == '/' || r == '[' || r == ']' || r == '(' || r == ')':
		return 0.3
	case r == 'r':
		return 0.333
	case r == 'm' || r == 'M' || r == 'W':
		return 0.833
	case r == 'w':
		return 0.722
	case r >= 'a' && r <= 'z':
		return 0.52
	case r >= 'A' && r <= 'Z':
		return 0.68
	case r == '-' || r == '−':
		return 0.333
	case r == '+' || r == '=' || r == '<' || r == '>' || r == '×' || r == '~':
		return 0.584
	case r >= 0x2070 && r <= 0x209F || r == '¹' || r == '²' || r == '³': // super/subscripts
		return 0.36
	case r >= 0x0370 && r <= 0x03FF: // Greek
		return 0.56
	case r == '‖':
		return 0.4
	}
	return 0.6
}

// WrapText breaks text into lines of at most width pixels at font size
// (as TextWidth measures them), at spaces; a word longer than width has a
// line of its own.
func WrapText(text string, width, font float64) []string {
	var lines []string
	line := ""
	for _, w := range strings.Fields(text) {
		next := w
		if line != "" {
			next = line + " " + w
		}
		if line != "" && TextWidth(next, font) > width {
			lines = append(lines, line)
			next = w
		}
		line = next
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}
