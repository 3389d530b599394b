package libsvm

import (
	"bytes"
	"errors"
	"os"
	"testing"
)

func FuzzRead(f *testing.F) {
	for _, seed := range []string{
		"+1 1:0.5 3:2\n-1 2:1\n",
		"1 1: 0.5 3:  2\r\n0 qid:4 2:1 # comment\n\n",
		"\ufeff-1\n+1 2147483647:1e-300\n",
		"2 1:1\n4 1:0x1p-3 2:0\n",
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
