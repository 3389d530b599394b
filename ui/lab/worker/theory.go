package worker

import (
	"slices"

	"imlab/core/method/catalog"
	"imlab/core/problem"
	"imlab/core/sampling"
	"imlab/core/theory"
	"imlab/ui/lab/setup"
)

// TauStarCost is the parallel cost model of the page's best-τ view:
// `imlab tau-star`'s defaults (8 cores, a synchronisation cost of one
// example update per iteration), so the page and the command line predict
// the same τ*.
var TauStarCost = catalog.CostModel{Cores: 8, Sync: 1}

// TauStarTaus are the τ of the best-τ curve (`imlab tau-star`'s default
// -tau), to which the experiment's own τ are added.
var TauStarTaus = []int{1, 2, 4, 8, 16, 32, 64, 128, 256}

// MethodTheory is what the theory of the run's method predicts, computed
// once when a run starts: its safe step and rate under τ-nice and
// τ-importance sampling at every τ of the experiment and of the best-τ
// curve, and the modelled time per e-fold under TauStarCost.
type MethodTheory struct {
	Method    catalog.Name
	N         int
	Cost      catalog.CostModel
	Nice, Imp []catalog.TauPoint // by increasing τ

	// probs holds pᵢ of each sampling at each τ of the experiment, from
	// the plans the theory makes (the jobs' own: the same spec), so that
	// the sampling view compares a job's with the other sampling's before
	// that job starts. A worker on the page's thread shares it; a Web
	// Worker's message leaves it out (the other job's plan gives it once
	// that job starts).
	probs map[jobKey][]float64
}

// jobKey names a job of a run: its τ and sampling.
type jobKey struct {
	tau      int
	sampling sampling.Kind
}

// NewMethodTheory computes the theory of s.Method on pr for the τ of
// TauStarTaus and s.Taus (those ≤ n), with the partitions the experiment
// draws. A worker makes it a plan at a time (theoryBuild).
func NewMethodTheory(pr *problem.Problem, s setup.Settings) (*MethodTheory, error) {
	b := newTheoryBuild(pr, s)
	for {
		if done, err := b.Step(); err != nil {
			return nil, err
		} else if done {
			return b.mt, nil
		}
	}
}

// theoryBuild is NewMethodTheory a step at a time (a stepper): each step
// makes one sampling's plan at one τ (a pass or two over the data) and
// the point it gives the sampling's best-τ curve, τ-nice first.
type theoryBuild struct {
	pr   *problem.Problem
	s    setup.Settings
	taus []int
	k    int // the steps done
	mt   *MethodTheory
}

func newTheoryBuild(pr *problem.Problem, s setup.Settings) *theoryBuild {
	taus := slices.Concat(TauStarTaus, s.Taus)
	slices.Sort(taus)
	taus = slices.Compact(taus)
	taus = slices.DeleteFunc(taus, func(t int) bool { return t > pr.Data.N })
	mt := &MethodTheory{Method: s.Method, N: pr.Data.N, Cost: TauStarCost, probs: map[jobKey][]float64{}}
	return &theoryBuild{pr: pr, s: s, taus: taus, mt: mt}
}

// Step makes the next plan and its point.
func (b *theoryBuild) Step() (done bool, err error) {
	if b.k == 2*len(b.taus) {
		return true, nil
	}
	smp, pts := sampling.Nice, &b.mt.Nice
	if b.k >= len(b.taus) {
		smp, pts = sampling.Imp, &b.mt.Imp
	}
	plan := func(tau int) (*theory.Plan, error) {
		pl, err := theory.NewPlan(b.pr, theory.Spec{Sampling: smp, Tau: tau, Partition: b.s.Partition, Seed: b.s.Seed})
		if err == nil && slices.Contains(b.s.Taus, tau) {
			b.mt.probs[jobKey{tau, smp}] = pl.P
		}
		return pl, err
	}
	pt, err := catalog.TauCurve(b.s.Method, b.pr, plan, b.taus[b.k%len(b.taus):][:1], b.mt.Cost)
	if err != nil {
		return true, err
	}
	*pts = append(*pts, pt...)
	b.k++
	return b.k == 2*len(b.taus), nil
}

// Probs is pᵢ of smp at τ, if the theory holds it (see probs).
func (mt *MethodTheory) Probs(tau int, smp sampling.Kind) []float64 {
	if mt == nil {
		return nil
	}
	return mt.probs[jobKey{tau, smp}]
}

// theoryBuildOf is the build of the theory m asks for.
func theoryBuildOf(posed *posed, m Message) (*theoryBuild, error) {
	pr, err := posed.problem(m.Spec.Loss, m.Spec.Lambda)
	if err != nil {
		return nil, err
	}
	return newTheoryBuild(pr, setup.Settings{Method: m.Spec.Method, Taus: m.Taus, Partition: m.Spec.Partition, Seed: m.Spec.Seed}), nil
}
