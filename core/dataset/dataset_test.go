package dataset

import (
	"errors"
	"math"
	"reflect"
	"slices"
	"testing"
)

// tiny is the 3×4 data set
//
//	x_0 = (1, 0, 2, 0)  y = +1
//	x_1 = (0, 0, 0, 3)  y = −1
//	x_2 = (0, −4, 0, 0) y = +1
func tiny(t testing.TB) *Dataset {
	t.Helper()
	var b Builder
	b.Append([]int32{0, 2}, []float64{1, 2}, 1)
	b.Append([]int32{1, 3}, []float64{0, 3}, -1) // the zero is dropped
	b.Append([]int32{1}, []float64{-4}, 1)
	ds, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	return ds
}

func TestBuilder(t *testing.T) {
	ds := tiny(t)
	want := &Dataset{
		N: 3, D: 4,
		RowPtr: []int{0, 2, 3, 4},
		Col:    []int32{0, 2, 3, 1},
		Val:    []float64{1, 2, 3, -4},
		Y:      []float64{1, -1, 1},
	}
	if !reflect.DeepEqual(ds, want) {
		t.Fatalf("built %+v, want %+v", ds, want)
	}
	if ds.NNZ() != 4 {
		t.Errorf("NNZ = %d, want 4", ds.NNZ())
	}
	idx, val := ds.Row(1)
	if !slices.Equal(idx, []int32{3}) || !slices.Equal(val, []float64{3}) {
		t.Errorf("Row(1) = %v, %v", idx, val)
	}
}

func TestBuilderWidthAndReuse(t *testing.T) {
	var b Builder
	b.Append(nil, nil, 1) // an all-zero example is allowed
	b.Append([]int32{2}, []float64{5}, -1)
	b.SetMinFeatures(10)
	b.SetMinFeatures(4) // never narrows
	if b.Len() != 2 {
		t.Errorf("Len = %d, want 2", b.Len())
	}
	ds, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	if ds.N != 2 || ds.D != 10 || ds.RowPtr[1] != 0 {
		t.Errorf("got %d×%d with RowPtr %v", ds.N, ds.D, ds.RowPtr)
	}
	if b.Len() != 0 {
		t.Errorf("Builder still holds %d examples after Build", b.Len())
	}
}

func TestBuildRejectsBadExamples(t *testing.T) {
	for _, tc := range []struct {
		name string
		add  func(*Builder)
		want error
	}{
		{"no examples", func(*Builder) {}, ErrNoRows},
		{"unsorted indices", func(b *Builder) { b.Append([]int32{3, 1}, []float64{1, 1}, 1) }, ErrIndex},
		{"repeated index", func(b *Builder) { b.Append([]int32{2, 2}, []float64{1, 1}, 1) }, ErrIndex},
		{"negative index", func(b *Builder) { b.Append([]int32{-1}, []float64{1}, 1) }, ErrIndex},
		{"NaN value", func(b *Builder) { b.Append([]int32{0}, []float64{math.NaN()}, 1) }, ErrValue},
		{"infinite value", func(b *Builder) { b.Append([]int32{0}, []float64{math.Inf(-1)}, 1) }, ErrValue},
		{"NaN label", func(b *Builder) { b.Append([]int32{0}, []float64{1}, math.NaN()) }, ErrValue},
	} {
		var b Builder
		tc.add(&b)
		if ds, err := b.Build(); !errors.Is(err, tc.want) || ds != nil {
			t.Errorf("%s: Build = %v, %v; want %v", tc.name, ds, err, tc.want)
		}
	}
}

// TestValidateReportsEveryViolation breaks a valid data set one field at a
// time; Validate must report the violation, never panic.
func TestValidateReportsEveryViolation(t *testing.T) {
	for _, tc := range []struct {
		name   string
		break_ func(*Dataset)
		want   error
	}{
		{"no rows", func(ds *Dataset) { ds.N = 0 }, ErrNoRows},
		{"too wide", func(ds *Dataset) { ds.D = math.MaxInt32 + 1 }, ErrTooWide},
		{"negative width", func(ds *Dataset) { ds.D = -1 }, ErrShape},
		{"short RowPtr", func(ds *Dataset) { ds.RowPtr = ds.RowPtr[:3] }, ErrShape},
		{"short labels", func(ds *Dataset) { ds.Y = ds.Y[:2] }, ErrShape},
		{"RowPtr[0] ≠ 0", func(ds *Dataset) { ds.RowPtr[0] = 1 }, ErrShape},
		{"RowPtr past the end", func(ds *Dataset) { ds.RowPtr = []int{0, 5, 3, 4} }, ErrShape},
		{"RowPtr decreasing", func(ds *Dataset) { ds.RowPtr = []int{0, 2, 1, 4} }, ErrShape},
		{"Col and Val lengths", func(ds *Dataset) { ds.Val = ds.Val[:3] }, ErrShape},
		{"index beyond D", func(ds *Dataset) { ds.D = 3 }, ErrIndex},
		{"zero value", func(ds *Dataset) { ds.Val[2] = 0 }, ErrValue},
		{"infinite label", func(ds *Dataset) { ds.Y[1] = math.Inf(1) }, ErrValue},
	} {
		ds := tiny(t)
		tc.break_(ds)
		if err := ds.Validate(); !errors.Is(err, tc.want) {
			t.Errorf("%s: Validate = %v, want %v", tc.name, err, tc.want)
		}
	}
	if err := tiny(t).Validate(); err != nil {
		t.Errorf("valid data set: %v", err)
	}
}

func TestWithBias(t *testing.T) {
	ds := tiny(t)
	biased := ds.WithBias()
	if err := biased.Validate(); err != nil {
		t.Fatal(err)
	}
	if biased.N != 3 || biased.D != 5 || biased.NNZ() != ds.NNZ()+3 {
		t.Fatalf("biased is %d×%d with %d non-zeros", biased.N, biased.D, biased.NNZ())
	}
	for i := 0; i < ds.N; i++ {
		idx, val := ds.Row(i)
		bidx, bval := biased.Row(i)
		if !slices.Equal(bidx, append(slices.Clone(idx), 4)) || !slices.Equal(bval, append(slices.Clone(val), 1)) {
			t.Errorf("row %d: %v %v, want the original plus feature 4 = 1", i, bidx, bval)
		}
	}
	biased.Y[0] = 7
	if ds.Y[0] != 1 || ds.D != 4 || ds.NNZ() != 4 {
		t.Error("WithBias changed or aliases the original")
	}
}
