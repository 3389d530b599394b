package synth

import (
	"errors"
	"math"
	"testing"

	"imlab/core/budget"
)

// fuzzBudget bounds the data sets FuzzGenerate builds (n ≤ 655 examples,
// d ≤ 3640 features at the budget's prices), so that every input ends in
// milliseconds: Check refuses larger ones before any work.
const fuzzBudget = 512 << 10

// FuzzGenerate feeds arbitrary law names, sizes, densities and seeds to the
// generator. Every input must end promptly in data or in an error wrapping
// ErrConfig, ErrLaw or ErrTooLarge, never a panic or a loop without end
// (the probe's chisq:5e-324 panicked, chisq:1e306 never ended); and every
// data set returned must have a value in every row, every value finite and
// non-zero, and every squared norm within [MinNormSquare, MaxNormSquare] up
// to rounding.
func FuzzGenerate(f *testing.F) {
	f.Add("chisq:5e-324", 10, 5, 0.5, uint64(1))
	f.Add("chisq:1e306", 10, 5, 0.5, uint64(1))
	f.Add("chisq:1e-310", 10, 5, 0.5, uint64(1))
	f.Add("chisq:1e-300", 10, 5, 0.5, uint64(1))
	f.Add("extreme:1e308", 10, 5, 0.5, uint64(1))
	f.Add("chisq:0.11", 300, 40, 0.01, uint64(2))
	f.Add("chisq:10000", 200, 3, 1.0, uint64(3))
	f.Add("extreme:1e-295", 50, 3000, 1e-4, uint64(4))
	f.Add("CHISQ10", 20, 20, 0.8, uint64(5))
	f.Add("uniform", -1, 0, math.NaN(), uint64(6))
	f.Add("chisq:", 1, 1, 1e-300, uint64(7))
	f.Fuzz(func(t *testing.T, norms string, n, d int, density float64, seed uint64) {
		law, err := ParseNorms(norms)
		if err != nil {
			if !errors.Is(err, ErrLaw) {
				t.Fatalf("ParseNorms(%q): unexpected error %v", norms, err)
			}
			return
		}
		cfg := Config{N: n, D: d, Density: density, Norms: law, Seed: seed, Budget: budget.Budget(fuzzBudget)}
		ds, err := Generate(cfg)
		if err != nil {
			if !errors.Is(err, ErrConfig) && !errors.Is(err, ErrLaw) && !errors.Is(err, ErrTooLarge) {
				t.Fatalf("%+v: unexpected error %v", cfg, err)
			}
			if cerr := cfg.Check(); cerr == nil {
				t.Fatalf("%+v: Check passed, Generate failed: %v", cfg, err)
			}
			return
		}
		if err := cfg.Check(); err != nil {
			t.Fatalf("%+v: Generate succeeded, Check says %v", cfg, err)
		}
		for i, L := range ds.SquaredNorms() {
			if ds.RowPtr[i+1] == ds.RowPtr[i] || !(L >= MinNormSquare/2 && L <= 2*MaxNormSquare) {
				t.Fatalf("%+v: row %d has %d values and ‖x‖² = %v", cfg, i, ds.RowPtr[i+1]-ds.RowPtr[i], L)
			}
		}
		for k, v := range ds.Val {
			if v == 0 || math.IsNaN(v) || math.IsInf(v, 0) {
				t.Fatalf("%+v: value %d is %v", cfg, k, v)
			}
		}
	})
}
