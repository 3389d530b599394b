package paper

import (
	"math"

	"gonum.org/v1/gonum/stat"

	"imlab/core/experiment"
	"imlab/core/method"
	"imlab/core/sampling"
)

// Row is one τ of a reproduced table, averaged over seeds.
type Row struct {
	Tau int
	// Theory is θ_imp/θ_nice for dfSDCA and, for the other methods, the
	// ratio of the passes per e-fold their theory predicts (catalog.Ratio),
	// τ-nice over τ-importance; the mean over the seeds.
	Theory    float64
	Empirical float64 // passes to ε of τ-nice over τ-importance, mean
	SD        float64 // the seeds' sample standard deviation of Empirical; NaN for one seed
}

// Trace is one run's trace, kept for figures.
type Trace struct {
	Sampling sampling.Kind
	Tau      int
	Points   []method.Point
	Axis     method.Axis // the method's (catalog.AxisOf)
	N        int         // examples of the data
}

// PerTau is the position of a point of the trace on the paper's axis
// passes/τ (iterations/n for dfSDCA).
func (t Trace) PerTau(p method.Point) float64 { return t.Axis.PerTau(p, t.N, t.Tau) }

// Outcome is one source under one partition rule: a cell of Result.
type Outcome struct {
	// Seeds is how many seeds Rows average: seeds 1, …, Seeds all finished.
	// It is less than Config.Seeds only after an interrupt or a failure.
	Seeds int
	Rows  []Row // one per τ; nil when Seeds is 0
	// Traces are seed 1's runs, τ-nice then τ-importance, each by
	// increasing τ; nil unless seed 1 finished.
	Traces []Trace
	// Unreached names the runs of the finished seeds that spent their
	// budget before ε, each with its gap and budget (method.Status.Err);
	// their rows' empirical ratios are NaN.
	Unreached []string
}

// Result is a reproduced table: Cells[s][r] is Sources[s] under Rules[r].
type Result struct {
	Sources []Source
	Rules   []sampling.Rule
	Taus    []int
	Cells   [][]Outcome
	// Norms[s] are the squared norms ‖x_i‖² of Sources[s], for histograms;
	// nil if its data was never loaded.
	Norms [][]float64
}

// Finished counts the cells with at least one seed.
func (r *Result) Finished() int {
	n := 0
	for _, cells := range r.Cells {
		for _, c := range cells {
			if c.Seeds > 0 {
				n++
			}
		}
	}
	return n
}

// Average averages per τ the theoretical and empirical ratios of several
// seeds' rows (seeds[k][t] is seed k+1's row of taus[t]); SD is the sample
// standard deviation of the empirical ratio, NaN for a single seed. It
// returns nil for no seeds.
func Average(taus []int, seeds [][]experiment.Row) []Row {
	if len(seeds) == 0 {
		return nil
	}
	rows := make([]Row, len(taus))
	theory, empirical := make([]float64, len(seeds)), make([]float64, len(seeds))
	for t, tau := range taus {
		for k, s := range seeds {
			theory[k], empirical[k] = s[t].Theory, s[t].Empirical
		}
		rows[t] = Row{Tau: tau, Theory: stat.Mean(theory, nil), Empirical: stat.Mean(empirical, nil), SD: math.NaN()}
		if len(seeds) > 1 {
			rows[t].SD = stat.StdDev(empirical, nil)
		}
	}
	return rows
}
