package paper

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"imlab/core/table"
)

// capital starts s with a capital letter.
func capital(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}

// agree is the verb for n subjects.
func agree(n int) string {
	if n == 1 {
		return " agrees"
	}
	return " agree"
}

// named names a source among those of several tables: "dense χ²₁", "w8a".
func named(src Source) string {
	if src.Law == 0 {
		return src.Name
	}
	return src.Table.Name() + " " + label(src)
}

// percents writes a fraction or a range of fractions as percents: "12%",
// "10–20%".
func percents(lo, hi float64) string {
	a, b := int(math.Round(100*lo)), int(math.Round(100*hi))
	if a == b {
		return fmt.Sprintf("%d%%", a)
	}
	return fmt.Sprintf("%d–%d%%", a, b)
}

// sigRange writes the range of xs to two digits: "2.4–2.5", or "3.1".
func sigRange(xs []float64) string {
	lo, hi := table.Sig(slices.Min(xs), 2), table.Sig(slices.Max(xs), 2)
	if lo == hi {
		return lo
	}
	return lo + "–" + hi
}

// and joins words as prose: "a", "a and b", "a, b and c".
func and(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}

func mean(xs []float64) float64 {
	sum := 0.0
	for _, x := range xs {
		sum += x
	}
	return sum / float64(len(xs))
}

// glued joins "τ", "=" and "32" into one word, which wrap keeps on a line.
func glued(words []string) []string {
	var out []string
	for i := 0; i < len(words); i++ {
		w := words[i]
		for i+2 < len(words) && (words[i+1] == "=" || words[i+1] == "≥") {
			w += " " + words[i+1] + " " + words[i+2]
			i += 2
		}
		out = append(out, w)
	}
	return out
}

// wrap breaks a paragraph into lines of at most about 115 characters, the
// later ones indented by indent; an explicit "\n\n" starts a new paragraph.
func wrap(text, indent string) string {
	const width = 115
	var b strings.Builder
	for i, para := range strings.Split(text, "\n\n") {
		if i > 0 {
			b.WriteString("\n")
		}
		line := 0
		for j, word := range glued(strings.Fields(para)) {
			n := len([]rune(word))
			switch {
			case j == 0:
			case line+1+n > width:
				b.WriteString("\n" + indent)
				line = len(indent)
			default:
				b.WriteString(" ")
				line++
			}
			b.WriteString(word)
			line += n
		}
		b.WriteString("\n")
	}
	return b.String()
}
