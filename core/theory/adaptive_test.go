package theory

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"

	"imlab/core/dataset"
	"imlab/core/sampling"
)

// randomResidues returns residues of mixed scales with some zeros, as a run
// has them: most small, a few large.
func randomResidues(r *rand.Rand, n int) []float64 {
	k := make([]float64, n)
	for i := range k {
		if r.IntN(5) > 0 {
			k[i] = math.Exp(3*r.NormFloat64()) * float64(1-2*r.IntN(2))
		}
	}
	return k
}

// adaptiveProbabilities returns the probabilities an adaptive sampling on pt
// takes after a refresh with residues kappa, as dfSDCA computes them.
func adaptiveProbabilities(t *testing.T, ds *dataset.Dataset, pt sampling.Partition, static, kappa []float64, eta, c float64) []float64 {
	t.Helper()
	a, err := sampling.NewAdaptive(pt, static, sampling.AdaptiveConfig{Eta: eta, Epochs: 1, Step: sampling.ResidueStep})
	if err != nil {
		t.Fatal(err)
	}
	w := AdaptiveWeights(kappa, BucketV(ds, pt, static), c, nil)
	if err := a.Reweight(w); err != nil {
		t.Fatal(err)
	}
	return a.Probabilities()
}

// TestAdaptiveESOExact: the bucket sampling's ESO parameters hold, checked
// exactly by enumerating every minibatch, for the probabilities of an
// adaptive refresh from random residues, at every safeguard η; and a
// BucketESO reused across refreshes gives BucketV's bits.
func TestAdaptiveESOExact(t *testing.T) {
	r := sampling.NewRand(5)
	halved := 0
	for k, ds := range esoInstances(t) {
		for tau := 1; tau <= 4; tau++ {
			pt := randomPartition(r, ds.N, tau)
			static := PracticalImportance(ds, pt, 0.1, 4)
			eso := NewBucketESO(ds, pt)
			var v []float64
			for _, eta := range []float64{1e-3, 0.2, 0.5, 1} {
				kappa := randomResidues(r, ds.N)
				p := adaptiveProbabilities(t, ds, pt, static, kappa, eta, float64(ds.N)*0.4)
				what := fmt.Sprintf("instance %d, τ = %d, η = %g", k, tau, eta)
				v = eso.V(p, v)
				if want := BucketV(ds, pt, p); !slices.Equal(v, want) {
					t.Fatalf("%s: reused BucketESO gives %v, BucketV %v", what, v, want)
				}
				batches := bucketBatches(pt, p)
				requireESO(t, what, ds, batches, p, v, r)
				if !checkESO(ds, batches, scaled(v, 0.5), r).holds() {
					halved++
				}
			}
		}
	}
	if halved == 0 {
		t.Error("halved ESO parameters were never rejected: the check has no power")
	}
}

// TestResidueThetaDecrease checks docs/adaptive.md's one-step bound exactly:
// for the square loss (γ = 1, whose optimum is a linear solve), from random
// dual variables α with w = Σ α_i x_i/(λn), one dfSDCA iteration with
// θ = ResidueTheta(κ, p, v) for bucket sampling p and v = BucketV(p) gives
// E[E⁺] ≤ (1 − θ) E, the expectation taken by enumerating every minibatch;
// E = λ/2‖w − w*‖² + γ/(2n)‖α − α*‖². It also checks θ(κ, p) ≥ Theta(p, v),
// and that a step well above θ(κ, p) breaks the bound somewhere.
func TestResidueThetaDecrease(t *testing.T) {
	r := sampling.NewRand(6)
	const lambda, gamma = 0.05, 1.0
	broken, gain := 0, 0.0
	for k, ds := range esoInstances(t) {
		n := ds.N
		x := toDense(ds)
		wStar, alphaStar := squareOptimum(ds, x, lambda)
		for tau := 1; tau <= 3; tau++ {
			pt := randomPartition(r, n, tau)
			static := PracticalImportance(ds, pt, lambda, gamma)
			for trial := range 4 {
				alpha := make([]float64, n)
				for i := range alpha {
					alpha[i] = alphaStar[i] + math.Exp(2*r.NormFloat64())*r.NormFloat64()
				}
				w := primalOf(x, alpha, lambda, ds.D)
				kappa := make([]float64, n)
				for i := range kappa {
					kappa[i] = dot(x[i], w) - ds.Y[i] + alpha[i] // φ'(z) = z − y
				}
				p := adaptiveProbabilities(t, ds, pt, static, kappa, 0.3, float64(n)*lambda*gamma)
				if trial == 0 {
					p = static
				}
				v := BucketV(ds, pt, p)
				theta := ResidueTheta(kappa, p, v, lambda, gamma)
				safe := Theta(p, v, lambda, gamma)
				if theta < safe*(1-1e-12) {
					t.Errorf("instance %d τ %d: θ(κ, p) = %v below the safe %v", k, tau, theta, safe)
				}
				gain = math.Max(gain, theta/safe)
				e0 := potential(x, w, alpha, wStar, alphaStar, lambda, gamma)
				for _, mult := range []float64{1, 4} {
					e1 := expectedPotential(ds, x, pt, p, alpha, kappa, mult*theta, lambda, wStar, alphaStar, gamma)
					bound := (1 - mult*theta) * e0
					if mult == 1 && e1 > bound+1e-9*e0 {
						t.Errorf("instance %d τ %d trial %d: E[E⁺] = %v > (1 − θ)E = %v (θ = %v)", k, tau, trial, e1, bound, theta)
					}
					if mult > 1 && e1 > bound {
						broken++
					}
				}
			}
		}
	}
	if broken == 0 {
		t.Error("4θ(κ, p) never broke the bound: the check has no power")
	}
	if gain < 2 {
		t.Errorf("θ(κ, p) never exceeded twice the safe θ (largest ratio %v): the case of interest was not tested", gain)
	}
}

