package theory

import (
	"errors"
	"fmt"
	"math"
	"testing"

	"imlab/core/loss"
	"imlab/core/problem"
	"imlab/core/sampling"
)

// batchesOf enumerates the minibatches of a plan's sampler exactly.
func batchesOf(pl *Plan, n, tau int) []minibatch {
	switch {
	case pl.Partition.Tau() > 0:
		return bucketBatches(pl.Partition, pl.P)
	case pl.Sampler.MaxSize() == 1:
		out := make([]minibatch, n)
		for i := range out {
			out[i] = minibatch{set: []int{i}, prob: pl.P[i]}
		}
		return out
	}
	return niceBatches(n, tau)
}

func TestPlansAreSafeAndConsistent(t *testing.T) {
	r := sampling.NewRand(8)
	for k := range 4 {
		ds := randomSparse(t, r, 7+k%2, 4+k%2, 0.5)
		pr := logistic(t, ds)
		n := ds.N
		for _, name := range sampling.Kinds {
			taus := []int{0, 1}
			if !name.Serial() {
				taus = append(taus, 2, 3, n)
			}
			for _, tau := range taus {
				for _, partition := range sampling.Rules {
					what := fmt.Sprintf("instance %d %s τ=%d %s", k, name, tau, partition)
					pl, err := NewPlan(pr, Spec{Sampling: name, Tau: tau, Partition: partition, Seed: uint64(k)})
					if err != nil {
						t.Fatalf("%s: %v", what, err)
					}
					checkPlan(t, what, pr, pl, max(tau, 1), r)
				}
			}
		}
	}
}

// checkPlan verifies one plan: θ is the bound for its (P, V), which never
// exceeds min p_i, and V satisfies the ESO exactly for the sampler's P.
func checkPlan(t *testing.T, what string, pr *problem.Problem, pl *Plan, tau int, r interface{ NormFloat64() float64 }) {
	t.Helper()
	n := pr.Data.N
	if pl.Sampler.MaxSize() != tau {
		t.Fatalf("%s: sampler %s has MaxSize %d", what, pl.Sampler, pl.Sampler.MaxSize())
	}
	if want := Theta(pl.P, pl.V, pr.Lambda, pr.Loss.Gamma()); pl.Theta != want {
		t.Errorf("%s: θ = %v, Theta(P, V) = %v", what, pl.Theta, want)
	}
	minP := math.Inf(1)
	for i, p := range pl.P {
		minP = math.Min(minP, p)
		if p != pl.Sampler.Probabilities()[i] {
			t.Fatalf("%s: P differs from the sampler's probabilities", what)
		}
	}
	if !(pl.Theta > 0 && pl.Theta <= minP) {
		t.Errorf("%s: θ = %v outside (0, min p_i = %v]", what, pl.Theta, minP)
	}
	if pl.Partition.Tau() > 0 {
		if err := pl.Partition.Validate(n); err != nil || pl.Partition.Tau() != tau {
			t.Fatalf("%s: partition %v: %v", what, pl.Partition.Buckets, err)
		}
		safe := BucketV(pr.Data, pl.Partition, pl.P)
		for i := range safe {
			if pl.V[i] != safe[i] {
				t.Fatalf("%s: V is not BucketV of the sampler's own p", what)
			}
		}
	}
	requireESO(t, what, pr.Data, batchesOf(pl, n, tau), pl.P, pl.V, sampling.NewRand(uint64(n)))
}

func TestImpStepSizeUsesSafeV(t *testing.T) {
	// v^(unif) is the ESO for uniform bucket probabilities. For the
	// practical importance p it can fail, and θ from it would be larger
	// than the safe θ. Find such instances and check the plan is not fooled.
	r := sampling.NewRand(9)
	unsafe := 0
	for k := 0; k < 100 && unsafe < 3; k++ {
		ds := randomSparse(t, r, 6+k%3, 3+k%3, 0.2+0.6*r.Float64())
		pr, err := problem.New(ds, logistic(t, ds).Loss, 0.01)
		if err != nil {
			t.Fatal(err)
		}
		for tau := 2; tau <= 3; tau++ {
			pl, err := NewPlan(pr, Spec{Sampling: "imp", Tau: tau, Seed: uint64(k)})
			if err != nil {
				t.Fatal(err)
			}
			vUnif := BucketV(ds, pl.Partition, uniformBucketProbabilities(pl.Partition, ds.N))
			batches := bucketBatches(pl.Partition, pl.P)
			if checkESO(ds, batches, vUnif, r).holds() {
				continue
			}
			unsafe++
			naive := Theta(pl.P, vUnif, pr.Lambda, pr.Loss.Gamma())
			if !(pl.Theta < naive) {
				t.Errorf("instance %d τ=%d: plan θ = %v, not below the unsafe θ = %v from v^(unif)", k, tau, pl.Theta, naive)
			}
			requireESO(t, fmt.Sprintf("instance %d τ=%d", k, tau), ds, batches, pl.P, pl.V, r)
		}
	}
	if unsafe == 0 {
		t.Fatal("found no instance where v^(unif) violates the ESO for the practical p")
	}
}

