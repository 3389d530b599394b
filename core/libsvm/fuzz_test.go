package libsvm

import (
	"bytes"
	"errors"
	"io"
	"os"
	"strconv"
	"strings"
	"testing"

	"imlab/core/budget"
	"imlab/core/dataset"
)

func FuzzRead(f *testing.F) {
	for _, seed := range []string{
		"+1 1:0.5 3:2\n-1 2:1\n",
		"1 1: 0.5 3:  2\r\n0 qid:4 2:1 # comment\n\n",
		"\ufeff-1\n+1 2147483647:1e-300\n",
		"2 1:1\n4 1:0x1p-3 2:0\n", "2 1:1\n4 1:1_0 2:0\n",
		"1 1:1\n2 1:1\n3 1:1\n",
		"1 3:abc\n", "1 0:1\n", "1 4:1 3:1\n", "3:1\n", "1 3\n", "1 3:\n", "1 :3\n",
		"nan 1:1\n", "1 1:inf\n", "", "# only\n",
	} {
		f.Add([]byte(seed))
	}
	if tiny, err := os.ReadFile("testdata/tiny.svm.bz2"); err == nil {
		f.Add(tiny)
	}
	f.Add(gzipped(f, []byte("+1 1:0.5 3:2\n-1 2:1\n")))

	f.Fuzz(func(t *testing.T, data []byte) {
		ds, err := Read(bytes.NewReader(data), Options{Name: "fuzz", MaxLineBytes: 1 << 12})
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("error %v (%T) is not a *ParseError", err, err)
			}
			return
		}
		if err := ds.Validate(); err != nil {
			t.Fatalf("Read returned an invalid data set: %v", err)
		}
		labelCounts(t, ds)
		if diff := sameDataset(roundTrip(t, ds), ds); diff != "" {
			t.Fatalf("round trip: %s", diff)
		}
	})
}

// FuzzReadLongLines repeats its input into lines longer than Read's 64 KiB
// buffer, so that the long-line path and its limit are exercised.
func FuzzReadLongLines(f *testing.F) {
	f.Add([]byte(" 1:1 2:0.5"), uint16(20000), uint32(1<<17))
	f.Add([]byte("+1 1:1 2:0.5\n"), uint16(9000), uint32(100))
	f.Add([]byte(" 3:1e-3 qid:2 # x"), uint16(7000), uint32(1<<20))
	f.Fuzz(func(t *testing.T, unit []byte, reps uint16, maxLine uint32) {
		data := append([]byte("+1"), bytes.Repeat(unit, int(reps))...)
		limit := int(maxLine%(1<<20)) + 1
		ds, err := Read(bytes.NewReader(data), Options{Name: "long", MaxLineBytes: limit, Budget: 16 << 20})
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("error %v (%T) is not a *ParseError", err, err)
			}
			return
		}
		if !bytes.Contains(data, []byte("\n")) && len(data) > limit {
			t.Fatalf("accepted a %d-byte line over the %d-byte limit", len(data), limit)
		}
		if err := ds.Validate(); err != nil {
			t.Fatalf("Read returned an invalid data set: %v", err)
		}
	})
}

// FuzzReadBudget reads any input under a small budget: it either loads a
// data set that fits the budget or is refused with a *ParseError.
func FuzzReadBudget(f *testing.F) {
	for _, seed := range []string{"+1 1:0.5 3:2\n-1 2:1\n", "+1 300000000:1\n", "+1\n+1\n+1\n", "-1 7:1e308 8:1e308\n"} {
		f.Add([]byte(seed), uint16(1))
	}
	f.Add(gzipped(f, bytes.Repeat([]byte("+1 1:1 2:3\n"), 1<<16)), uint16(64))
	f.Fuzz(func(t *testing.T, data []byte, kib uint16) {
		b := budget.Budget(kib%1024+1) << 10
		ds, err := Read(bytes.NewReader(data), Options{Name: "budget", Budget: b, Bias: kib%2 == 0})
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("error %v (%T) is not a *ParseError", err, err)
			}
			return
		}
		shape := budget.Shape{Examples: int64(ds.N), Features: int64(ds.D), NonZeros: int64(ds.NNZ())}
		if err := b.Check(shape); err != nil {
			t.Fatalf("loaded %d×%d, nnz %d over the budget: %v", ds.N, ds.D, ds.NNZ(), err)
		}
	})
}

