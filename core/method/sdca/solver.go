package sdca

import (
	"fmt"
	"math"
	"math/rand/v2"

	"imlab/core/dataset"
	"imlab/core/internal/prefetch"
	"imlab/core/loss"
	"imlab/core/method"
	"imlab/core/problem"
	"imlab/core/sampling"
	"imlab/core/sparse"
	"imlab/core/theory"
)

// Options configures a Solver.
type Options struct {
	// Sampler draws the minibatches; V are ESO parameters valid for it
	// (theory.Plan has both). For serial samplings V = ‖x_i‖² makes every
	// step the exact coordinate maximiser.
	Sampler sampling.Sampler
	V       []float64
	// StepScale divides every curvature v_i/(λn): 0 or 1 is the theory's
	// step; larger values step further than it allows (for experiments).
	StepScale float64
	// Order is IID (the default) or, for serial samplings, Shuffled.
	Order Order
	// Exact solves every logistic coordinate step to rounding; otherwise a
	// step is taken within StepAccuracy of the exact one, which usually
	// needs a single exp.
	Exact bool
	// Seed seeds the sampling stream.
	Seed uint64
}

// Rate is θ = min_i p_i λγn/(v_i + λγn): E[D* − D(α)] falls by 1 − θ per
// iteration.
func Rate(s method.Setup) float64 {
	return theory.Theta(s.P, s.V, s.Problem.Lambda, s.Problem.Loss.Gamma())
}

// Solver runs minibatch SDCA from α = 0, w = 0. It is not safe for
// concurrent use.
type Solver struct {
	method.Base
	pr       *problem.Problem
	step     coordinate
	logistic bool // the loss is logistic: steps through solveLogistic
	exact    bool
	inv      float64   // 1/(λn)
	curv     []float64 // v_i/(λn), divided by StepScale
	w        []float64
	alpha    []float64
	// logit[i] is the logit t of β_i = y_i α_i that the last step at i
	// ended at (σ(t) = β_i exactly), or NaN: the logistic warm start.
	logit []float64
	z     []float64 // margins of the minibatch at w before the update
	delta []float64

	// The serial path's examples to visit: queue[head:].
	serial bool
	src    *rand.PCG
	sched  *schedule // Shuffled order; nil for IID
	queue  []int
	head   int
	sink   float64 // keeps warm's loads alive (no prefetch instruction: core/internal/prefetch)

	ada   *theory.Follower // nil unless the sampler is a sampling.Adaptive
	scale float64          // Options.StepScale
}

// drawBlock is how many IID serial draws are made at a time.
const drawBlock = 256

// New checks the options and returns a solver at α = 0, w = 0. Errors wrap
// method.ErrOptions; a loss without a dual coordinate step is one, and so
// is the Shuffled order with a sampling that is not serial.
func New(pr *problem.Problem, opt Options) (*Solver, error) {
	setup, err := method.NewSetup(pr, opt.Sampler, opt.V)
	if err != nil {
		return nil, err
	}
	step := stepFor(pr.Loss)
	if step == nil {
		return nil, fmt.Errorf("%w: SDCA has no dual coordinate step for the %v loss", method.ErrOptions, pr.Loss)
	}
	if _, square := pr.Loss.(loss.Square); !square {
		for i, y := range pr.Data.Y {
			if y != 1 && y != -1 {
				return nil, fmt.Errorf("%w: SDCA with the %v loss needs labels ±1; example %d has %v",
					method.ErrOptions, pr.Loss, i, y)
			}
		}
	}
	scale := opt.StepScale
	if scale == 0 {
		scale = 1
	}
	if !(scale > 0) || math.IsInf(scale, 0) {
		return nil, fmt.Errorf("%w: SDCA step scale %v, want positive and finite", method.ErrOptions, scale)
	}
	ds := pr.Data
	tau := opt.Sampler.MaxSize()
	_, logistic := pr.Loss.(loss.Logistic)
	s := &Solver{
		Base:     method.NewBase(setup, opt.Seed),
		pr:       pr,
		step:     step,
		logistic: logistic,
		exact:    opt.Exact,
		inv:      1 / (pr.Lambda * float64(ds.N)),
		curv:     make([]float64, ds.N),
		w:        make([]float64, ds.D),
		alpha:    make([]float64, ds.N),
		z:        make([]float64, tau),
		delta:    make([]float64, tau),
		src:      sampling.NewSource(opt.Seed),
	}
	if logistic {
		s.logit = make([]float64, ds.N)
		for i := range s.logit {
			s.logit[i] = math.NaN()
		}
	}
	ln := pr.Lambda * float64(ds.N)
	for i, v := range opt.V {
		s.curv[i] = v / (ln * scale)
	}
	s.serial = sampling.DrawSerial(opt.Sampler, s.src, nil)
	s.ada, s.scale = theory.NewFollower(pr, opt.Sampler), scale
	if s.ada != nil && opt.Order != IID {
		return nil, fmt.Errorf("%w: an adaptive sampling needs the iid order", method.ErrOptions)
	}
	switch opt.Order {
	case IID:
	case Shuffled:
		if !s.serial {
			return nil, fmt.Errorf("%w: the shuffled order needs a serial sampling, not %s", method.ErrOptions, opt.Sampler)
		}
		s.sched = newSchedule(setup.P)
	default:
		return nil, fmt.Errorf("%w: unknown order %v", method.ErrOptions, opt.Order)
	}
	return s, nil
}

