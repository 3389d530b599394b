package theory

import (
	"context"
	"fmt"
	"slices"

	"imlab/core/internal/pace"
	"imlab/core/loss"
	"imlab/core/problem"
	"imlab/core/sampling"
	"imlab/core/synth"
)

// MapTaus are the minibatch sizes of a speedup map: 1 to 64, two per octave.
var MapTaus = []int{1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64}

// MapChiSquareKs are the χ²_k degrees of freedom of a speedup map, from the
// heavy-tailed k = 0.5 to the nearly homogeneous k = 100 (the paper's
// chisq1, chisq10 and chisq100 are among them). Short decimals, so that a
// row's law survives a link unchanged.
var MapChiSquareKs = []float64{0.5, 0.7, 1, 1.5, 2, 3, 5, 7, 10, 15, 20, 30, 50, 70, 100}

// MapExtremeWeights are the weights of the heavy example of the "extreme"
// rows of a speedup map, from w = 1 (every example alike) to 10⁴ (the
// paper's extreme data is w = 1000).
var MapExtremeWeights = []float64{1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000}

// MapLaws returns the rows of the default speedup map: the χ²_k rows in
// order of decreasing k (increasing heterogeneity), then the extreme rows by
// increasing weight.
func MapLaws() []synth.Law {
	var laws []synth.Law
	for _, k := range slices.Backward(MapChiSquareKs) {
		laws = append(laws, synth.Law{Family: synth.ChiSquare, Param: k})
	}
	for _, w := range MapExtremeWeights {
		laws = append(laws, synth.Law{Family: synth.Extreme, Param: w})
	}
	return laws
}

// MapSpec describes a speedup map: the theoretical speedup θ_imp/θ_nice of
// τ-importance over τ-nice sampling for every pair of a norm law (a row)
// and a minibatch size τ (a column).
type MapSpec struct {
	// Data gives the size, density and seed of every row's data set; its
	// Norms is replaced by each row's law. All rows share the sparsity
	// pattern and the unit directions of the examples (synth draws them from
	// streams of their own), so rows differ only in their norms.
	Data      synth.Config
	Loss      loss.Loss // its γ enters θ; the paper's is logistic
	Laws      []synth.Law
	Taus      []int
	Partition sampling.Rule // one of sampling.Rules; "" = random
	Seed      uint64        // partition seed, as an experiment's Config.Seed
}

// SpeedupMap holds a map's values as they are computed, row by row.
type SpeedupMap struct {
	Spec  MapSpec
	Sigma []float64   // σ = max ‖x_i‖² / mean ‖x_i‖² of each row's data
	Ratio [][]float64 // Ratio[row][col] = θ_imp/θ_nice at Laws[row], Taus[col]
	done  int         // rows computed

	// The row being computed: its problem and its cells so far, the first
	// len(row) of Taus; pr is nil between rows.
	pr  *problem.Problem
	row []float64
}

// NewSpeedupMap returns an empty map for spec; Step fills it. It
// panics if spec has no laws or τ, or a τ exceeds spec.Data.N.
func NewSpeedupMap(spec MapSpec) *SpeedupMap {
	if len(spec.Laws) == 0 || len(spec.Taus) == 0 || slices.Max(spec.Taus) > spec.Data.N {
		panic(fmt.Sprintf("theory: speedup map of %d laws, τ = %v on %d examples", len(spec.Laws), spec.Taus, spec.Data.N))
	}
	m := &SpeedupMap{Spec: spec, Sigma: make([]float64, len(spec.Laws)), Ratio: make([][]float64, len(spec.Laws))}
	return m
}

// Rows is the number of rows computed so far; the map is complete when it
// equals len(Spec.Laws).
func (m *SpeedupMap) Rows() int { return m.done }

// Done reports whether every row is computed.
func (m *SpeedupMap) Done() bool { return m.done == len(m.Spec.Laws) }

// RowData returns the data set configuration of row r: Spec.Data with the
// row's law. Generating it gives exactly the data the row was computed on.
func (m *SpeedupMap) RowData(r int) synth.Config {
	cfg := m.Spec.Data
	cfg.Norms = synth.Norms{Law: m.Spec.Laws[r]}
	return cfg
}

// Step does the next piece of the map, a few passes over a row's data:
// the row's data and problem (λ = the paper's max_i ‖x_i‖/n) when a row
// starts, then θ for both samplings at one τ. It reports whether the map
// is complete; a browser paints and hands control back to its event loop
// between steps.
func (m *SpeedupMap) Step() (done bool, err error) {
	if m.Done() {
		return true, nil
	}
	r := m.done
	if m.pr == nil {
		ds, err := synth.Generate(m.RowData(r))
		if err != nil {
			return false, fmt.Errorf("theory: speedup map row %s: %w", m.Spec.Laws[r], err)
		}
		if m.pr, err = problem.New(ds, m.Spec.Loss, problem.DefaultLambda(ds)); err != nil {
			return false, err
		}
		m.row = make([]float64, 0, len(m.Spec.Taus))
		return false, nil
	}
	tau := m.Spec.Taus[len(m.row)]
	nice, imp, err := Ratio(m.pr, tau, m.Spec.Partition, m.Spec.Seed)
	if err != nil {
		return false, fmt.Errorf("theory: speedup map row %s τ = %d: %w", m.Spec.Laws[r], tau, err)
	}
	if m.row = append(m.row, imp/nice); len(m.row) == len(m.Spec.Taus) {
		m.Sigma[r] = m.pr.Data.SummarizeNorms(m.pr.SquaredNorms()).Sigma // the norms the problem measured
		m.Ratio[r] = m.row
		m.pr, m.row = nil, nil
		m.done++
	}
	return m.Done(), nil
}

// ComputeRow steps the map to the end of the next row (or of the row under
// way) and reports whether rows remain.
func (m *SpeedupMap) ComputeRow() (more bool, err error) {
	for r := m.done; m.done == r && !m.Done(); {
		if _, err := m.Step(); err != nil {
			return false, err
		}
	}
	return !m.Done(), nil
}

// Until steps the map until it is complete, or until ctx is done (checked
// between steps), returning ctx.Err().
func (m *SpeedupMap) Until(ctx context.Context) error {
	return pace.Steps(ctx, m)
}
