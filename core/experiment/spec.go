package experiment

import (
	"fmt"

	"imlab/core/dataset"
	"imlab/core/loss"
	"imlab/core/method/catalog"
	"imlab/core/problem"
	"imlab/core/sampling"
)

// Spec is one job of an experiment: one method, one sampling at one τ, its
// target and seed, and the problem it solves (loss, λ and the optimum P*,
// solved once and shared), complete enough to run alone wherever the same
// data is: a Web Worker of the page, a goroutine of the paper engine.
type Spec struct {
	Index     int           // the job's place in the experiment's run order
	Tau       int           // minibatch size
	Sampling  sampling.Kind // sampling.Nice, sampling.Imp or sampling.AdaptiveImp
	Loss      loss.Spec
	Lambda    float64
	PStar     float64
	Eps       float64
	Partition sampling.Rule
	Seed      uint64
	Method    catalog.Name
	// MaxPassesPerTau is the run's budget, as Config's; 0 keeps base's
	// (the method's default when base has none).
	MaxPassesPerTau float64
}

// Specs lists the jobs of an experiment comparing methods (the first the
// experiment's own) over taus, in run order: for each method, for each
// sampling (τ-nice, τ-importance), for each τ. Index numbers them. The
// τ-importance side runs base.Sampling where that is a kind whose Static
// is sampling.Imp (sampling.AdaptiveImp), and sampling.Imp otherwise.
func Specs(methods []catalog.Name, taus []int, base Spec) []Spec {
	imp := sampling.Imp
	if base.Sampling.Static() == sampling.Imp {
		imp = base.Sampling
	}
	var specs []Spec
	for _, m := range methods {
		for _, smp := range []sampling.Kind{sampling.Nice, imp} {
			for _, tau := range taus {
				s := base
				s.Index, s.Tau, s.Sampling, s.Method = len(specs), tau, smp, m
				specs = append(specs, s)
			}
		}
	}
	return specs
}

// Problem is the spec's problem on ds: its loss and λ.
func (s Spec) Problem(ds *dataset.Dataset) (*problem.Problem, error) {
	return problem.New(ds, s.Loss.Loss(), s.Lambda)
}

// Config is base (its budget unless the spec has one, evaluation spacing, workers, recording) set
// to run the spec's job alone: its method, sampling, τ, target, partition
// and seed. Its one job has the plan the whole experiment would make for it.
func (s Spec) Config(base Config) Config {
	base.Method, base.Taus, base.Samplings = s.Method, []int{s.Tau}, []sampling.Kind{s.Sampling}
	base.Eps, base.Partition, base.Seed = s.Eps, s.Partition, s.Seed
	if s.MaxPassesPerTau != 0 {
		base.MaxPassesPerTau = s.MaxPassesPerTau
	}
	return base
}

// Run plans the spec's job alone on pr under base (see Config). pr is the
// spec's problem on its data (Problem), which a caller running several
// specs of one experiment poses once; it panics if pr's loss or λ is not
// the spec's.
func (s Spec) Run(pr *problem.Problem, base Config) (*Experiment, error) {
	if pr.Loss != s.Loss.Loss() || pr.Lambda != s.Lambda {
		panic(fmt.Sprintf("experiment: Spec.Run of a %v job with λ = %v on a %v problem with λ = %v", s.Loss.Loss(), s.Lambda, pr.Loss, pr.Lambda))
	}
	return New(pr, s.PStar, s.Config(base))
}