// squareOptimum solves min_w (1/2n)Σ(x_iᵀw − y_i)² + λ/2‖w‖² and returns w*
// and α*_i = −φ'(x_iᵀw*) = y_i − x_iᵀw*.
func squareOptimum(ds *dataset.Dataset, x [][]float64, lambda float64) ([]float64, []float64) {
	n, d := ds.N, ds.D
	h := mat.NewDense(d, d, nil)
	b := mat.NewVecDense(d, nil)
	for i := range n {
		for j := range d {
			b.SetVec(j, b.AtVec(j)+x[i][j]*ds.Y[i]/float64(n))
			for l := range d {
				h.Set(j, l, h.At(j, l)+x[i][j]*x[i][l]/float64(n))
			}
		}
	}
	for j := range d {
		h.Set(j, j, h.At(j, j)+lambda)
	}
	var sol mat.VecDense
	if err := sol.SolveVec(h, b); err != nil {
		panic(err)
	}
	w := make([]float64, d)
	for j := range w {
		w[j] = sol.AtVec(j)
	}
	alpha := make([]float64, n)
	for i := range alpha {
		alpha[i] = ds.Y[i] - dot(x[i], w)
	}
	return w, alpha
}

func primalOf(x [][]float64, alpha []float64, lambda float64, d int) []float64 {
	w := make([]float64, d)
	for i, a := range alpha {
		for j := range w {
			w[j] += a * x[i][j] / (lambda * float64(len(alpha)))
		}
	}
	return w
}

func dot(a, b []float64) float64 {
	s := 0.0
	for j := range a {
		s += a[j] * b[j]
	}
	return s
}

func potential(x [][]float64, w, alpha, wStar, alphaStar []float64, lambda, gamma float64) float64 {
	e := 0.0
	for j := range w {
		e += lambda / 2 * (w[j] - wStar[j]) * (w[j] - wStar[j])
	}
	for i := range alpha {
		e += gamma / (2 * float64(len(alpha))) * (alpha[i] - alphaStar[i]) * (alpha[i] - alphaStar[i])
	}
	return e
}

// expectedPotential is E[E⁺] after one dfSDCA iteration with step theta from
// (α, w), over every minibatch of the bucket sampling (pt, p).
func expectedPotential(ds *dataset.Dataset, x [][]float64, pt sampling.Partition, p, alpha, kappa []float64,
	theta, lambda float64, wStar, alphaStar []float64, gamma float64) float64 {
	n := float64(ds.N)
	w := primalOf(x, alpha, lambda, ds.D)
	e := 0.0
	for _, mb := range bucketBatches(pt, p) {
		a := slices.Clone(alpha)
		w1 := slices.Clone(w)
		for _, i := range mb.set {
			a[i] -= theta / p[i] * kappa[i]
			for j := range w1 {
				w1[j] -= theta / (n * lambda * p[i]) * kappa[i] * x[i][j]
			}
		}
		e += mb.prob * potential(x, w1, a, wStar, alphaStar, lambda, gamma)
	}
	return e
}

// TestFollowerV: after a refresh the follower's V is BucketV of the new
// probabilities, bit for bit, both where v is fixed (τ = 1, which the
// refresh then leaves as it was) and where it moves (τ = 4 on data whose
// features meet several buckets).
func TestFollowerV(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	ds := randomSparse(t, r, 60, 8, 0.5) // feature 0 in every example: it meets every bucket
	pr := logistic(t, ds)
	w, alpha := make([]float64, ds.D), make([]float64, ds.N)
	for j := range w {
		w[j] = r.NormFloat64()
	}
	for i := range alpha {
		alpha[i] = -ds.Y[i] * r.Float64() // βᵢ = yᵢαᵢ in the logistic dual's domain (−1, 0)
	}
	for _, tau := range []int{1, 4} {
		pl, err := NewPlan(pr, Spec{Sampling: sampling.AdaptiveImp, Tau: tau, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		f := NewFollower(pr, pl.Sampler)
		if got, want := f.FixedV(), tau == 1; got != want {
			t.Errorf("τ = %d: FixedV = %v, want %v", tau, got, want)
		}
		before := slices.Clone(f.V)
		if !f.Refresh(w, alpha) {
			t.Fatalf("τ = %d: refresh failed", tau)
		}
		want := BucketV(ds, f.Sampler.Partition(), f.Sampler.Probabilities())
		if !slices.Equal(f.V, want) {
			t.Errorf("τ = %d: V after the refresh is not BucketV of the new probabilities", tau)
		}
		if moved := !slices.Equal(f.V, before); moved == f.FixedV() {
			t.Errorf("τ = %d: V moved = %v with FixedV = %v", tau, moved, f.FixedV())
		}
	}
}
