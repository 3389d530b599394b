package libsvm

import (
	"errors"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"

	"imlab/core/budget"
)

// tinyRows is the data set every spelling in TestReadTolerated describes.
var (
	tinyRows = [][]float64{{0.5, 0, 2}, {0, 1, 0}}
	tinyY    = []float64{1, -1}
)

func TestReadTolerated(t *testing.T) {
	want := build(t, 3, tinyRows, tinyY)
	for _, tc := range []struct{ name, text string }{
		{"plain", "+1 1:0.5 3:2\n-1 2:1\n"},
		{"space after colon", "+1 1: 0.5 3:  2\n-1 2:\t1\n"},
		{"blank lines and comments", "# header\n\n+1 1:0.5 3:2 # trailing\n   \n\t\n-1 2:1#glued\n# end"},
		{"qid", "+1 qid:3 1:0.5 3:2\n-1 qid:3 2:1\n"},
		{"CRLF", "+1 1:0.5 3:2\r\n-1 2:1\r\n\r\n"},
		{"tabs and spaces", "  +1\t1:0.5   3:2\t\n\t-1 \t 2:1   \n"},
		{"no final newline", "+1 1:0.5 3:2\n-1 2:1"},
		{"byte-order mark", "\ufeff+1 1:0.5 3:2\n-1 2:1\n"},
		{"labels 0/1", "1 1:0.5 3:2\n0 2:1\n"},
		{"labels 1.0/-1.0", "1.0 1:0.5 3:2\n-1.0 2:1\n"},
		{"labels 2/4, larger positive", "4 1:0.5 3:2\n2 2:1\n"},
		{"number spellings", "+1e0 1:5e-1 03:+2.0\n-1 +2:1.\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := readString(t, tc.text, Options{})
			if diff := sameDataset(got, want); diff != "" {
				t.Errorf("%s: got %+v, want %+v", diff, got, want)
			}
		})
	}
}

func TestReadDropsExplicitZeros(t *testing.T) {
	got := readString(t, "+1 1:0.5 2:0 3:2\n-1 2:1 5:0.0 # feature 5 only as a zero\n-1 4:-0\n", Options{})
	want := build(t, 5, [][]float64{{0.5, 0, 2}, {0, 1}, {}}, []float64{1, -1, -1})
	if diff := sameDataset(got, want); diff != "" {
		t.Errorf("%s: got %+v, want %+v", diff, got, want)
	}
	if got.NNZ() != 3 || got.D != 5 {
		t.Errorf("nnz=%d d=%d, want 3 and 5 (d counts indices written as zeros)", got.NNZ(), got.D)
	}
}

func TestReadLabels(t *testing.T) {
	for _, tc := range []struct {
		name, text, positive string
		want                 []float64
	}{
		{"single class +1", "1 1:1\n1 2:1\n", "", []float64{1, 1}},
		{"single class -1", "-1 1:1\n-1 2:1\n", "", []float64{-1, -1}},
		{"single class 0", "0 1:1\n0 2:1\n", "", []float64{-1, -1}},
		{"single class 3", "3 1:1\n", "", []float64{1}},
		{"one-vs-rest", "1 1:1\n2 1:1\n3 1:1\n2 1:1\n", "2", []float64{-1, 1, -1, 1}},
		{"class by numeric value", "1.0 1:1\n2 1:1\n3 1:1\n", "1", []float64{1, -1, -1}},
		{"class by numeric value, +", "+1 1:1\n2 1:1\n3 1:1\n", "1.0", []float64{1, -1, -1}},
		{"binary with the smaller class chosen", "-1 1:1\n1 1:1\n", "-1", []float64{1, -1}},
		{"negative zero is zero", "-0 1:1\n0 1:1\n1 1:1\n", "0", []float64{1, 1, -1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ds := readString(t, tc.text, Options{PositiveClass: tc.positive})
			for i, y := range tc.want {
				if ds.Y[i] != y {
					t.Errorf("Y = %v, want %v", ds.Y, tc.want)
					break
				}
			}
		})
	}
}

// TestReadClasses requires ReadClasses to report every label of the file
// with its count, whatever the order of the lines, from the parse that
// reads the data.
func TestReadClasses(t *testing.T) {
	for _, tc := range []struct {
		name, text, positive string
		labels               []float64
		counts               []int
	}{
		{"one class", "3 1:1\n3 2:1\n3 1:2\n", "", []float64{3}, []int{3}},
		{"binary in runs", "1 1:1\n1 1:1\n-1 1:1\n-1 1:1\n-1 1:1\n1 1:1\n", "", []float64{-1, 1}, []int{3, 3}},
		{"three interleaved", "2 1:1\n1 1:1\n3 1:1\n2 1:1\n1 1:1\n3 1:1\n3 1:1\n2 1:1\n", "3", []float64{1, 2, 3}, []int{2, 3, 3}},
		{"by numeric value", "+1 1:1\n1.0 1:1\n-0 1:1\n0 1:1\n", "", []float64{0, 1}, []int{2, 2}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ds, c, err := ReadClasses(strings.NewReader(tc.text), Options{PositiveClass: tc.positive})
			if err != nil || ds == nil {
				t.Fatalf("ReadClasses: %v", err)
			}
			if !slices.Equal(c.Labels, tc.labels) || !slices.Equal(c.Counts, tc.counts) {
				t.Errorf("classes %v × %v, want %v × %v", c.Labels, c.Counts, tc.labels, tc.counts)
			}
		})
	}
}

