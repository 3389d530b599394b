package table

import (
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
)

// Table is a header and rows of already-formatted cells.
type Table struct {
	Header []string
	Rows   [][]string
}

// Formats lists the names Write accepts.
var Formats = []string{"csv", "md"}

// Add appends a row; it panics if the row's width differs from the header's,
// which is a programming error.
func (t *Table) Add(cells ...string) {
	if len(cells) != len(t.Header) {
		panic(fmt.Sprintf("table: row has %d cells, header has %d", len(cells), len(t.Header)))
	}
	t.Rows = append(t.Rows, cells)
}

// Write writes t in the named format, "csv" or "md".
func (t *Table) Write(w io.Writer, format string) error {
	switch format {
	case "csv":
		return t.WriteCSV(w)
	case "md", "markdown":
		return t.WriteMarkdown(w)
	}
	return fmt.Errorf("unknown format %q (want csv or md)", format)
}

// WriteCSV writes the header row and the rows as RFC 4180 CSV.
func (t *Table) WriteCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(t.Header); err != nil {
		return err
	}
	if err := cw.WriteAll(t.Rows); err != nil {
		return err
	}
	return cw.Error()
}

// WriteMarkdown writes a pipe table; numeric-looking columns are right-aligned.
func (t *Table) WriteMarkdown(w io.Writer) error {
	var b strings.Builder
	row := func(cells []string) {
		b.WriteString("|")
		for _, c := range cells {
			b.WriteString(" " + strings.ReplaceAll(c, "|", `\|`) + " |")
		}
		b.WriteString("\n")
	}
	row(t.Header)
	b.WriteString("|")
	for c := range t.Header {
		if t.numeric(c) {
			b.WriteString("---:|")
		} else {
			b.WriteString("---|")
		}
	}
	b.WriteString("\n")
	for _, r := range t.Rows {
		row(r)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func (t *Table) numeric(col int) bool {
	for _, r := range t.Rows {
		if _, err := strconv.ParseFloat(r[col], 64); err != nil && r[col] != "" && r[col] != "NaN" {
			return false
		}
	}
	return len(t.Rows) > 0
}

// Float formats x with the shortest representation that round-trips
// ("NaN" for NaN), for machine-readable cells.
func Float(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }

// Sig formats x to k significant digits, the way the paper prints ratios
// (8.8, 11, 154); NaN prints as "–".
func Sig(x float64, k int) string {
	if math.IsNaN(x) {
		return "–"
	}
	if x == 0 || math.IsInf(x, 0) {
		return strconv.FormatFloat(x, 'g', -1, 64)
	}
	digits := k - 1 - int(math.Floor(math.Log10(math.Abs(x))))
	// Rounding can carry into a new leading digit (9.99 → 10): recount.
	if r := math.Round(x*math.Pow(10, float64(digits))) / math.Pow(10, float64(digits)); math.Abs(r) >= math.Pow(10, float64(k-digits)) {
		digits--
	}
	if digits < 0 {
		p := math.Pow(10, float64(-digits))
		return strconv.FormatFloat(math.Round(x/p)*p, 'f', 0, 64)
	}
	return strconv.FormatFloat(x, 'f', digits, 64)
}

// Thousands writes n with comma separators from 10,000 up (as the lab
// writes sizes: 3000, 50,000).
func Thousands(n int) string {
	s := fmt.Sprint(n)
	if n < 10000 && n > -10000 {
		return s
	}
	out := []byte{}
	for i, c := range []byte(s) {
		if i > 0 && (len(s)-i)%3 == 0 && s[i-1] != '-' {
			out = append(out, ","...)
		}
		out = append(out, c)
	}
	return string(out)
}
