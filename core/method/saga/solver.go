package saga

import (
	"math"
	"slices"

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
	// Seed seeds the sampling stream.
	Seed uint64
}

// Rate is the factor max(ρ, 1 − min_i p_i/2), ρ = (1 + ηλ)^(−2), by which
// one iteration contracts the expected Lyapunov function when the step is
// at most method.VarianceReducedStep.
func Rate(s method.Setup, step float64) float64 {
	return math.Max(method.Contraction(step, s.Problem.Lambda), 1-float64(slices.Min(s.P)/2)) // x/2 compiles to x*0.5
}

// Solver runs minibatch SAGA from w = 0 and α = 0. It is not safe for
// concurrent use.
type Solver struct {
	method.Base
	pr    *problem.Problem
	step  float64
	invNP []float64 // 1/(n p_i)
	w     []float64
	alpha []float64 // the table: α_i = φ_i' at the last visit of i
	gbar  []float64 // (1/n) Σ α_j x_j
	a     []float64 // φ_i'(x_iᵀw) for the minibatch
	lazy  *method.Lazy
}

// New checks the options and returns a solver at w = 0, α = 0. Errors wrap
// method.ErrOptions.
func New(pr *problem.Problem, opt Options) (*Solver, error) {
	setup, err := method.NewSetup(pr, opt.Sampler, opt.V)
	if err != nil {
		return nil, err
	}
	step, err := setup.StepOr("SAGA", opt.Step, method.VarianceReducedStep)
	if err != nil {
		return nil, err
	}
	ds := pr.Data
	s := &Solver{
		Base:  method.NewBase(setup, opt.Seed),
		pr:    pr,
		step:  step,
		invNP: setup.InverseNP(),
		w:     make([]float64, ds.D),
		alpha: make([]float64, ds.N),
		gbar:  make([]float64, ds.D),
		a:     make([]float64, opt.Sampler.MaxSize()),
		lazy:  method.LazyIfPreferred(ds, opt.Sampler.MaxSize(), step, pr.Lambda),
	}
	return s, nil
}

// StepSize is η.
func (s *Solver) StepSize() float64 { return s.step }

// Step runs k iterations.
func (s *Solver) Step(k int) error { return s.Iterate(k, s.iterate) }

// iterate does one iteration. With lazy updates, coordinates outside the
// minibatch's rows are left behind and caught up when next read
// (method.Lazy): ḡ changes only on the rows' coordinates, which are current
// before it does.
func (s *Solver) iterate() bool {
	pr, ds := s.pr, s.pr.Data
	batch := s.Draw()
	now := s.Iter()
	if s.lazy != nil {
		s.lazy.CatchUpRows(ds, batch, s.w, s.gbar, now)
	}
	a := s.a[:len(batch)]
	if !method.Derivatives(pr, batch, s.w, a) {
		return false
	}
	s.Count(len(batch))
	eta, invN := s.step, 1/float64(ds.N)
	for k, i := range batch {
		method.AddRow(ds, i, -eta*(a[k]-s.alpha[i])*s.invNP[i], s.w)
	}
	if s.lazy == nil {
		method.ProxMap(s.w, s.gbar, eta, pr.Lambda)
	} else {
		s.lazy.MapRows(ds, batch, s.w, s.gbar, now)
	}
	for k, i := range batch {
		method.AddRow(ds, i, (a[k]-s.alpha[i])*invN, s.gbar)
		s.alpha[i] = a[k]
	}
	return true
}

// W returns the iterate w, bringing every coordinate up to date (O(d)).
// The slice is the solver's own: it changes with Step and must not be
// modified.
func (s *Solver) W() []float64 {
	if s.lazy != nil {
		s.lazy.CatchUpAll(s.w, s.gbar, s.Iter())
	}
	return s.w
}

// Table returns the stored derivatives α. The slice is the solver's own.
func (s *Solver) Table() []float64 { return s.alpha }
