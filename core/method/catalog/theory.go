package catalog

import (
	"fmt"

	"imlab/core/fmath"
	"imlab/core/method"
	"imlab/core/method/lsvrg"
	"imlab/core/method/saga"
	"imlab/core/method/sdca"
	"imlab/core/problem"
	"imlab/core/sampling"
	"imlab/core/theory"
)

// Theory is what a method's analysis promises with its safe step.
type Theory struct {
	// Step is the safe step: θ for dfSDCA (its step size) and SDCA (its
	// rate; the step itself is exact), η for SAGA, L-SVRG and SGD.
	Step float64
	// Rate is the factor by which one iteration contracts the method's
	// Lyapunov function in expectation: 1 − θ for dfSDCA and SDCA,
	// max(ρ, 1 − min_i p_i/2) for SAGA, max(ρ, 1 − q/2) for L-SVRG, and
	// ρ = (1 + ηλ)^(−2) for SGD, whose iterates only reach a neighbourhood.
	Rate float64
	// PassesPerEFold is the predicted passes through the data per factor e
	// of decrease: the expected evaluations per iteration (τ; 2τ for L-SVRG
	// with q = τ/n) over −n log Rate.
	PassesPerEFold float64
}

// Predict returns the theory of method m for pr and the plan's sampling,
// with the step New uses at StepScale 1 and L-SVRG's default q = τ/n.
func Predict(m Name, pr *problem.Problem, pl *theory.Plan) (Theory, error) {
	if pl == nil {
		return Theory{}, fmt.Errorf("%w: nil plan", method.ErrOptions)
	}
	setup, err := method.NewTheorySetup(pr, pl.Sampler, pl.V)
	if err != nil {
		return Theory{}, err
	}
	n, tau := float64(pr.Data.N), float64(setup.Tau())
	evals := tau
	var th Theory
	switch m {
	case DFSDCA:
		th.Step = pl.Theta // the step dfSDCA runs with
		th.Rate = 1 - th.Step
	case SDCA:
		th.Step = sdca.Rate(setup)
		th.Rate = 1 - th.Step
	case SAGA:
		th.Step = method.VarianceReducedStep(setup)
		th.Rate = saga.Rate(setup, th.Step)
	case LSVRG:
		th.Step = method.VarianceReducedStep(setup)
		th.Rate = lsvrg.Rate(setup, th.Step, tau/n)
		evals = 2 * tau
	case SGD:
		th.Step = method.SGDStep(setup)
		th.Rate = method.Contraction(th.Step, pr.Lambda)
	default:
		return Theory{}, fmt.Errorf("%w %q (want one of %v)", ErrUnknown, m, Names)
	}
	th.PassesPerEFold = evals / (-n * fmath.Log(th.Rate))
	return th, nil
}

// Ratio returns the theory of method m for τ-nice and for τ-importance
// ("imp", with the given partition name and seed) sampling on pr, as
// theory.Ratio does for dfSDCA's θ. The method's analogue of the paper's
// theoretical speedup is nice.PassesPerEFold / imp.PassesPerEFold.
func Ratio(m Name, pr *problem.Problem, tau int, partition sampling.Rule, seed uint64) (nice, imp Theory, err error) {
	for _, c := range []struct {
		spec theory.Spec
		th   *Theory
	}{
		{theory.Spec{Sampling: sampling.Nice, Tau: tau}, &nice},
		{theory.Spec{Sampling: sampling.Imp, Tau: tau, Partition: partition, Seed: seed}, &imp},
	} {
		pl, err := theory.NewPlan(pr, c.spec)
		if err != nil {
			return Theory{}, Theory{}, err
		}
		if *c.th, err = Predict(m, pr, pl); err != nil {
			return Theory{}, Theory{}, err
		}
	}
	return nice, imp, nil
}
