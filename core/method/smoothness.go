package method

import (
	"fmt"
	"math"

	"imlab/core/problem"
)

// ExpectedSmoothness returns
//
//	𝓛 = max_i v_i / (n p_i γ),  n = len(p),
//
// the expected smoothness constant of the minibatch gradient
// g(w) = (1/n) Σ_{i∈S} ∇f_i(w)/p_i of f(w) = (1/n) Σ φ_i(x_iᵀw) when the v_i
// satisfy the ESO for a sampling with marginals p and every φ_i is convex
// and 1/γ-smooth: E‖g(w) − g(y)‖² ≤ 2𝓛 D_f(w, y) for all w, y (see the
// package documentation). It panics if len(v) ≠ len(p) or p is empty.
func ExpectedSmoothness(p, v []float64, gamma float64) float64 {
	if len(p) != len(v) || len(p) == 0 {
		panic(fmt.Sprintf("method: ExpectedSmoothness with %d probabilities and %d ESO parameters", len(p), len(v)))
	}
	n := float64(len(p))
	L := 0.0
	for i, pi := range p {
		L = math.Max(L, v[i]/(n*pi*gamma))
	}
	return L
}

// Contraction is ρ = (1 + ηλ)^(−2), the factor by which the proximal step
// of (λ/2)‖w‖², w ↦ w/(1 + ηλ), contracts squared distances.
func Contraction(step, lambda float64) float64 {
	c := 1 + float64(step*lambda)
	return 1 / (c * c)
}

// NoiseAtOptimum returns an upper bound on σ² = E‖g(w*) − ∇f(w*)‖², the
// variance of the minibatch gradient at the solution, from the ESO:
//
//	σ² ≤ Σ_i v_i φ_i'(x_iᵀw*)² / (n² p_i) − ‖∇f(w*)‖².
//
// It is the noise term of SGD's neighbourhood. wstar need only be close to
// w*: the bound is evaluated at the point given.
func NoiseAtOptimum(s Setup, wstar []float64) float64 {
	pr, ds := s.Problem, s.Problem.Data
	n := float64(ds.N)
	grad := make([]float64, ds.D)
	var second problem.Accumulator
	for i := 0; i < ds.N; i++ {
		a := pr.Loss.Deriv(problem.Dot(ds, i, wstar), ds.Y[i])
		second.Add(s.V[i] * a * a / (n * n * s.P[i]))
		AddRow(ds, i, a/n, grad)
	}
	var norm2 problem.Accumulator
	for _, g := range grad {
		norm2.Add(float64(g * g))
	}
	return math.Max(second.Sum()-norm2.Sum(), 0)
}

// SGDStep is the constant step of minibatch SGD that the theory allows,
// η = 1/(2 max(𝓛, λ)): 1/(2𝓛) from the expected smoothness, and at most
// 1/(2λ) so that the decreasing-step analysis applies from the switch on
// (the cap never binds at the paper's λ).
func SGDStep(s Setup) float64 {
	return 1 / (2 * math.Max(s.Smoothness(), s.Problem.Lambda))
}

// VarianceReducedStep is the step η = 1/(6𝓛) of SAGA and L-SVRG with
// arbitrary sampling (see the package documentation).
func VarianceReducedStep(s Setup) float64 {
	return 1 / (6 * s.Smoothness())
}

// StepOr returns a method's step: step, or rule(s) when step is 0 (the
// option's default). An error wrapping ErrOptions, naming the method, says
// when the step is not positive and finite.
func (s Setup) StepOr(method string, step float64, rule func(Setup) float64) (float64, error) {
	if step == 0 {
		step = rule(s)
	}
	if !(step > 0) || math.IsInf(step, 0) {
		return 0, fmt.Errorf("%w: %s step %v, want positive and finite", ErrOptions, method, step)
	}
	return step, nil
}
