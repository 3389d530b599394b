package catalog

import (
	"errors"
	"fmt"
	"math"

	"imlab/core/dfsdca"
	"imlab/core/method"
	"imlab/core/method/lsvrg"
	"imlab/core/method/saga"
	"imlab/core/method/sdca"
	"imlab/core/method/sgd"
	"imlab/core/problem"
	"imlab/core/sampling"
	"imlab/core/theory"
)

// Name names a method.
type Name string

// The methods.
const (
	DFSDCA Name = "dfsdca" // the paper's Algorithm 1
	SDCA   Name = "sdca"   // exact dual coordinate steps (IProx-SDCA, Quartz)
	SAGA   Name = "saga"
	LSVRG  Name = "lsvrg"
	SGD    Name = "sgd"
)

// Names lists every method, in the order tables show them.
var Names = []Name{DFSDCA, SDCA, SAGA, LSVRG, SGD}

// ErrUnknown reports a method name not in Names.
var ErrUnknown = errors.New("catalog: unknown method")

// Parse returns the Name spelled s.
func Parse(s string) (Name, error) {
	for _, n := range Names {
		if string(n) == s {
			return n, nil
		}
	}
	return "", fmt.Errorf("%w %q (want one of %v)", ErrUnknown, s, Names)
}

// Options are the choices common to the methods.
type Options struct {
	// StepScale multiplies the theory's safe step (for SDCA it divides the
	// curvature); 0 means 1.
	StepScale float64
	// Decreasing switches SGD to decreasing steps (see package sgd).
	Decreasing bool
	// Workers shares dfSDCA's minibatches among goroutines.
	Workers int
	// Order is SDCA's order of visits with a serial sampling (sdca.IID,
	// the default, or sdca.Shuffled).
	Order sdca.Order
	// Seed seeds the sampling stream.
	Seed uint64
}

// New builds method m for pr with the plan's sampler and ESO parameters and
// the method's safe step (times StepScale). The caller should Close the
// solver if it implements io.Closer (dfSDCA with workers does).
func New(m Name, pr *problem.Problem, pl *theory.Plan, opt Options) (method.Solver, error) {
	scale := opt.StepScale
	if scale == 0 {
		scale = 1
	}
	if !(scale > 0) || math.IsInf(scale, 0) {
		return nil, fmt.Errorf("%w: step scale %v, want positive and finite", method.ErrOptions, scale)
	}
	if pl == nil {
		return nil, fmt.Errorf("%w: nil plan", method.ErrOptions)
	}
	setup, err := method.NewSetup(pr, pl.Sampler, pl.V)
	if err != nil {
		return nil, err
	}
	if _, adaptive := pl.Sampler.(*sampling.Adaptive); adaptive && !FollowsAdaptive(m) {
		// Only those two refresh the sampling during a run; the others
		// would silently run it as static τ-importance.
		return nil, fmt.Errorf("%w: %s cannot follow an adaptive sampling (dfsdca and sdca can)", method.ErrOptions, m)
	}
	switch m {
	case DFSDCA:
		s, err := dfsdca.New(pr, dfsdca.Options{Sampler: pl.Sampler, Theta: scale * pl.Theta, Workers: opt.Workers, Seed: opt.Seed})
		if err != nil {
			return nil, err
		}
		return closer{s}, nil
	case SDCA:
		return sdca.New(pr, sdca.Options{Sampler: pl.Sampler, V: pl.V, StepScale: scale, Order: opt.Order, Seed: opt.Seed})
	case SAGA:
		return saga.New(pr, saga.Options{Sampler: pl.Sampler, V: pl.V, Step: scale * method.VarianceReducedStep(setup), Seed: opt.Seed})
	case LSVRG:
		return lsvrg.New(pr, lsvrg.Options{Sampler: pl.Sampler, V: pl.V, Step: scale * method.VarianceReducedStep(setup), Seed: opt.Seed})
	case SGD:
		return sgd.New(pr, sgd.Options{Sampler: pl.Sampler, V: pl.V, Step: scale * method.SGDStep(setup), Decreasing: opt.Decreasing, Seed: opt.Seed})
	}
	return nil, fmt.Errorf("%w %q (want one of %v)", ErrUnknown, m, Names)
}

// closer makes a dfSDCA solver an io.Closer, whose Close stops its worker
// goroutines.
type closer struct{ *dfsdca.Solver }

func (c closer) Close() error {
	c.Solver.Close()
	return nil
}

// FollowsAdaptive reports whether method m runs an adaptive sampling
// (sampling.AdaptiveImp), refreshing it as the run goes: dfSDCA and SDCA.
// New refuses an adaptive plan for the others.
func FollowsAdaptive(m Name) bool { return m == DFSDCA || m == SDCA }

// Runs reports whether method m runs sampling k: every method runs every
// static sampling, and an adaptive one only if it follows it
// (FollowsAdaptive). A grid of methods × samplings has no cell where it
// does not.
func Runs(m Name, k sampling.Kind) bool { return k.Static() == k || FollowsAdaptive(m) }
