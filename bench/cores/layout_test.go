package main

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/floats"

	"imlab/core/synth"
)

// TestLayoutPieces checks that the model's blocks cut every row into
// consecutive pieces that cover it, each piece's features in its block.
func TestLayoutPieces(t *testing.T) {
	ds, err := synth.Generate(synth.Config{N: 300, D: 50, Density: 0.3, Norms: synth.Norms{Paper: synth.ChiSq1Law}, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	const blocks = 7
	m := newLayoutModel(ds, 8, blocks, 3)
	last := make([]int32, blocks) // the largest feature seen in each block
	for b := range last {
		last[b] = -1
	}
	first := make([]int32, blocks) // the smallest
	for b := range first {
		first[b] = int32(ds.D)
	}
	for i := 0; i < ds.N; i++ {
		end := ds.RowPtr[i]
		for b := 0; b < blocks; b++ {
			lo, hi := m.piece(i, b, b+1)
			if lo != end || hi < lo {
				t.Fatalf("row %d block %d: piece [%d, %d) after %d", i, b, lo, hi, end)
			}
			for _, j := range ds.Col[lo:hi] {
				first[b], last[b] = min(first[b], j), max(last[b], j)
			}
			end = hi
		}
		if end != ds.RowPtr[i+1] {
			t.Fatalf("row %d: pieces end at %d, the row at %d", i, end, ds.RowPtr[i+1])
		}
	}
	for b := 1; b < blocks; b++ {
		if last[b-1] >= 0 && first[b] < int32(ds.D) && first[b] <= last[b-1] {
			t.Errorf("block %d starts at feature %d, block %d ends at %d", b, first[b], b-1, last[b-1])
		}
	}
}

// TestLayoutsAgree checks that both layouts on any number of parts do the
// same iterations: the final w agrees up to the rounding of the margins,
// which byBlock sums block by block.
func TestLayoutsAgree(t *testing.T) {
	ds, err := synth.Generate(synth.Config{N: 300, D: 50, Density: 0.3, Norms: synth.Norms{Paper: synth.ChiSq1Law}, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	m := newLayoutModel(ds, 8, 6, 40)
	_, want := m.time(byExample, 1)
	if floats.Norm(want, 2) == 0 {
		t.Fatal("the model's iterations left w at 0")
	}
	for _, l := range []layout{byExample, byBlock} {
		for parts := 1; parts <= 3; parts++ {
			_, w := m.time(l, parts)
			if !floats.EqualApprox(w, want, 1e-12*floats.Norm(want, math.Inf(1))) {
				t.Errorf("%v on %d parts: w differs from byexample on 1 part beyond rounding", l, parts)
			}
		}
	}
}