// FuzzReadCompressed reads the fuzzer's text inside valid gzip and bzip2
// streams (bzip2 up to maxBzip2Bytes, by the test's own writer): the
// outcome must be the plain text's, data set or error alike, so that the
// decompressing path hides nothing the plain one would catch and invents
// no error of its own.
func FuzzReadCompressed(f *testing.F) {
	for _, seed := range []string{
		"+1 1:0.5 3:2\n-1 2:1\n", "1 1: 0.5 3:  2\r\n0 qid:4 2:1 # comment\n\n", "\ufeff-1\n+1 2147483647:1e-300\n",
		"1 3:abc\n", "+1 1:1\r-1 2:1\r", "+1 1:1\n\x00", "1 1:1\n2 1:1\n3 1:1\n", "",
		strings.Repeat("+1 1:1 2:0.5\n", 1000), "+1" + strings.Repeat(" 7:1", 30000) + "\n",
	} {
		f.Add([]byte(seed), uint16(0))
	}
	f.Add([]byte("+1 1:1\n"), uint16(300)) // a line over a 300-byte limit, further on
	f.Fuzz(func(t *testing.T, text []byte, maxLine uint16) {
		if isCompressed(text) {
			return // the plain reading would decompress it: nothing to compare
		}
		opt := Options{Name: "fuzz", MaxLineBytes: int(maxLine), Budget: 16 << 20}
		want, wantErr := Read(bytes.NewReader(text), opt)
		streams := map[string][]byte{"gzip": gzipped(t, text)}
		if len(text) <= maxBzip2Bytes {
			streams["bzip2"] = bzip2ed(text)
		}
		for format, stream := range streams {
			got, err := Read(bytes.NewReader(stream), opt)
			switch {
			case (err == nil) != (wantErr == nil), err != nil && err.Error() != wantErr.Error():
				t.Fatalf("%s: %v; plain: %v", format, err, wantErr)
			case err == nil:
				if diff := sameDataset(got, want); diff != "" {
					t.Fatalf("%s and plain data sets differ: %s", format, diff)
				}
			}
		}
	})
}

// isCompressed reports whether text starts as a stream open decompresses
// or refuses.
func isCompressed(text []byte) bool {
	if bytes.HasPrefix(text, gzipMagic) || bytes.HasPrefix(text, bzip2Magic) {
		return true
	}
	for _, u := range unsupported {
		if bytes.HasPrefix(text, u.magic) {
			return true
		}
	}
	return false
}

// repeated is a reader of prefix followed by unit repeated until n bytes in
// all: a line of hundreds of megabytes costs the fuzzer nothing to state.
type repeated struct {
	prefix, unit []byte
	n, off       int64
}

// newRepeated returns the reader of n bytes of prefix and unit repeated,
// unit widened to whole copies of at least 64 KiB so that reads copy in
// large strokes.
func newRepeated(prefix, unit []byte, n int64) *repeated {
	return &repeated{prefix: prefix, unit: bytes.Repeat(unit, (64<<10)/len(unit)+1), n: n}
}

func (r *repeated) Read(p []byte) (int, error) {
	if r.off >= r.n {
		return 0, io.EOF
	}
	p = p[:min(int64(len(p)), r.n-r.off)]
	for k := 0; k < len(p); {
		var c int
		if r.off < int64(len(r.prefix)) {
			c = copy(p[k:], r.prefix[r.off:])
		} else {
			c = copy(p[k:], r.unit[(r.off-int64(len(r.prefix)))%int64(len(r.unit)):])
		}
		k += c
		r.off += int64(c)
	}
	return len(p), nil
}

// FuzzReadDefaultLimit reads under budget.Default, so that its line limit
// (256 MiB) is the one in force: the input is a prefix and a unit repeated
// up to a length the fuzzer picks. Most lengths are a few hundred
// kilobytes, past the read buffer; scale nearLimit puts the end up to 4 KiB
// under the limit, nearLimit+1 up to 4 KiB over it. Such inputs take
// seconds of CPU, and the fuzzer ends a worker silent for 10 s: nearLimit
// is none of the byte values its mutator favours (0, ±1, 16, 32, 64, 100,
// 127, 128, 254, 255), so that it meets them rarely. A read that succeeds
// has no line over the limit; one whose first line is over it, plain text
// without CRs, fails there for its length.
func FuzzReadDefaultLimit(f *testing.F) {
	const nearLimit = 173
	limit := budget.Default.LineBytes()
	f.Add([]byte("+1"), []byte(" 1:1"), uint8(0), uint32(100))
	f.Add([]byte("+1"), []byte(" "), uint8(nearLimit+1), uint32(0))   // one byte past the limit
	f.Add([]byte("+1 1:1"), []byte(" "), uint8(nearLimit), uint32(0)) // at it
	f.Add([]byte("+1 "), []byte("3:1e-3 # x\n"), uint8(200), uint32(7))
	f.Add([]byte(""), []byte("\n"), uint8(100), uint32(1<<20))
	f.Fuzz(func(t *testing.T, prefix, unit []byte, scale uint8, extra uint32) {
		if len(unit) == 0 {
			return
		}
		n := int64(len(prefix)) + int64(scale)<<10 + int64(extra%(64<<10))
		switch scale {
		case nearLimit:
			n = int64(limit) - int64(extra%(4<<10))
		case nearLimit + 1:
			n = int64(limit) + 1 + int64(extra%(4<<10))
		}
		in := newRepeated(prefix, unit, n)
		ds, err := Read(in, Options{Name: "long"})
		first := longestFirstLine(prefix, unit, n)
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("error %v (%T) is not a *ParseError", err, err)
			}
			head := make([]byte, 8)
			k, _ := io.ReadFull(newRepeated(prefix, unit, n), head)
			plain := !bytes.ContainsAny(prefix, "\r\x00") && !bytes.ContainsAny(unit, "\r\x00") && !isCompressed(head[:k])
			if first > int64(limit) && plain && (!errors.Is(err, ErrLineTooLong) || pe.Line != 1) {
				t.Fatalf("a %d-byte first line over the %d-byte limit: %v", first, limit, err)
			}
			return
		}
		if first > int64(limit) {
			t.Fatalf("accepted a %d-byte line over the %d-byte limit", first, limit)
		}
		if err := ds.Validate(); err != nil {
			t.Fatalf("Read returned an invalid data set: %v", err)
		}
	})
}