func TestReadMultiClass(t *testing.T) {
	_, err := Read(strings.NewReader("3 1:1\n1 1:1\n2.5 1:1\n3 1:1\n"), Options{Name: "m.svm"})
	var ce *ClassError
	if !errors.Is(err, ErrMultiClass) || !errors.As(err, &ce) {
		t.Fatalf("err = %v, want a ClassError wrapping ErrMultiClass", err)
	}
	if ce.Total != 3 || len(ce.Classes) != 3 || ce.Classes[0] != 1 || ce.Classes[1] != 2.5 || ce.Classes[2] != 3 {
		t.Errorf("classes %v, total %d; want [1 2.5 3], 3", ce.Classes, ce.Total)
	}
	if want := "m.svm: multi-class labels: 3 classes (1, 2.5, 3); set PositiveClass for one-vs-rest"; err.Error() != want {
		t.Errorf("message\n%s\nwant\n%s", err, want)
	}

	var many strings.Builder
	for c := 30; c >= 1; c-- { // descending, to check the list is sorted
		many.WriteString(strconv.Itoa(c) + " 1:1\n")
	}
	_, err = Read(strings.NewReader(many.String()), Options{})
	if !errors.As(err, &ce) || ce.Total != 30 || len(ce.Classes) != MaxListedClasses || ce.Classes[0] != 1 || ce.Classes[19] != 20 {
		t.Fatalf("err = %v, want 30 classes listing 1…20", err)
	}
	if !strings.Contains(err.Error(), "30 classes (1, 2, 3,") || !strings.Contains(err.Error(), "19, 20, and 10 more)") {
		t.Errorf("message %q does not list the first 20 classes and the count of the rest", err)
	}
}

func TestReadPositiveClassErrors(t *testing.T) {
	_, err := Read(strings.NewReader("1 1:1\n2 1:1\n3 1:1\n"), Options{PositiveClass: "4"})
	var ce *ClassError
	if !errors.Is(err, ErrNoClass) || !errors.As(err, &ce) || ce.Positive != "4" || ce.Total != 3 {
		t.Errorf("absent class: err = %v, want ErrNoClass naming 4 among 3 classes", err)
	}
	_, err = Read(strings.NewReader("1 1:1\n"), Options{PositiveClass: "one"})
	if !errors.Is(err, ErrLabel) || !strings.Contains(err.Error(), `"one"`) {
		t.Errorf("non-numeric class: err = %v, want ErrLabel naming it", err)
	}
}

func TestReadBias(t *testing.T) {
	ds := readString(t, "+1 1:0.5 3:2\n-1 2:1\n-1\n", Options{Bias: true})
	want := build(t, 4, [][]float64{{0.5, 0, 2, 1}, {0, 1, 0, 1}, {0, 0, 0, 1}}, []float64{1, -1, -1})
	if diff := sameDataset(ds, want); diff != "" {
		t.Errorf("%s: got %+v, want %+v", diff, ds, want)
	}
}

func TestReadLargestIndex(t *testing.T) {
	const line = "1 2147483647:1\n"
	ds := readString(t, line, Options{Budget: 1 << 40}) // d costs 309 GB in the solvers, nothing here
	if ds.D != math.MaxInt32 || ds.Col[0] != math.MaxInt32-1 {
		t.Errorf("d=%d col=%d, want the largest int32 index accepted", ds.D, ds.Col[0])
	}
	// With a bias feature, index D itself must still fit in an int32.
	_, err := Read(strings.NewReader(line), Options{Bias: true, Budget: 1 << 40})
	if !errors.Is(err, ErrIndex) {
		t.Errorf("with bias: err = %v, want ErrIndex", err)
	}
}

func TestReadLineLimit(t *testing.T) {
	line := "1 1:" + strings.Repeat("1", 96) // 100 bytes
	if _, err := Read(strings.NewReader(line+"\r\n"), Options{MaxLineBytes: 101}); err != nil {
		t.Errorf("line at the limit: %v", err)
	}
	_, err := Read(strings.NewReader("1 1:1\n"+line+"\n"), Options{MaxLineBytes: 99})
	var pe *ParseError
	if !errors.Is(err, ErrLineTooLong) || !errors.As(err, &pe) || pe.Line != 2 {
		t.Errorf("line over the limit: err = %v, want ErrLineTooLong on line 2", err)
	}
	// Lines longer than the read buffer, under and over the default limit.
	long := "1 1:1" + strings.Repeat(" ", 300_000) + "2:3\n"
	ds := readString(t, long, Options{})
	if ds.NNZ() != 2 {
		t.Errorf("300 kB line: nnz=%d, want 2", ds.NNZ())
	}
	// The default limit derives from the budget: a quarter of it.
	small := 4 * budget.MiB
	huge := "1 1:1\n1 1:1\n1" + strings.Repeat(" ", small.LineBytes()) + "2:3\n"
	_, err = Read(strings.NewReader(huge), Options{Budget: small})
	if !errors.Is(err, ErrLineTooLong) || !errors.As(err, &pe) || pe.Line != 3 {
		t.Errorf("1 MiB line under a 4 MiB budget: err = %v, want ErrLineTooLong on line 3", err)
	}
}
