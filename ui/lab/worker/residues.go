package worker

import (
	"math"
	"slices"

	"imlab/core/method"
	"imlab/core/theory"
)

// Residues is what the sampling view shows of an adaptive run (adaptive
// τ-importance, docs/adaptive.md) at its last refresh: where the work is.
type Residues struct {
	Abs       []float64 // |κ_i|, each example's dual residue
	Scale     float64   // the largest |κ_i| at the first refresh, against which Abs fades
	Refreshes int       // refreshes so far
	P         []float64 // the adaptive p_i in force since the refresh
	Static    []float64 // τ-importance's p_i, where the run started
}

// residuesOf returns the residues of run's solver if it follows an
// adaptive sampling and has refreshed it, nil otherwise. The slices are
// copies (Static is never written, and shared).
func residuesOf(run *method.Run) *Residues {
	if run == nil {
		return nil
	}
	s, ok := run.Solver().(interface{ Follower() *theory.Follower })
	if !ok {
		return nil
	}
	f := s.Follower()
	if f == nil || f.Refreshes == 0 {
		return nil
	}
	r := &Residues{Abs: make([]float64, len(f.Kappa)), Scale: f.Scale, Refreshes: f.Refreshes,
		P: slices.Clone(f.Sampler.Probabilities()), Static: f.Sampler.Static()}
	for i, k := range f.Kappa {
		r.Abs[i] = math.Abs(k)
	}
	return r
}
