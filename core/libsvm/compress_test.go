package libsvm

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/iotest"
)

// tinyRowsFile is the content of testdata/tiny.svm (its d = 4 comes from an explicit "4:0.0").
var tinyRowsFile = [][]float64{{0.5, 0, 2, 0}, {0, 1, 0, 0}, {-0.25, 0, 0, 0}}

func gzipped(t testing.TB, text []byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	z := gzip.NewWriter(&buf)
	if _, err := z.Write(text); err != nil {
		t.Fatal(err)
	}
	if err := z.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestReadCompressed reads the same data plain, gzip and bzip2 compressed,
// under file names that lie about the format: detection is by content.
func TestReadCompressed(t *testing.T) {
	plain, err := os.ReadFile("testdata/tiny.svm")
	if err != nil {
		t.Fatal(err)
	}
	bz, err := os.ReadFile("testdata/tiny.svm.bz2")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(bz, []byte("BZh")) {
		t.Fatal("testdata/tiny.svm.bz2 is not a bzip2 file")
	}
	gz := gzipped(t, plain)
	want := build(t, 4, tinyRowsFile, []float64{1, -1, -1})
	dir := t.TempDir()
	for _, tc := range []struct {
		file string
		data []byte
	}{
		{"plain.gz", plain},
		{"gzip.bz2", gz},
		{"gzip.txt", append(gz[:len(gz):len(gz)], gzipped(t, nil)...)}, // two gzip members, the second empty
		{"bzip2.gz", bz},
		{"bzip2", bz},
	} {
		path := filepath.Join(dir, tc.file)
		if err := os.WriteFile(path, tc.data, 0o644); err != nil {
			t.Fatal(err)
		}
		ds, err := ReadFile(path, Options{})
		if err != nil {
			t.Errorf("%s: %v", tc.file, err)
			continue
		}
		if diff := sameDataset(ds, want); diff != "" {
			t.Errorf("%s: %s: got %+v, want %+v", tc.file, diff, ds, want)
		}
	}
	// Small reads must not confuse the magic-number detection.
	ds, err := Read(iotest.OneByteReader(bytes.NewReader(gz)), Options{})
	if err != nil || sameDataset(ds, want) != "" {
		t.Errorf("one byte at a time: %v", err)
	}
}

func TestReadFileNamesErrors(t *testing.T) {
	path := filepath.Join(t.TempDir(), "broken.svm")
	if err := os.WriteFile(path, []byte("1 1:1\n1 2:x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := ReadFile(path, Options{})
	if err == nil || !strings.HasPrefix(err.Error(), "broken.svm: line 2: ") {
		t.Errorf("err = %v, want it to name broken.svm and line 2", err)
	}
	if _, err := ReadFile(filepath.Join(t.TempDir(), "missing.svm"), Options{}); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: err = %v, want os.ErrNotExist", err)
	}
}

func TestReadCorrupt(t *testing.T) {
	text := []byte(strings.Repeat("+1 1:0.5 3:2\n-1 2:1 7:0.125\n", 2000))
	gz := gzipped(t, text)
	bz, err := os.ReadFile("testdata/tiny.svm.bz2")
	if err != nil {
		t.Fatal(err)
	}
	flip := func(b []byte, at int) []byte {
		c := bytes.Clone(b)
		c[at] ^= 0x55
		return c
	}
	for _, tc := range []struct {
		name string
		data []byte
	}{
		{"gzip truncated", gz[:len(gz)/2]},
		{"gzip damaged", flip(gz, len(gz)/2)},
		{"gzip checksum", flip(gz, len(gz)-6)},
		{"gzip header", append([]byte{0x1f, 0x8b, 0x63}, gz[3:]...)},
		{"gzip trailing garbage", append(bytes.Clone(gz), "garbage"...)},
		{"bzip2 truncated", bz[:len(bz)-20]},
		{"bzip2 damaged", flip(bz, len(bz)/2)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Read(bytes.NewReader(tc.data), Options{Name: "data.bin"})
			var pe *ParseError
			if !errors.Is(err, ErrCorrupt) || !errors.As(err, &pe) || pe.File != "data.bin" {
				t.Fatalf("err = %v, want ErrCorrupt naming data.bin", err)
			}
			if !strings.HasPrefix(err.Error(), "data.bin: ") {
				t.Errorf("message %q does not start with the file name", err)
			}
		})
	}
	// Damage in the middle of a long stream is reported at the line being read.
	_, err = Read(bytes.NewReader(gz[:len(gz)/2]), Options{})
	var pe *ParseError
	if !errors.As(err, &pe) || pe.Line < 2 || pe.Line > 4000 {
		t.Errorf("err = %v, want a line number within the data", err)
	}
}

// TestReadCompressedSyntaxError checks that a syntax error in an intact
// compressed stream is not blamed on the compression, and that the token
// quoted is the line's, though the check for damage reads on through the
// buffer that held it.
func TestReadCompressedSyntaxError(t *testing.T) {
	text := []byte(strings.Repeat("+1 1:0.5\n", 100) + "-1 2:x\n" + strings.Repeat("+1 7:0.25\n", 20000))
	_, err := Read(bytes.NewReader(gzipped(t, text)), Options{Name: "ok.gz"})
	var pe *ParseError
	if !errors.Is(err, ErrValue) || errors.Is(err, ErrCorrupt) || !errors.As(err, &pe) || pe.Line != 101 || pe.Token != "2:x" {
		t.Errorf("err = %v, want ErrValue on line 101, token 2:x", err)
	}
}

// TestReadInputError checks that the input's own failure is passed on as
// itself, not blamed on the data.
func TestReadInputError(t *testing.T) {
	broken := errors.New("disk on fire")
	text := []byte(strings.Repeat("+1 1:0.5 3:2\n", 1000))
	for name, data := range map[string][]byte{"plain": text, "gzip": gzipped(t, text)} {
		r := io.MultiReader(bytes.NewReader(data[:len(data)/2]), iotest.ErrReader(broken))
		_, err := Read(r, Options{Name: name})
		if !errors.Is(err, broken) || errors.Is(err, ErrCorrupt) {
			t.Errorf("%s: err = %v, want the reader's error, not ErrCorrupt", name, err)
		}
	}
}
