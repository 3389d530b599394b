package lsvrg

import (
	"fmt"
	"math"

	"imlab/core/method"
	"imlab/core/problem"
	"imlab/core/sampling"
)

// Options configures a Solver.
type Options struct {
	// Sampler draws the minibatches; V are ESO parameters valid for it
	// (theory.Plan has both).
	Sampler sampling.Sampler
	V       []float64
	// Step is η; 0 means method.VarianceReducedStep, 1/(6𝓛).
	Step float64
	// Refresh is q, the probability of a new reference point per
	// iteration; 0 means τ/n.
	Refresh float64
	// Seed seeds the sampling stream (minibatches, then the coin).
	Seed uint64
}

// Rate is the factor max(ρ, 1 − q/2), ρ = (1 + ηλ)^(−2), by which one
// iteration contracts the expected Lyapunov function when the step is at
// most method.VarianceReducedStep.
func Rate(s method.Setup, step, refresh float64) float64 {
	return math.Max(method.Contraction(step, s.Problem.Lambda), 1-float64(refresh/2)) // x/2 compiles to x*0.5
}

// Solver runs L-SVRG from w = u = 0. It is not safe for concurrent use.
type Solver struct {
	method.Base
	pr       *problem.Problem
	step, q  float64
	invNP    []float64 // 1/(n p_i)
	w        []float64
	ref      []float64 // r_i = φ_i'(x_iᵀu)
	full     []float64 // ∇f(u)
	nextRef  []float64 // scratch for a refresh
	nextFull []float64
	a        []float64 // φ_i'(x_iᵀw) for the minibatch
	started  bool
	lazy     *method.Lazy // nil for dense updates
}

// New checks the options and returns a solver at w = u = 0; the first Step
// pays the full gradient at u. Errors wrap method.ErrOptions.
func New(pr *problem.Problem, opt Options) (*Solver, error) {
	setup, err := method.NewSetup(pr, opt.Sampler, opt.V)
	if err != nil {
		return nil, err
	}
	step, err := setup.StepOr("L-SVRG", opt.Step, method.VarianceReducedStep)
	if err != nil {
		return nil, err
	}
	ds := pr.Data
	q := opt.Refresh
	if q == 0 {
		q = float64(opt.Sampler.MaxSize()) / float64(ds.N)
	}
	if !(q > 0 && q <= 1) {
		return nil, fmt.Errorf("%w: L-SVRG refresh probability %v, want in (0, 1]", method.ErrOptions, q)
	}
	s := &Solver{
		Base:     method.NewBase(setup, opt.Seed),
		pr:       pr,
		step:     step,
		q:        q,
		invNP:    setup.InverseNP(),
		w:        make([]float64, ds.D),
		ref:      make([]float64, ds.N),
		full:     make([]float64, ds.D),
		nextRef:  make([]float64, ds.N),
		nextFull: make([]float64, ds.D),
		a:        make([]float64, opt.Sampler.MaxSize()),
		lazy:     method.LazyIfPreferred(ds, opt.Sampler.MaxSize(), step, pr.Lambda),
	}
	return s, nil
}

// StepSize is η.
func (s *Solver) StepSize() float64 { return s.step }

// Refresh is q.
func (s *Solver) Refresh() float64 { return s.q }

// Step runs k iterations.
func (s *Solver) Step(k int) error { return s.Iterate(k, s.iterate) }

// fullGradient writes r_i = φ_i'(x_iᵀw) and (1/n) Σ r_i x_i into ref and
// full, counting n evaluations, and reports whether all were finite.
func (s *Solver) fullGradient(ref, full []float64) bool {
	pr, ds := s.pr, s.pr.Data
	clear(full)
	invN := 1 / float64(ds.N)
	finite := 0.0
	for i := range ref {
		ref[i] = pr.Loss.Deriv(problem.Dot(ds, i, s.w), ds.Y[i])
		finite += float64(ref[i] * 0)
		method.AddRow(ds, i, ref[i]*invN, full)
	}
	s.Count(ds.N)
	return finite == 0
}

// iterate does one iteration. With lazy updates (method.Lazy), coordinates
// outside the minibatch's rows are caught up when next read: ∇f(u) is
// constant between refreshes, and a refresh brings every coordinate up to
// date first.
func (s *Solver) iterate() bool {
	pr, ds := s.pr, s.pr.Data
	if !s.started {
		if !s.fullGradient(s.ref, s.full) {
			return false
		}
		s.started = true
	}
	batch := s.Draw()
	refresh := s.Rand().Float64() < s.q
	now := s.Iter()
	lazy := s.lazy != nil && !refresh
	switch {
	case lazy:
		s.lazy.CatchUpRows(ds, batch, s.w, s.full, now)
	case s.lazy != nil:
		s.lazy.CatchUpAll(s.w, s.full, now)
	}
	a := s.a[:len(batch)]
	if !method.Derivatives(pr, batch, s.w, a) {
		return false
	}
	s.Count(len(batch))
	if refresh && !s.fullGradient(s.nextRef, s.nextFull) { // u ← w, before w moves
		return false
	}
	eta := s.step
	for k, i := range batch {
		method.AddRow(ds, i, -eta*(a[k]-s.ref[i])*s.invNP[i], s.w)
	}
	if lazy {
		s.lazy.MapRows(ds, batch, s.w, s.full, now)
	} else {
		method.ProxMap(s.w, s.full, eta, pr.Lambda)
		if s.lazy != nil {
			s.lazy.TouchAll(now + 1)
		}
	}
	if refresh {
		s.ref, s.nextRef = s.nextRef, s.ref
		s.full, s.nextFull = s.nextFull, s.full
	}
	return true
}

// W returns the iterate w, bringing every coordinate up to date (O(d)).
// The slice is the solver's own: it changes with Step and must not be
// modified.
func (s *Solver) W() []float64 {
	if s.lazy != nil {
		s.lazy.CatchUpAll(s.w, s.full, s.Iter())
	}
	return s.w
}

// Reference returns the r_i = φ_i'(x_iᵀu) of the reference point u. The
// slice is the solver's own.
func (s *Solver) Reference() []float64 { return s.ref }