// longestFirstLine is the length of the first line, without its "\n", of
// the n bytes of prefix followed by unit repeated.
func longestFirstLine(prefix, unit []byte, n int64) int64 {
	if k := bytes.IndexByte(prefix, '\n'); k >= 0 {
		return int64(k)
	}
	if k := bytes.IndexByte(unit, '\n'); k >= 0 {
		return min(int64(len(prefix)+k), n)
	}
	return n
}

// FuzzPositiveClass maps labels to ±1 under a PositiveClass the fuzzer
// spells: a class that is no decimal number is refused; one spelled
// differently but equal ("2", "2.0", "+2e0") maps alike; a class found
// makes at least one +1, and, in a binary file, the larger class gives the
// automatic mapping and the smaller its negation.
func FuzzPositiveClass(f *testing.F) {
	for _, seed := range []struct{ data, class string }{
		{"1 1:1\n2 1:1\n3 1:1\n", "2"}, {"1 1:1\n2 1:1\n3 1:1\n", "2.0"}, {"1 1:1\n2 1:1\n", "+2e0"},
		{"-1 1:1\n+1 2:1\n", "-1"}, {"-1 1:1\n+1 2:1\n", "1"}, {"1 1:1\n2 1:1\n", "0x2"}, {"1 1:1\n10 1:1\n", "1_0"},
		{"1 1:1\n", "nan"}, {"1 1:1\n", "inf"}, {"1 1:1\n2 1:1\n", "7"}, {"0 1:1\n-0 1:1\n", "-0"}, {"1 1:1\n", " 1"},
	} {
		f.Add([]byte(seed.data), seed.class)
	}
	f.Fuzz(func(t *testing.T, data []byte, class string) {
		read := func(c string) (*dataset.Dataset, error) {
			return Read(bytes.NewReader(data), Options{Name: "class", PositiveClass: c, MaxLineBytes: 1 << 12})
		}
		ds, err := read(class)
		if class == "" {
			return // automatic: FuzzRead's
		}
		v, perr := ParseNumber(class)
		if perr != nil {
			var pe *ParseError
			if !errors.Is(err, ErrLabel) || !errors.As(err, &pe) || pe.Line != 0 {
				t.Fatalf("PositiveClass %q is no decimal number, yet: %v", class, err)
			}
			return
		}
		same, sameErr := read(strconv.FormatFloat(v, 'g', -1, 64))
		switch {
		case (err == nil) != (sameErr == nil), err != nil && errors.Is(err, ErrNoClass) != errors.Is(sameErr, ErrNoClass):
			t.Fatalf("PositiveClass %q: %v; spelled %g: %v", class, err, v, sameErr)
		case err == nil && sameDataset(ds, same) != "":
			t.Fatalf("PositiveClass %q and %g map differently", class, v)
		}
		if err != nil {
			return
		}
		if _, pos := labelCounts(t, ds); pos == 0 {
			t.Fatalf("PositiveClass %q found, but no label is +1", class)
		}
		auto, autoErr := read("")
		var ce *ClassError
		probe, probeErr := read("-1.2345e300") // a label no file has: lists the classes
		if autoErr != nil || probe != nil || !errors.As(probeErr, &ce) || ce.Total != 2 {
			return
		}
		switch v {
		case ce.Classes[1]:
			if d := sameDataset(ds, auto); d != "" {
				t.Fatalf("the larger class %g maps unlike the automatic mapping: %s", v, d)
			}
		case ce.Classes[0]:
			for i := range ds.Y {
				if ds.Y[i] != -auto.Y[i] {
					t.Fatalf("the smaller class %g: label %d is %v, automatic %v", v, i, ds.Y[i], auto.Y[i])
				}
			}
		}
	})
}
