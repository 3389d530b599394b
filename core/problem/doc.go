// Package problem defines the L2-regularised ERM objective of the paper,
//
//	P(w) = (1/n) Σ_i φ_i(x_iᵀw) + (λ/2)‖w‖²,
//
// with its gradient, evaluated with compensated
// (Neumaier) summation so that optimality gaps down to 1e−10 are resolved.
package problem
