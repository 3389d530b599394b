package lab

import (
	"math"
	"slices"

	"imlab/core/dataset"
	"imlab/core/experiment"
	"imlab/core/loss"
	"imlab/core/method"
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

	// View runs in every snapshot (under the controller's lock), so in
	// every animation frame of a run: what it reads of a job's trace is
	// kept until the trace grows.
	seen map[jobKey]traceReading
}

// jobKey names a job of a run: its τ and sampling.
type jobKey struct {
	tau      int
	sampling sampling.Kind
}

// traceReading is what View read of a job's trace: passes and modelled
// time to ε (NaN if not reached), for the trace of those points (its first
// point's address and its length; traces only grow) and that ε.
type traceReading struct {
	first          *method.Point
	n              int
	eps            float64
	passes, timeTo float64
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

// MethodView is the run's method as the page shows it: the ratio table in
// the method's own terms and the best τ, predicted and measured.
type MethodView struct {
	Method catalog.Name
	Rows   []MethodRow // one per τ of the experiment
	Cost   catalog.CostModel
	Eps    float64
	// Gap0 is P(0) − P*, the gap every run starts from (NaN before a
	// trace point): predicted times to ε are TimePerEFold · ln(Gap0/ε).
	Gap0   float64
	Curves [2]TauCurveView // τ-nice, τ-importance
}

// MethodRow is one τ of the ratio table of a method: its safe steps (θ for
// dfSDCA and SDCA, η for the primal methods), its theoretical ratio — passes
// per e-fold of τ-nice over τ-importance, the paper's θ ratio for dfSDCA in
// all but rounding — and the measured one, from passes to ε.
type MethodRow struct {
	Tau                   int
	StepNice, StepImp     float64
	Theory                float64
	NicePasses, ImpPasses float64 // to ε; NaN until reached
	Empirical             float64
}

// TauCurveView is the best-τ curve of one sampling.
type TauCurveView struct {
	Sampling sampling.Kind
	Points   []catalog.TauPoint
	Star     int       // index of the predicted τ* (least time per e-fold)
	Predict  []float64 // predicted modelled time to ε, in sequential passes
	// Measured is the modelled time to ε of the run's job at Points[k].Tau
	// (NaN where there is none or it has not reached ε).
	Measured     []float64
	MeasuredStar int // index of the least measured time; −1 if none
}

// View returns the method view of jobs (in the experiment's run order)
// with target eps.
func (mt *MethodTheory) View(jobs []JobView, eps float64) *MethodView {
	if mt == nil {
		return nil
	}
	v := &MethodView{Method: mt.Method, Cost: mt.Cost, Eps: eps, Gap0: math.NaN()}
	if len(jobs) > 0 && len(jobs[0].Trace) > 0 {
		v.Gap0 = jobs[0].Trace[0].Gap
	}
	byJob := map[jobKey]JobView{}
	var taus []int
	for _, j := range jobs {
		byJob[jobKey{j.Tau, j.Sampling.Static()}] = j
		if !slices.Contains(taus, j.Tau) {
			taus = append(taus, j.Tau)
		}
	}
	for k, c := range []struct {
		sampling sampling.Kind
		pts      []catalog.TauPoint
	}{{sampling.Nice, mt.Nice}, {sampling.Imp, mt.Imp}} {
		cv := TauCurveView{Sampling: c.sampling, Points: c.pts, Star: catalog.TauStar(c.pts), MeasuredStar: -1}
		for _, p := range c.pts {
			cv.Predict = append(cv.Predict, p.Time*math.Log(v.Gap0/eps))
			t := math.NaN()
			if j, ok := byJob[jobKey{p.Tau, c.sampling}]; ok {
				t = mt.read(j, eps).timeTo
			}
			cv.Measured = append(cv.Measured, t)
			if !math.IsNaN(t) && (cv.MeasuredStar < 0 || t < cv.Measured[cv.MeasuredStar]) {
				cv.MeasuredStar = len(cv.Measured) - 1
			}
		}
		v.Curves[k] = cv
	}
	for _, tau := range taus {
		r := MethodRow{Tau: tau, StepNice: math.NaN(), StepImp: math.NaN(), Theory: math.NaN()}
		if i := slices.IndexFunc(mt.Nice, func(p catalog.TauPoint) bool { return p.Tau == tau }); i >= 0 {
			nice, imp := mt.Nice[i].Theory, mt.Imp[i].Theory
			r.StepNice, r.StepImp, r.Theory = nice.Step, imp.Step, nice.PassesPerEFold/imp.PassesPerEFold
		}
		r.NicePasses = mt.read(byJob[jobKey{tau, sampling.Nice}], eps).passes
		r.ImpPasses = mt.read(byJob[jobKey{tau, sampling.Imp}], eps).passes
		r.Empirical = r.NicePasses / r.ImpPasses
		v.Rows = append(v.Rows, r)
	}
	return v
}

// probsOf is pᵢ of smp at τ, if the theory holds it (see probs).
func (mt *MethodTheory) probsOf(tau int, smp sampling.Kind) []float64 {
	if mt == nil {
		return nil
	}
	return mt.probs[jobKey{tau, smp}]
}

// read returns the passes and the modelled time job j took to reach eps
// (NaN if it has not), read again only if its trace grew since the last
// call.
func (mt *MethodTheory) read(j JobView, eps float64) traceReading {
	r := traceReading{n: len(j.Trace), eps: eps, passes: math.NaN(), timeTo: math.NaN()}
	if r.n > 0 {
		r.first = &j.Trace[0]
	}
	k := jobKey{j.Tau, j.Sampling}
	if old, ok := mt.seen[k]; ok && old.first == r.first && old.n == r.n && old.eps == eps {
		return old
	}
	pts := j.Trace
	if x, ok := method.Crossing(pts, eps); ok {
		r.passes = x
	}
	if t, ok := mt.Cost.MeasuredTime(pts, mt.N, j.Tau, eps); ok {
		r.timeTo = t
	}
	if mt.seen == nil {
		mt.seen = map[jobKey]traceReading{}
	}
	mt.seen[k] = r
	return r
}

// theoryRequest names a MethodTheory: the settings NewMethodTheory reads,
// and the problem's loss and λ. A worker holding the data computes it
// (MsgTheory), so the page makes no pass over the data for it.
type theoryRequest struct {
	Loss      loss.Spec
	Lambda    float64
	Method    catalog.Name
	Taus      string // FormatTaus
	Partition sampling.Rule
	Seed      uint64
}

// theoryRequestOf is the request for the theory of a run of s with
// regulariser lambda.
func theoryRequestOf(s setup.Settings, lambda float64) theoryRequest {
	return theoryRequest{Loss: s.Loss, Lambda: lambda, Method: s.Method, Taus: setup.FormatTaus(s.Taus), Partition: s.Partition, Seed: s.Seed}
}

// message is the request as a worker gets it.
func (r theoryRequest) message() Message {
	taus, _ := experiment.ParseTaus(r.Taus, 0)
	return Message{Kind: MsgTheory, Loss: r.Loss, Lambda: r.Lambda, Taus: taus,
		Spec: JobSpec{Loss: r.Loss, Lambda: r.Lambda, Method: r.Method, Partition: r.Partition, Seed: r.Seed}}
}

// theoryRequestIn is the request m (a MsgTheory either way) is or answers.
func theoryRequestIn(m Message) theoryRequest {
	return theoryRequest{Loss: m.Loss, Lambda: m.Lambda, Method: m.Spec.Method, Taus: setup.FormatTaus(m.Taus), Partition: m.Spec.Partition, Seed: m.Spec.Seed}
}

// theoryBuildOf is the build of the theory m asks for on ds.
func theoryBuildOf(ds *dataset.Dataset, m Message) (*theoryBuild, error) {
	pr, err := m.Spec.Problem(ds)
	if err != nil {
		return nil, err
	}
	return newTheoryBuild(pr, setup.Settings{Method: m.Spec.Method, Taus: m.Taus, Partition: m.Spec.Partition, Seed: m.Spec.Seed}), nil
}
