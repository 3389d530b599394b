package lab

import (
	"math"
	"slices"

	"imlab/core/experiment"
	"imlab/core/loss"
	"imlab/core/method"
	"imlab/core/method/catalog"
	"imlab/core/sampling"
	"imlab/ui/lab/setup"
	"imlab/ui/lab/worker"
)

// traceReading is what methodView read of a job's trace: passes and modelled
// time to ε (NaN if not reached), for the trace of those points (its first
// point's address and its length; traces only grow) and that ε.
type traceReading struct {
	first          *method.Point
	n              int
	eps            float64
	passes, timeTo float64
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

// methodView returns the method view of jobs (in the experiment's run
// order) with target eps, by the theory mt; what it reads of the traces is
// kept in seen.
func methodView(mt *worker.MethodTheory, seen *traceReadings, jobs []JobView, eps float64) *MethodView {
	if mt == nil {
		return nil
	}
	v := &MethodView{Method: mt.Method, Cost: mt.Cost, Eps: eps, Gap0: math.NaN()}
	if len(jobs) > 0 && len(jobs[0].Trace) > 0 {
		v.Gap0 = jobs[0].Trace[0].Gap
	}
	byJob := map[traceKey]JobView{}
	var taus []int
	for _, j := range jobs {
		byJob[traceKey{j.Tau, j.Sampling.Static()}] = j
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
			if j, ok := byJob[traceKey{p.Tau, c.sampling}]; ok {
				t = seen.read(mt, j, eps).timeTo
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
		r.NicePasses = seen.read(mt, byJob[traceKey{tau, sampling.Nice}], eps).passes
		r.ImpPasses = seen.read(mt, byJob[traceKey{tau, sampling.Imp}], eps).passes
		r.Empirical = r.NicePasses / r.ImpPasses
		v.Rows = append(v.Rows, r)
	}
	return v
}

// traceReadings is what methodView read of the jobs' traces for the theory
// mt. It runs in every snapshot (under the controller's lock), so in every
// animation frame of a run: what it reads of a job's trace is kept until
// the trace grows, or the theory changes.
type traceReadings struct {
	mt   *worker.MethodTheory
	seen map[traceKey]traceReading
}

// traceKey names a job of a run: its τ and sampling.
type traceKey struct {
	tau      int
	sampling sampling.Kind
}

// read returns the passes and the modelled time job j took to reach eps
// (NaN if it has not) by mt's cost model, read again only if its trace
// grew since the last call.
func (rs *traceReadings) read(mt *worker.MethodTheory, j JobView, eps float64) traceReading {
	if rs.mt != mt {
		rs.mt, rs.seen = mt, map[traceKey]traceReading{}
	}
	r := traceReading{n: len(j.Trace), eps: eps, passes: math.NaN(), timeTo: math.NaN()}
	if r.n > 0 {
		r.first = &j.Trace[0]
	}
	k := traceKey{j.Tau, j.Sampling}
	if old, ok := rs.seen[k]; ok && old.first == r.first && old.n == r.n && old.eps == eps {
		return old
	}
	pts := j.Trace
	if x, ok := method.Crossing(pts, eps); ok {
		r.passes = x
	}
	if t, ok := mt.Cost.MeasuredTime(pts, mt.N, j.Tau, eps); ok {
		r.timeTo = t
	}
	rs.seen[k] = r
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
func (r theoryRequest) message() worker.Message {
	taus, _ := experiment.ParseTaus(r.Taus, 0)
	return worker.Message{Kind: worker.MsgTheory, Loss: r.Loss, Lambda: r.Lambda, Taus: taus,
		Spec: worker.JobSpec{Loss: r.Loss, Lambda: r.Lambda, Method: r.Method, Partition: r.Partition, Seed: r.Seed}}
}

// theoryRequestIn is the request m (a MsgTheory either way) is or answers.
func theoryRequestIn(m worker.Message) theoryRequest {
	return theoryRequest{Loss: m.Loss, Lambda: m.Lambda, Method: m.Spec.Method, Taus: setup.FormatTaus(m.Taus), Partition: m.Spec.Partition, Seed: m.Spec.Seed}
}
