package dataset

import (
	"errors"
	"fmt"
	"math"
)

// Dataset is n labelled examples over d features, stored example-major (CSR).
//
// Row i occupies Col[RowPtr[i]:RowPtr[i+1]] and Val[RowPtr[i]:RowPtr[i+1]];
// feature indices are 0-based and strictly increasing within a row, and stored
// values are finite and non-zero, so J_j is exactly the set of rows holding j.
type Dataset struct {
	N, D   int       // examples, features
	RowPtr []int     // len N+1, RowPtr[0] = 0
	Col    []int32   // feature index of each stored value
	Val    []float64 // stored values
	Y      []float64 // label (or regression target) of each example
}

// Errors reported by Validate.
var (
	ErrShape   = errors.New("dataset: inconsistent shape")
	ErrIndex   = errors.New("dataset: feature index out of order or range")
	ErrValue   = errors.New("dataset: stored value is zero, NaN or Inf")
	ErrNoRows  = errors.New("dataset: no examples")
	ErrTooWide = errors.New("dataset: more than 2^31-1 features")
)

// Row returns the feature indices and values of example i. The slices alias
// the data set's storage and must not be modified.
func (ds *Dataset) Row(i int) ([]int32, []float64) {
	lo, hi := ds.RowPtr[i], ds.RowPtr[i+1]
	return ds.Col[lo:hi], ds.Val[lo:hi]
}

// NNZ is the number of stored non-zero values.
func (ds *Dataset) NNZ() int { return len(ds.Val) }

// CheckShape checks, in constant time, the invariants that do not need a
// look at the rows: n > 0, d in range, and the lengths of RowPtr, Y, Col
// and Val agreeing with n and RowPtr's ends. Validate checks them too.
func (ds *Dataset) CheckShape() error {
	if ds.N <= 0 {
		return ErrNoRows
	}
	if ds.D > math.MaxInt32 {
		return ErrTooWide
	}
	if ds.D < 0 || len(ds.RowPtr) != ds.N+1 || len(ds.Y) != ds.N || ds.RowPtr[0] != 0 ||
		ds.RowPtr[ds.N] != len(ds.Col) || len(ds.Col) != len(ds.Val) {
		return fmt.Errorf("%w: n=%d, d=%d, len(RowPtr)=%d, len(Y)=%d, len(Col)=%d, len(Val)=%d",
			ErrShape, ds.N, ds.D, len(ds.RowPtr), len(ds.Y), len(ds.Col), len(ds.Val))
	}
	return nil
}

// Validate checks every structural invariant documented on Dataset and
// returns an error naming the first violation.
func (ds *Dataset) Validate() error {
	if err := ds.CheckShape(); err != nil {
		return err
	}
	for i := 0; i < ds.N; i++ {
		if ds.RowPtr[i+1] < ds.RowPtr[i] || ds.RowPtr[i+1] > len(ds.Col) {
			return fmt.Errorf("%w: RowPtr decreases or passes the end at row %d", ErrShape, i)
		}
		idx, val := ds.Row(i)
		prev := int32(-1)
		for k, j := range idx {
			if j <= prev || int(j) >= ds.D {
				return fmt.Errorf("%w: row %d, entry %d, index %d (d=%d)", ErrIndex, i, k, j, ds.D)
			}
			prev = j
			if v := val[k]; v == 0 || math.IsNaN(v) || math.IsInf(v, 0) {
				return fmt.Errorf("%w: row %d, feature %d, value %v", ErrValue, i, j, v)
			}
		}
		if y := ds.Y[i]; math.IsNaN(y) || math.IsInf(y, 0) {
			return fmt.Errorf("%w: label of row %d is %v", ErrValue, i, y)
		}
	}
	return nil
}

// Builder appends examples one at a time; its zero value is ready to use.
type Builder struct {
	ds Dataset
}

// Append adds one example. Zero values are dropped so that |J_j| counts true
// non-zeros; idx must be strictly increasing (Validate checks it at Build).
func (b *Builder) Append(idx []int32, val []float64, y float64) {
	if b.ds.RowPtr == nil {
		b.ds.RowPtr = []int{0}
	}
	for k, j := range idx {
		if val[k] == 0 {
			continue
		}
		b.ds.Col = append(b.ds.Col, j)
		b.ds.Val = append(b.ds.Val, val[k])
		if int(j)+1 > b.ds.D {
			b.ds.D = int(j) + 1
		}
	}
	b.ds.RowPtr = append(b.ds.RowPtr, len(b.ds.Col))
	b.ds.Y = append(b.ds.Y, y)
	b.ds.N++
}

// SetMinFeatures makes the data set at least d features wide (a LIBSVM file's
// width is its largest index, but a caller may know the true d).
func (b *Builder) SetMinFeatures(d int) {
	if d > b.ds.D {
		b.ds.D = d
	}
}

// Len is the number of examples appended so far.
func (b *Builder) Len() int { return b.ds.N }

// Build validates and returns the data set; the Builder must not be reused.
func (b *Builder) Build() (*Dataset, error) {
	ds := b.ds
	if ds.RowPtr == nil {
		ds.RowPtr = []int{0}
	}
	if err := ds.Validate(); err != nil {
		return nil, err
	}
	b.ds = Dataset{}
	return &ds, nil
}

// WithBias returns a copy of ds with a constant-1 feature appended as the last
// feature (index D) of every example, as the paper does for its real data.
func (ds *Dataset) WithBias() *Dataset {
	out := &Dataset{
		N:      ds.N,
		D:      ds.D + 1,
		RowPtr: make([]int, ds.N+1),
		Col:    make([]int32, 0, len(ds.Col)+ds.N),
		Val:    make([]float64, 0, len(ds.Val)+ds.N),
		Y:      append([]float64(nil), ds.Y...),
	}
	for i := 0; i < ds.N; i++ {
		idx, val := ds.Row(i)
		out.Col = append(out.Col, idx...)
		out.Val = append(out.Val, val...)
		out.Col = append(out.Col, int32(ds.D))
		out.Val = append(out.Val, 1)
		out.RowPtr[i+1] = len(out.Col)
	}
	return out
}
