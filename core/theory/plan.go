package theory

import (
	"errors"
	"fmt"
	"slices"

	"imlab/core/dataset"
	"imlab/core/problem"
	"imlab/core/sampling"
)

// ErrSpec reports a Spec that names an unknown sampling or partition or a
// minibatch size the sampling cannot have.
var ErrSpec = errors.New("theory: invalid sampling spec")

// Samplings lists the names Spec.Sampling accepts:
//
//   - "uniform": serial uniform, p_i = 1/n, v_i = ‖x_i‖² (τ = 1);
//   - "importance": serial importance, p_i ∝ nλγ + ‖x_i‖², v_i = ‖x_i‖² (τ = 1);
//   - "nice": τ-nice, p_i = τ/n, v = NiceV;
//   - "imp": τ-importance, bucket sampling with p = PracticalImportance and
//     the safe v = BucketV(p);
//   - "imp-alt": τ-importance with p from AlternatingImportance;
//   - "bucket": uniform bucket sampling, p_i = 1/|B_l|, v = BucketV(p);
//   - "adaptive": τ-importance whose probabilities follow the residues during
//     the run (sampling.Adaptive); the plan holds its start, the "imp"
//     sampling, and dfSDCA recomputes θ at every refresh.
//
// They are the names of sampling.Kinds, in that order.
var Samplings = kindNames(sampling.Kinds)

// Partitions lists the names Spec.Partition accepts for bucket samplings:
// "random" (equal sizes, uniformly random; the paper's choice, and the
// default) and "balanced" (BalancedPartition of the weights nλγ + v^(τ-nice)_i,
// a partition-free estimate of nλγ + v^(unif)_i, so buckets carry nearly
// equal Σ_{i∈B_l} (nλγ + v_i), the quantity that limits τ-importance).
var Partitions = kindNames(sampling.Rules)

func kindNames[T ~string](kinds []T) []string {
	names := make([]string, len(kinds))
	for i, k := range kinds {
		names[i] = string(k)
	}
	return names
}

// AlternatingIterations is the iteration cap NewPlan gives
// AlternatingImportance for "imp-alt".
const AlternatingIterations = 50

// Spec names a sampling setup.
type Spec struct {
	Sampling  sampling.Kind // one of sampling.Kinds
	Tau       int           // minibatch size τ; 0 means 1
	Partition sampling.Rule // one of sampling.Rules, for bucket samplings; "" means random
	Seed      uint64        // seeds the random partition
	// Adaptive configures the "adaptive" sampling; the zero value means
	// sampling.DefaultAdaptive.
	Adaptive sampling.AdaptiveConfig
}

// Plan is a sampler together with the step size dfSDCA may use with it.
type Plan struct {
	Sampler   sampling.Sampler
	Theta     float64            // Theta(P, V, λ, γ)
	P, V      []float64          // marginals p_i and ESO parameters v_i
	Partition sampling.Partition // buckets of a bucket sampling; empty otherwise
}

