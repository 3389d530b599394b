// Package optimum computes P* = min_w P(w) to near machine precision, so
// that optimality gaps P(w^(t)) − P* down to 1e−10 can be plotted as the
// paper does, and certifies how close a point is to it.
//
// Solve runs a truncated Newton method: each step solves H s = −∇P(w)
// approximately by conjugate gradients with Hessian-vector products
//
//	H v = (1/n) Σ_i φ”(x_iᵀw) x_i (x_iᵀv) + λ v
//
// (never forming H) and a Jacobi preconditioner, then backtracks on P. The
// λ term keeps H positive definite, so the piecewise-quadratic smoothed
// hinge, whose φ” vanishes on two pieces, converges too. Where no step along
// Newton's direction decreases P (the smoothed hinge at w = 0, where every
// φ” may vanish and H = λI, with λ small against ‖x_i‖²), the step is solved
// again with every φ” replaced by its bound 1/γ: that H majorises P, so its
// step does decrease it. Objective and gradient are those of
// problem.Problem (compensated sums).
//
// By λ-strong convexity of P, P(w) − P* ≤ ‖∇P(w)‖²/(2λ) for every w;
// CertifiedGap returns that bound, and Result.Gap the bound at the solution.
package optimum
