// Package problem defines the L2-regularised ERM objective of the paper,
//
//	P(w) = (1/n) Σ_i φ_i(x_iᵀw) + (λ/2)‖w‖²,
//
// with its gradient, evaluated with compensated
// (Neumaier) summation so that optimality gaps down to 1e−10 are resolved.
// GapResolution gives the smallest gap that double precision resolves for
// a problem, and CheckGap refuses a target ε below it (the page and the CLI
// both call it, through experiment.New or directly).
//
// Every product that is added is converted with float64(…), which rounds it
// and so keeps a compiler from fusing the two into an FMA (the core package
// says why).
package problem
