package catalog

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"

	"imlab/core/method"
	"imlab/core/problem"
	"imlab/core/theory"
)

// SGDFloor is the smallest gap a comparison asks of SGD: with decreasing
// steps it converges at rate O(1/k), so smaller targets are left out.
const SGDFloor = 1e-6

// Comparison is a table of methods × samplings: for each, the passes the
// theory predicts and the passes measured to each gap target.
type Comparison struct {
	Methods []Name
	Specs   []theory.Spec // the samplings, each at its own τ
	Eps     []float64     // gap targets, each > 0
	// MaxPasses is the budget of a run in passes (SGDMaxPasses for SGD);
	// 0 means none.
	MaxPasses, SGDMaxPasses float64
	// EvalEvery is the evaluation spacing in passes (0: the default).
	EvalEvery float64
	Seed      uint64 // seeds the sampling streams
}

// Cell is one method × sampling of a Comparison.
type Cell struct {
	Method Name
	Spec   theory.Spec
	Theory Theory
	// Predicted and Measured are the passes to each of Comparison.Eps:
	// Theory.PassesTo from the gap at w = 0, and method.Crossing of the
	// run's trace (NaN where the run stopped first or, for SGD, below
	// SGDFloor).
	Predicted, Measured []float64
	Last                method.Point // the run's last point
	Err                 error        // method.ErrDiverged if the run diverged
}

// Compare runs every method with every sampling of c once, from w = 0, to
// the smallest of c.Eps (SGD with decreasing steps, to no less than
// SGDFloor), on pr with optimal value pstar; a method with a sampling it
// does not run (Runs: an adaptive one it cannot follow) has no cell. Each
// run's seed is c.Seed, so a cell is the same whatever else the table
// holds. A diverged run is recorded in its cell; other errors, and ctx
// ending, end the comparison. progress, if not nil, is called after each
// cell.
func Compare(ctx context.Context, pr *problem.Problem, pstar float64, c Comparison, progress func(Cell)) ([]Cell, error) {
	if len(c.Eps) == 0 {
		return nil, fmt.Errorf("%w: no gap targets", method.ErrOptions)
	}
	for _, e := range c.Eps {
		if !(e > 0) || math.IsInf(e, 0) {
			return nil, fmt.Errorf("%w: gap target %v, want positive and finite", method.ErrOptions, e)
		}
	}
	gap0 := pr.Primal(make([]float64, pr.Data.D)) - pstar
	var cells []Cell
	for _, m := range c.Methods {
		for _, spec := range c.Specs {
			if !Runs(m, spec.Sampling) {
				continue
			}
			pl, err := theory.NewPlan(pr, spec)
			if err != nil {
				return cells, err
			}
			th, err := Predict(m, pr, pl)
			if err != nil {
				return cells, err
			}
			cell := Cell{Method: m, Spec: spec, Theory: th}
			target, budget := Target(m, slices.Min(c.Eps)), c.MaxPasses
			if m == SGD {
				budget = c.SGDMaxPasses
			}
			tr, err := Measure(ctx, m, pr, pl, Options{Decreasing: true, Seed: c.Seed},
				method.Stop{Gap: target, PStar: pstar, MaxPasses: budget, EvalEvery: c.EvalEvery})
			if err != nil && !errors.Is(err, method.ErrDiverged) {
				return cells, err
			}
			cell.Err = err
			if len(tr) > 0 {
				cell.Last = tr[len(tr)-1]
			}
			for _, e := range c.Eps {
				cell.Predicted = append(cell.Predicted, th.PassesTo(gap0, e))
				x := math.NaN()
				if e >= target {
					x, _ = method.Crossing(tr, e)
				}
				cell.Measured = append(cell.Measured, x)
			}
			cells = append(cells, cell)
			if progress != nil {
				progress(cell)
			}
		}
	}
	return cells, nil
}