func TestAlternatingImportanceNotWorse(t *testing.T) {
	r := sampling.NewRand(10)
	improved := 0
	for k := range 20 {
		ds := randomSparse(t, r, 30+r.IntN(50), 5+r.IntN(10), 0.1+0.5*r.Float64())
		pr := logistic(t, ds)
		lambda, gamma := pr.Lambda/10, pr.Loss.Gamma()
		tau := 2 + r.IntN(6)
		pt := randomPartition(r, ds.N, tau)
		practical := PracticalImportance(ds, pt, lambda, gamma)
		thetaPractical := Theta(practical, BucketV(ds, pt, practical), lambda, gamma)

		p0, theta0 := AlternatingImportance(ds, pt, lambda, gamma, 0)
		if theta0 != thetaPractical || p0[0] != practical[0] {
			t.Fatalf("instance %d: maxIter = 0 gave θ = %v, practical θ = %v", k, theta0, thetaPractical)
		}
		p, theta := AlternatingImportance(ds, pt, lambda, gamma, 100)
		if theta < thetaPractical {
			t.Errorf("instance %d: alternating θ = %v below practical θ = %v", k, theta, thetaPractical)
		}
		if want := Theta(p, BucketV(ds, pt, p), lambda, gamma); theta != want {
			t.Errorf("instance %d: returned θ = %v, safe θ of returned p = %v", k, theta, want)
		}
		if _, err := sampling.NewBucket(pt, p); err != nil {
			t.Errorf("instance %d: alternating p is not a bucket sampling: %v", k, err)
		}
		if theta > thetaPractical*(1+1e-9) {
			improved++
		}
	}
	if improved == 0 {
		t.Error("alternating optimisation never improved on the practical formula")
	}
}

func TestNewPlanErrors(t *testing.T) {
	pr := logistic(t, extreme(t, 10))
	for _, c := range []struct {
		spec Spec
		want error
	}{
		{Spec{Sampling: "magic"}, ErrSpec},
		{Spec{Sampling: "uniform", Tau: 2}, ErrSpec},
		{Spec{Sampling: "importance", Tau: 3}, ErrSpec},
		{Spec{Sampling: "imp", Tau: 2, Partition: "striped"}, ErrSpec},
		{Spec{Sampling: "nice", Tau: 2, Partition: "striped"}, ErrSpec},
		{Spec{Sampling: "nice", Tau: 11}, sampling.ErrTau},
		{Spec{Sampling: "imp", Tau: -1}, sampling.ErrTau},
	} {
		if _, err := NewPlan(pr, c.spec); !errors.Is(err, c.want) {
			t.Errorf("%+v: error %v, want %v", c.spec, err, c.want)
		}
	}
}

// The names NewPlan accepts are the typed vocabulary of core/sampling.
func TestSamplingsAreKinds(t *testing.T) {
	if len(Samplings) != len(sampling.Kinds) || len(Partitions) != len(sampling.Rules) {
		t.Fatalf("Samplings %v, Partitions %v", Samplings, Partitions)
	}
	for i, k := range sampling.Kinds {
		if Samplings[i] != string(k) {
			t.Errorf("Samplings[%d] = %q, want %q", i, Samplings[i], k)
		}
	}
}

// A λ inside problem.LambdaRange but too small for the squared norms makes
// θ leave the normal numbers: NewPlan refuses it rather than returning a θ
// (and ratios) of 0, subnormal or NaN. (theory -lambda 5e-324 printed NaN.)
func TestNewPlanRefusesUnderflowingTheta(t *testing.T) {
	ds := extreme(t, 10)
	lo, _ := problem.LambdaRange(ds.N, loss.Logistic{}.Gamma())
	for _, lambda := range []float64{lo, 1e-307} {
		pr, err := problem.New(ds, loss.Logistic{}, lambda)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range []Spec{{Sampling: "nice", Tau: 2}, {Sampling: "imp", Tau: 2}, {Sampling: "uniform"}} {
			if pl, err := NewPlan(pr, s); !errors.Is(err, problem.ErrLambda) {
				t.Errorf("λ = %v, %+v: NewPlan = θ %v, error %v; want problem.ErrLambda", lambda, s, pl.Theta, err)
			}
		}
	}
	pr, err := problem.New(ds, loss.Logistic{}, 1e-290)
	if err != nil {
		t.Fatal(err)
	}
	if pl, err := NewPlan(pr, Spec{Sampling: "imp", Tau: 2}); err != nil || !(pl.Theta >= 0x1p-1022) {
		t.Errorf("λ = 1e-290: %v, %v", pl, err)
	}
}
