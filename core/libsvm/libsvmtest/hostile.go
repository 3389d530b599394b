package libsvmtest

import (
	"bytes"
	"compress/gzip"
	_ "embed"
	"strconv"
	"strings"

	"imlab/core/budget"
)

// Budget is the memory ceiling the catalogue is refused under. Every file
// expands to at least 16 times as much.
const Budget = 4 * budget.MiB

// MaxAllocFactor bounds what a refused read may allocate, garbage included,
// in units of Budget: slices grown by append leave behind the smaller
// copies they outgrew, about four times the final size in all.
const MaxAllocFactor = 4

// Hostile is one input to refuse.
type Hostile struct {
	Name string
	Data []byte
	// Quantity is the budget quantity the input exceeds, or -1 if it is
	// refused for its syntax or its line length.
	Quantity budget.Quantity
	// Message is a part of the error's text.
	Message string
}

// 1 MiB of valid rows and 1 MiB of blank lines, bzip2-compressed: 190 and
// 45 bytes. Concatenated bzip2 streams are one stream, so n copies expand
// to n MiB.
var (
	//go:embed rows-1mib.svm.bz2
	bzip2Rows []byte
	//go:embed blank-1mib.svm.bz2
	bzip2Blank []byte
)

// bombMiB is how far each bomb expands.
const bombMiB = 64

// Catalogue returns the hostile inputs, built afresh (each call allocates
// about 4 MB).
func Catalogue() []Hostile {
	rows := strings.Repeat("+1 1:1 2:0.5\n-1 3:2\n", 1<<20/21)
	blank := strings.Repeat("\n", 1<<20)
	comments := strings.Repeat("#"+strings.Repeat("x", 1<<12-2)+"\n", 1<<8)
	var wide strings.Builder
	for j := 1; wide.Len() < 3<<10; j++ {
		wide.WriteString(" " + strconv.Itoa(j) + ":1")
	}
	const none = budget.Quantity(-1)
	return []Hostile{
		{"huge index", []byte("+1 300000000:1\n-1 1:1\n"), budget.Features, "300000000 features (d)"},
		{"largest int32 index", []byte("+1 2147483647:1\n"), budget.Features, "2147483647 features (d)"},
		{"million empty rows", bytes.Repeat([]byte("+1\n"), 1_000_000), budget.Examples, "examples (n)"},
		{"wide rows", []byte(strings.Repeat("+1"+wide.String()+"\n", 1000)), budget.Total, "the data set needs"},
		{"gzip bomb", gzipCopies(rows, bombMiB), budget.Total, "the data set needs"},
		{"bzip2 bomb", bytes.Repeat(bzip2Rows, bombMiB), budget.Total, "the data set needs"},
		{"gzip of blank lines", gzipCopies(blank, bombMiB), budget.Examples, "examples (n)"},
		{"bzip2 of blank lines", bytes.Repeat(bzip2Blank, bombMiB), budget.Examples, "examples (n)"},
		{"gzip of comment lines", gzipCopies(comments, bombMiB), budget.Text, "decompressed text"},
		{"line longer than the budget allows", []byte("+1 1:1" + strings.Repeat(" ", Budget.LineBytes()) + "\n"), none, "line too long"},
		{"digit separator", []byte("+1 1:1_000\n"), none, `"1:1_000": invalid value`},
		{"values near 1e308", []byte("+1 1:1\n-1 1:1e308 2:1e308\n"), none, "example 2 has ‖x‖²"},
		{"hexadecimal value", []byte("+1 1:0x1p-3\n"), none, `"1:0x1p-3": invalid value`},
	}
}

// gzipCopies returns n gzip members of text, concatenated: a multistream
// gzip file that decompresses to n copies of text.
func gzipCopies(text string, n int) []byte {
	var member bytes.Buffer
	z, _ := gzip.NewWriterLevel(&member, gzip.BestCompression)
	z.Write([]byte(text))
	z.Close()
	return bytes.Repeat(member.Bytes(), n)
}
