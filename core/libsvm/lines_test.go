package libsvm

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"runtime"
	"strings"
	"testing"
	"unicode/utf16"
)

// allocatedBy returns the bytes the heap allocated while f ran. Tests that
// use it do not run in parallel, so nothing else allocates meanwhile.
func allocatedBy(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestLongLineCostsItsLimit reads lines longer than the read buffer: one
// over the limit may allocate the limit and no more, garbage included, one
// at the limit its length once while gathered and once joined. (slack: the
// runtime rounds large allocations up to 8 KiB; the list of pieces and the
// error take a few hundred bytes. Growing by append took 2–4 times the
// limit.)
func TestLongLineCostsItsLimit(t *testing.T) {
	const limit, slack = 1 << 20, 32 << 10
	for _, tc := range []struct {
		name, text string
		tooLong    bool
		maxAlloc   uint64
	}{
		{"over the limit", "+1" + strings.Repeat(" ", 4*limit), true, limit + 1 + slack},
		{"over the limit, with its newline", "+1" + strings.Repeat(" ", limit) + "\n", true, limit + 1 + slack},
		{"at the limit", "+1" + strings.Repeat(" ", limit-2) + "\n+1\n", false, 2*(limit+1) + slack},
	} {
		in := strings.NewReader(tc.text)
		lr := lineReader{br: bufio.NewReaderSize(in, bufferBytes), max: limit}
		var err error
		got := allocatedBy(func() { _, err = lr.next() })
		if tc.tooLong != errors.Is(err, ErrLineTooLong) {
			t.Errorf("%s: err = %v, want ErrLineTooLong: %v", tc.name, err, tc.tooLong)
		}
		if got > tc.maxAlloc {
			t.Errorf("%s: the line reader allocated %d bytes, over %d for a %d-byte limit", tc.name, got, tc.maxAlloc, limit)
		}
		if !tc.tooLong {
			if line, err := lr.next(); err != nil || string(line) != "+1\n" {
				t.Errorf("%s: the line after it is %q, %v", tc.name, line, err)
			}
		}
	}
}

// TestReadLongLinePieces reads lines gathered from many pieces, ending with
// and without "\n", of every length around the joins of the pieces.
func TestReadLongLinePieces(t *testing.T) {
	for _, n := range []int{bufferBytes - 1, bufferBytes, bufferBytes + 1, 3*bufferBytes - 7, 7*bufferBytes + 3} {
		line := "+1 1:1" + strings.Repeat(" ", n) + "7:2"
		for _, end := range []string{"\n-1 2:1\n", ""} {
			ds := readString(t, line+end, Options{MaxLineBytes: len(line)})
			if ds.NNZ() != 2+strings.Count(end, ":") || ds.D != 7 {
				t.Errorf("%d-byte line ending %q: nnz %d, d %d", len(line), end, ds.NNZ(), ds.D)
			}
			if _, err := Read(strings.NewReader(line+end), Options{MaxLineBytes: len(line) - 1}); !errors.Is(err, ErrLineTooLong) {
				t.Errorf("%d-byte line over a limit one byte shorter: %v", len(line), err)
			}
		}
	}
}

// TestReadBinary refuses input with NUL bytes, binary or UTF-16, at once:
// a line of zeros is not read to the line limit.
func TestReadBinary(t *testing.T) {
	utf16le := func(s string) []byte {
		var b []byte
		for _, u := range utf16.Encode([]rune(s)) {
			b = append(b, byte(u), byte(u>>8))
		}
		return b
	}
	for _, tc := range []struct {
		name string
		data []byte
		line int
		at   string
	}{
		{"zeros", make([]byte, 1<<20), 1, "byte 1 of the line"},
		{"NUL in line 2", []byte("+1 1:1\n-1 2:1\x00\n"), 2, "byte 7 of the line"},
		{"NUL in a long line", append([]byte("+1 1:1\n+1"+strings.Repeat(" ", 3*bufferBytes)), 0), 2, "byte 196611 of the line"},
		{"UTF-16 with BOM", utf16le("\ufeff+1 1:1\n-1 2:1\n"), 1, "UTF-16"},
		{"gzip of zeros", gzipped(t, make([]byte, 1<<20)), 1, "NUL byte"},
	} {
		_, err := Read(bytes.NewReader(tc.data), Options{Name: "f", MaxLineBytes: 1 << 30})
		var pe *ParseError
		if !errors.Is(err, ErrBinary) || !errors.As(err, &pe) || pe.Line != tc.line || !strings.Contains(err.Error(), tc.at) {
			t.Errorf("%s: %v, want ErrBinary on line %d naming %q", tc.name, err, tc.line, tc.at)
		}
	}
}

// TestReadCROnly names CR-only line ends (classic Mac OS) as the fault,
// whether they make a syntax error or a line too long, and reads CR LF.
func TestReadCROnly(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		limit      int
	}{
		{"two rows", "+1 1:1 3:2\r-1 2:1\r", 0},
		{"after a good line", "+1 1:1\n+1 1:1\r-1 2:1\r", 0},
		{"longer than the limit", strings.Repeat("+1 1:1 3:2\r", 10_000), 1000},
		{"longer than the read buffer", strings.Repeat("+1 1:1 3:2\r", 100_000), 1 << 20},
	} {
		_, err := Read(strings.NewReader(tc.text), Options{Name: "mac.svm", MaxLineBytes: tc.limit})
		if !errors.Is(err, ErrCRLineEnds) || !strings.Contains(err.Error(), "mac.svm: line ") || !strings.Contains(err.Error(), "LF") {
			t.Errorf("%s: %v, want ErrCRLineEnds naming the file and line", tc.name, err)
		}
	}
	ds := readString(t, "+1 1:1 3:2\r\n-1 2:1\r\n", Options{})
	if ds.N != 2 {
		t.Errorf("CR LF file: n = %d, want 2", ds.N)
	}
}

// TestLineReaderInputError passes the input's own error on from a long line.
func TestLineReaderInputError(t *testing.T) {
	boom := errors.New("boom")
	in := io.MultiReader(strings.NewReader(strings.Repeat(" ", 3*bufferBytes)), &failingReader{boom})
	lr := lineReader{br: bufio.NewReaderSize(in, bufferBytes), max: 1 << 20}
	if _, err := lr.next(); !errors.Is(err, boom) {
		t.Errorf("err = %v, want the input's", err)
	}
}

type failingReader struct{ err error }

func (f *failingReader) Read([]byte) (int, error) { return 0, f.err }
