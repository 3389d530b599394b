package catalog

import (
	"fmt"
	"math"

	"imlab/core/method"
	"imlab/core/problem"
	"imlab/core/theory"
)

// CostModel is a simple model of the time of an iteration on parallel
// hardware, in units of one example update (one φ_i'(x_iᵀw) with its
// update): a minibatch of τ examples on Cores cores costs ⌈τ/Cores⌉ updates
// plus a fixed synchronisation cost Sync, and a full gradient over n
// examples (L-SVRG's reference refresh) costs ⌈n/Cores⌉ + Sync. With one
// core and no synchronisation, time is evaluations: passes through the data.
//
// The model ignores memory bandwidth, the varying number of non-zeros of
// examples and the cost of sampling; its use is the shape of the work
// against τ and where that shape turns (τ*), not absolute times.
type CostModel struct {
	Cores int     // c ≥ 1
	Sync  float64 // s ≥ 0, in example updates
}

// Check reports a model with c < 1 or s negative or not finite.
func (c CostModel) Check() error {
	if c.Cores < 1 || !(c.Sync >= 0) || math.IsInf(c.Sync, 0) {
		return fmt.Errorf("%w: cost model with %d cores and synchronisation cost %v, want ≥ 1 core and a finite cost ≥ 0",
			method.ErrOptions, c.Cores, c.Sync)
	}
	return nil
}

// Batch is the cost of a minibatch of k examples: ⌈k/Cores⌉ + Sync.
func (c CostModel) Batch(k int) float64 {
	return float64((k+c.Cores-1)/c.Cores) + c.Sync
}

// Time is the modelled time, in sequential passes (units of n example
// updates), of iters iterations with minibatches of τ and fulls full
// gradients over the n examples.
func (c CostModel) Time(n, tau int, iters, fulls float64) float64 {
	return (float64(iters*c.Batch(tau)) + float64(fulls*c.Batch(n))) / float64(n)
}

// TimePerEFold is the predicted modelled time, in sequential passes, per
// factor e of decrease of method m whose theory is th, at minibatch size τ
// over n examples: 1/(−ln Rate) iterations, each with τ examples and, for
// L-SVRG, a full gradient with probability q = τ/n. With one core and no
// synchronisation it equals th.PassesPerEFold.
func (c CostModel) TimePerEFold(m Name, th Theory, n, tau int) float64 {
	iters := 1 / -math.Log(th.Rate)
	fulls := 0.0
	if m == LSVRG {
		fulls = iters * float64(tau) / float64(n)
	}
	return c.Time(n, tau, iters, fulls)
}

// MeasuredTime is the modelled time at which a trace of a method run with
// minibatches of τ over n examples reaches a gap of eps, interpolated as
// method.Crossing interpolates passes. A point's full gradients are the
// evaluations its iterations do not account for, (passes·n − iter·τ)/n.
func (c CostModel) MeasuredTime(trace []method.Point, n, tau int, eps float64) (float64, bool) {
	timed := make([]method.Point, len(trace))
	for k, pt := range trace {
		evals := math.Round(pt.Passes * float64(n))
		fulls := math.Round((evals - float64(float64(pt.Iter)*float64(tau))) / float64(n))
		timed[k] = pt
		timed[k].Passes = c.Time(n, tau, float64(pt.Iter), max(fulls, 0))
	}
	return method.Crossing(timed, eps)
}

// TauPoint is one τ of a work curve.
type TauPoint struct {
	Tau    int
	Theory Theory
	// Time is CostModel.TimePerEFold: the predicted time per e-fold, in
	// sequential passes.
	Time float64
}

// TauCurve predicts, for method m and the sampling that plan builds at each
// τ of taus, the time per e-fold under the cost model.
func TauCurve(m Name, pr *problem.Problem, plan func(tau int) (*theory.Plan, error), taus []int, c CostModel) ([]TauPoint, error) {
	if err := c.Check(); err != nil {
		return nil, err
	}
	pts := make([]TauPoint, 0, len(taus))
	for _, tau := range taus {
		pl, err := plan(tau)
		if err != nil {
			return nil, fmt.Errorf("τ = %d: %w", tau, err)
		}
		th, err := Predict(m, pr, pl)
		if err != nil {
			return nil, fmt.Errorf("τ = %d: %w", tau, err)
		}
		pts = append(pts, TauPoint{Tau: tau, Theory: th, Time: c.TimePerEFold(m, th, pr.Data.N, tau)})
	}
	return pts, nil
}

// TauStar returns the index of the point of least time (the first of
// equals), or −1 for no points: τ* among the τ tried.
func TauStar(pts []TauPoint) int {
	best := -1
	for k, p := range pts {
		if best < 0 || p.Time < pts[best].Time {
			best = k
		}
	}
	return best
}
