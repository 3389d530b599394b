// Package loss provides the per-example losses φ_i(z) of the ERM problem
// P(w) = (1/n) Σ φ_i(x_iᵀw) + (λ/2)‖w‖², each convex and 1/γ-smooth.
//
// Every method is evaluated in a form that stays finite and accurate for large
// |z| (no exp overflow, no cancellation in log(1+e^t)).
//
// A product that is then added is converted with float64(…), m :=
// float64(y*z), so that no compiler fuses the two into an FMA (the core
// package says why).
package loss