// NewPlan builds the sampler named by s for problem pr and its safe step
// size θ = Theta(P, V, λ, γ), where V satisfies the ESO for the sampler's own
// probabilities P (P is the sampler's Probabilities slice: do not modify).
// Errors wrap ErrSpec or sampling.ErrTau.
func NewPlan(pr *problem.Problem, s Spec) (*Plan, error) {
	ds, lambda, gamma := pr.Data, pr.Lambda, pr.Loss.Gamma()
	n, tau := ds.N, s.Tau
	if tau == 0 {
		tau = 1
	}
	if !slices.Contains(sampling.Kinds, s.Sampling) {
		return nil, fmt.Errorf("%w: unknown sampling %q (want one of %v)", ErrSpec, s.Sampling, Samplings)
	}
	if s.Partition != "" && !slices.Contains(sampling.Rules, s.Partition) {
		return nil, fmt.Errorf("%w: unknown partition %q (want one of %v)", ErrSpec, s.Partition, Partitions)
	}
	if tau < 1 || tau > n {
		return nil, fmt.Errorf("%w: τ = %d with n = %d examples", sampling.ErrTau, tau, n)
	}
	if s.Sampling.Serial() && tau != 1 {
		return nil, fmt.Errorf("%w: %s sampling is serial, so τ must be 1 (got %d)", ErrSpec, s.Sampling, tau)
	}
	pl := &Plan{}
	var err error
	switch s.Sampling {
	case sampling.Uniform:
		pl.Sampler = sampling.NewUniform(n)
		pl.V = slices.Clone(pr.SquaredNorms())
	case sampling.Importance:
		pl.V = slices.Clone(pr.SquaredNorms())
		pl.Sampler, err = sampling.NewSerial(importanceWithinBuckets(onePartition(n), pl.V, float64(n)*lambda*gamma))
	case sampling.Nice:
		pl.Sampler, err = sampling.NewNice(n, tau)
		pl.V = NiceV(ds, tau)
	default:
		pl.Partition, err = partition(ds, s.Partition, tau, lambda*gamma, s.Seed)
		if err != nil {
			return nil, err
		}
		// One ESO of the partition for the probabilities and their v.
		eso := newBucketESO(ds, pl.Partition, pr.SquaredNorms)
		var p []float64
		switch s.Sampling {
		case sampling.Imp, sampling.AdaptiveImp:
			p = practicalImportance(eso, lambda, gamma)
		case sampling.ImpAlt:
			p, _ = alternatingImportance(eso, lambda, gamma, AlternatingIterations)
		case sampling.UniformBucket:
			p = uniformBucketProbabilities(pl.Partition, n)
		}
		if s.Sampling == sampling.AdaptiveImp {
			cfg := s.Adaptive
			if cfg == (sampling.AdaptiveConfig{}) {
				cfg = sampling.DefaultAdaptive
			}
			pl.Sampler, err = sampling.NewAdaptive(pl.Partition, p, cfg)
		} else {
			pl.Sampler, err = sampling.NewBucket(pl.Partition, p)
		}
		if err != nil {
			break
		}
		// The safe ESO parameters for the probabilities actually used.
		pl.V = eso.V(pl.Sampler.Probabilities(), nil)
	}
	if err != nil {
		return nil, fmt.Errorf("theory: %s sampling: %w", s.Sampling, err)
	}
	pl.P = pl.Sampler.Probabilities()
	pl.Theta = Theta(pl.P, pl.V, lambda, gamma)
	if !(pl.Theta >= 0x1p-1022 && pl.Theta <= 1) {
		// λ within problem.LambdaRange, but so small against the squared
		// norms that θ = p_i·nλγ/(v_i + nλγ) leaves the normal numbers.
		return nil, fmt.Errorf("theory: %s sampling: θ = %v with λ = %v: %w: too small for these squared norms (up to %v)",
			s.Sampling, pl.Theta, lambda, problem.ErrLambda, slices.Max(pl.V))
	}
	return pl, nil
}

// partition builds the named partition of the n examples into τ buckets;
// lambdaGamma is λγ, for the balanced partition's weights.
func partition(ds *dataset.Dataset, name sampling.Rule, tau int, lambdaGamma float64, seed uint64) (sampling.Partition, error) {
	var part sampling.Partition
	var err error
	switch name {
	case "", sampling.RandomRule:
		part, err = sampling.RandomPartition(ds.N, tau, sampling.NewRand(seed))
	case sampling.BalancedRule:
		w := NiceV(ds, tau)
		for i := range w {
			w[i] += float64(float64(ds.N) * lambdaGamma)
		}
		part, err = sampling.BalancedPartition(w, tau)
	default:
		panic("theory: partition " + string(name) + " not in sampling.Rules") // NewPlan checked the name
	}
	if err != nil {
		return part, fmt.Errorf("theory: %s partition: %w", name, err)
	}
	return part, nil
}

// onePartition is the single bucket {0, …, n−1}: serial samplings are the
// bucket samplings with τ = 1.
func onePartition(n int) sampling.Partition {
	all := make([]int, n)
	for i := range all {
		all[i] = i
	}
	return sampling.Partition{Buckets: [][]int{all}}
}

// Ratio returns θ for τ-nice and for τ-importance ("imp", with the given
// partition name and seed) on pr; the paper's theoretical speedup of
// importance minibatch sampling is thetaImp/thetaNice.
func Ratio(pr *problem.Problem, tau int, partition sampling.Rule, seed uint64) (thetaNice, thetaImp float64, err error) {
	nice, err := NewPlan(pr, Spec{Sampling: sampling.Nice, Tau: tau})
	if err != nil {
		return 0, 0, err
	}
	imp, err := NewPlan(pr, Spec{Sampling: sampling.Imp, Tau: tau, Partition: partition, Seed: seed})
	if err != nil {
		return 0, 0, err
	}
	return nice.Theta, imp.Theta, nil
}
