package libsvm

import (
	"bytes"
	"errors"
	"os"
	"testing"

	"imlab/core/budget"
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
