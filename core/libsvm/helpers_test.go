package libsvm

import (
	"math"
	"slices"
	"strings"
	"testing"

	"imlab/core/dataset"
)

// readString parses text, failing the test on error.
func readString(t testing.TB, text string, opt Options) *dataset.Dataset {
	t.Helper()
	ds, err := Read(strings.NewReader(text), opt)
	if err != nil {
		t.Fatalf("Read(%q): %v", text, err)
	}
	return ds
}

// build makes a data set from dense rows (zeros skipped) and labels.
func build(t testing.TB, d int, rows [][]float64, y []float64) *dataset.Dataset {
	t.Helper()
	var b dataset.Builder
	for i, row := range rows {
		var idx []int32
		var val []float64
		for j, v := range row {
			if v != 0 {
				idx = append(idx, int32(j))
				val = append(val, v)
			}
		}
		b.Append(idx, val, y[i])
	}
	b.SetMinFeatures(d)
	ds, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	return ds
}

// sameDataset reports the first difference between two data sets, comparing
// values bit for bit; "" if they are identical.
func sameDataset(a, b *dataset.Dataset) string {
	bits := func(v []float64) []uint64 {
		out := make([]uint64, len(v))
		for k, x := range v {
			out[k] = math.Float64bits(x)
		}
		return out
	}
	switch {
	case a.N != b.N || a.D != b.D:
		return "shape differs"
	case !slices.Equal(a.RowPtr, b.RowPtr):
		return "RowPtr differs"
	case !slices.Equal(a.Col, b.Col):
		return "Col differs"
	case !slices.Equal(bits(a.Val), bits(b.Val)):
		return "Val differs"
	case !slices.Equal(bits(a.Y), bits(b.Y)):
		return "Y differs"
	}
	return ""
}

// labelCounts returns the number of −1 and +1 labels, failing on any other.
func labelCounts(t testing.TB, ds *dataset.Dataset) (neg, pos int) {
	t.Helper()
	for i, y := range ds.Y {
		switch y {
		case -1:
			neg++
		case 1:
			pos++
		default:
			t.Fatalf("label %d is %v, want ±1", i, y)
		}
	}
	return neg, pos
}