// Step runs k iterations.
func (s *Solver) Step(k int) error {
	one := s.iterate
	if s.serial {
		one = s.next
	}
	if s.ada == nil {
		return s.Iterate(k, one)
	}
	// Whole periods' iterations in one Iterate each, so that a visit pays
	// no check for a refresh; the refresh runs inside the first iteration
	// of its period, so that Elapsed counts it and a residue that is not
	// finite is a divergence.
	first := func() bool { return s.refresh() && one() }
	for k > 0 {
		m := min(k, s.ada.Next-s.Iter())
		if m == 0 {
			m = 1
			if err := s.Iterate(1, first); err != nil {
				return err
			}
		} else if err := s.Iterate(m, one); err != nil {
			return err
		}
		k -= m
	}
	return nil
}

func (s *Solver) iterate() bool { return s.stepWith(s.Draw()) }

// next does a serial iteration on the next example of the queue, which it
// refills in blocks: IID draws through sampling.DrawSerial (the stream
// Sampler.Sample would consume), or the Shuffled order's next epoch.
func (s *Solver) next() bool {
	if s.head == len(s.queue) {
		if s.sched != nil {
			for s.queue = s.sched.next(s.src); len(s.queue) == 0; s.queue = s.sched.next(s.src) {
			}
		} else {
			if s.queue == nil {
				s.queue = make([]int, drawBlock)
			}
			sampling.DrawSerial(s.Setup().Sampler, s.src, s.queue)
		}
		s.head = 0
	}
	i := s.queue[s.head]
	s.head++
	ds := s.pr.Data
	s.warm(ds)
	lo, hi := ds.RowPtr[i], ds.RowPtr[i+1]
	col, val := ds.Col[lo:hi], ds.Val[lo:hi]
	z := sparse.Dot(col, val, s.w)
	var d float64
	if s.logistic {
		d = s.solveLogistic(i, z)
	} else {
		d = s.step(z, ds.Y[i], s.alpha[i], s.curv[i])
	}
	if float64(z*0)+float64(d*0) != 0 {
		return false
	}
	s.Count(1)
	s.alpha[i] += d
	sparse.Axpy(d*s.inv, col, val, s.w)
	return true
}

// warm prefetches the memory of the examples visited next, whose order is
// known: a row and a row offset and state, prefetch.RowAhead and
// prefetch.StateAhead visits ahead. A visit is bound by the cache misses
// of fetching a random row and its state, one after the other;
// prefetching them lets those misses resolve while the visits before
// compute (as dfSDCA does, see its step).
func (s *Solver) warm(ds *dataset.Dataset) {
	q := s.queue[s.head-1:] // q[0] is the visit under way
	acc := 0.0
	if len(q) > prefetch.RowAhead {
		acc += prefetch.Row(ds.RowPtr, ds.Col, ds.Val, q[prefetch.RowAhead])
	}
	if len(q) > prefetch.StateAhead {
		j := q[prefetch.StateAhead]
		acc += prefetch.Int(ds.RowPtr, j) + prefetch.Float64(s.alpha, j) + prefetch.Float64(s.curv, j) + prefetch.Float64(ds.Y, j)
		if s.logit != nil {
			acc += prefetch.Float64(s.logit, j)
		}
	}
	s.sink += acc
}

// solveLogistic returns the logistic step Δ at coordinate i, margin z, and
// records the logit it ends at: one Newton step from the stored logit
// (logisticWarm) or, where none is stored, from the root of the step
// without curvature (logisticCold), when that is within StepAccuracy (not
// with Exact); else logisticNewton.
func (s *Solver) solveLogistic(i int, z float64) float64 {
	y, q := s.pr.Data.Y[i], s.curv[i]
	beta := float64(y * s.alpha[i])
	if !s.exact {
		var t, b float64
		var ok bool
		if t0 := s.logit[i]; t0 == t0 {
			t, b, ok = logisticWarm(float64(y*z), beta, t0, q)
		} else {
			t, b, ok = logisticCold(float64(y*z), beta, q) // no logit yet
		}
		if ok {
			s.logit[i] = t
			return y * (b - beta)
		}
	}
	t, b, _ := logisticNewton(float64(y*z), beta, q)
	s.logit[i] = t
	if !(b > 0 && b < 1) {
		s.logit[i] = math.NaN() // σ(t) rounded to an end of [0, 1]
	}
	return y * (b - beta)
}

// stepWith does the iteration on minibatch batch.
func (s *Solver) stepWith(batch []int) bool {
	ds := s.pr.Data
	z, delta := s.z[:len(batch)], s.delta[:len(batch)]
	for k, i := range batch {
		lo, hi := ds.RowPtr[i], ds.RowPtr[i+1]
		z[k] = sparse.Dot(ds.Col[lo:hi], ds.Val[lo:hi], s.w)
	}
	finite := 0.0
	for k, i := range batch {
		if s.logistic {
			delta[k] = s.solveLogistic(i, z[k])
		} else {
			delta[k] = s.step(z[k], ds.Y[i], s.alpha[i], s.curv[i])
		}
		finite += float64(z[k]*0) + float64(delta[k]*0)
	}
	if finite != 0 {
		return false
	}
	s.Count(len(batch))
	for k, i := range batch {
		s.alpha[i] += delta[k]
		lo, hi := ds.RowPtr[i], ds.RowPtr[i+1]
		sparse.Axpy(delta[k]*s.inv, ds.Col[lo:hi], ds.Val[lo:hi], s.w)
	}
	return true
}

// W returns the primal iterate w = (1/(λn)) Σ α_i x_i. The slice is the
// solver's own: it changes with Step and must not be modified.
func (s *Solver) W() []float64 { return s.w }

// Alpha returns the dual variables α. The slice is the solver's own.
func (s *Solver) Alpha() []float64 { return s.alpha }
