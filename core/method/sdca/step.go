package sdca

import (
	"math"

	"imlab/core/fmath"
	"imlab/core/loss"
)

// coordinate is a loss's exact dual coordinate step: given the margin z, the
// label y, the current α_i and the curvature q = v_i/(λn), it returns Δ.
type coordinate func(z, y, alpha, q float64) float64

// stepFor returns the dual coordinate step of l, or nil if l has none.
func stepFor(l loss.Loss) coordinate {
	switch l := l.(type) {
	case loss.Square:
		return squareStep
	case loss.Logistic:
		return logisticStep
	case loss.SmoothHinge:
		mu := l.Mu
		return func(z, y, alpha, q float64) float64 { return smoothHingeStep(mu, z, y, alpha, q) }
	}
	return nil
}

// squareStep maximises −(α+Δ)²/2 + (α+Δ)y − zΔ − qΔ²/2: φ*(u) = u²/2 + uy.
func squareStep(z, y, alpha, q float64) float64 {
	return (y - z - alpha) / (1 + q)
}

// smoothHingeStep maximises β' − μβ'²/2 − (β' − β)yz − q(β' − β)²/2 over
// β' = y(α + Δ) ∈ [0, 1]: −φ*(−α) = β − μβ²/2 for labels y = ±1.
func smoothHingeStep(mu, z, y, alpha, q float64) float64 {
	beta := float64(y * alpha)
	next := (1 - float64(y*z) + float64(q*beta)) / (mu + q)
	next = math.Min(math.Max(next, 0), 1)
	return y * (next - beta)
}

// Newton's method on the logistic coordinate stops when the logit moves
// less than this relative amount, or after maxNewton steps.
const (
	newtonTol = 1e-9
	maxNewton = 100
)

// logisticStep maximises the entropy H(β') − (β' − β)yz − q(β' − β)²/2 over
// β' = y(α + Δ) ∈ (0, 1), H(b) = −b log b − (1 − b) log(1 − b): the root of
//
//	g(t) = −t − yz − q(σ(t) − β) = 0,  β' = σ(t) = 1/(1 + e^(−t)),
//
// in the logit t, to rounding (see logisticNewton).
func logisticStep(z, y, alpha, q float64) float64 {
	_, b, _ := logisticNewton(float64(y*z), float64(y*alpha), q)
	return y * (b - float64(y*alpha))
}

// logisticNewton solves g(t) = −t − yz − q(σ(t) − β) = 0 for the logit t
// of β' and returns t, β' = σ(t) and the Newton steps taken; yz is the
// margin times the label. g decreases (slope in [−1 − q/4, −1]), is concave
// for t < 0 and convex for t > 0, so Newton's method converges
// monotonically from 0 clamped into the bracket [−yz − q + qβ, −yz + qβ]
// that holds the root (σ ∈ (0, 1)): from the right of the root where g is
// concave, from the left where it is convex. It starts instead from the
// current logit, near the root once the run converges, and falls back to
// that safe start if a step fails to halve |g|; a bisection on the bracket
// guards against rounding. Since |g”/g'| ≤ 1, after a step s the error is
// below s²/2, so the iteration stops after a step below 1e−9(1 + |t|).
func logisticNewton(yz, beta, q float64) (t, b float64, steps int) {
	c := yz - float64(q*beta)
	lo, hi := -c-q, -c // g(lo) ≥ 0 ≥ g(hi)
	safe := func() float64 { return math.Min(math.Max(0, lo), hi) }
	t, fellBack := safe(), true
	if beta > 0 && beta < 1 {
		if cur := fmath.Log(beta / (1 - beta)); cur > lo && cur < hi {
			t, fellBack = cur, false
		}
	}
	prev := math.Inf(1)
	for range maxNewton {
		steps++
		sig := sigmoid(t)
		g := -t - c - float64(q*sig)
		if g == 0 {
			break
		}
		if g > 0 {
			lo = t
		} else {
			hi = t
		}
		if !fellBack && math.Abs(g) > 0.5*prev {
			t, fellBack = safe(), true
			continue
		}
		prev = math.Abs(g)
		next := t + g/(1+float64(q*sig*(1-sig)))
		if math.Abs(next-t) <= newtonTol*(1+math.Abs(t)) {
			t = next // converged: the next step would be below rounding
			break
		}
		if !(next > lo && next < hi) {
			next = 0.5 * (lo + hi)
		}
		t = next
	}
	return t, sigmoid(t), steps
}

// StepAccuracy is the relative accuracy κ of the logistic loss's coordinate
// steps when Options.Exact is not set: a step from logit t₀ to t₁ is taken
// once its error |t₁ − t*| ≤ κ|t₁ − t₀|. In the one-dimensional quadratic
// model a step off by the fraction ε gains (1 − ε²) of the exact step's
// increase of D, so κ = 0.1 costs at most about 1% of the progress; on the
// peer race's data the epochs to 1e−10 are the same for κ = 0.01, 0.1, 0.5
// and exact steps.
const StepAccuracy = 0.1

// logisticWarm is one Newton step on g from t0 = logit(β), the logit the
// previous step at this coordinate ended at: since σ(t0) = β, g(t0) =
// −t0 − yz needs no exp, and the step's one exp gives both β' = σ(t1) and
// g(t1), whence the error bound |t1 − t*| ≤ |g(t1)| (|g'| ≥ 1). It reports
// ok if that bound is within StepAccuracy of the step; else the caller
// solves with logisticNewton. A NaN t0 (no logit stored) is never ok.
func logisticWarm(yz, beta, t0, q float64) (t1, b1 float64, ok bool) {
	s := (-t0 - yz) / (1 + float64(q*beta*(1-beta)))
	t1 = t0 + s
	b1 = sigmoid(t1)
	g1 := -t1 - yz + float64(q*(beta-b1))
	return t1, b1, math.Abs(g1) <= StepAccuracy*math.Abs(s)
}

// logisticCold is the step at a coordinate with no stored logit (its first
// visit, α_i = 0, or β rounded to an end of [0, 1]): one Newton step on g
// from t_a = −c, c = yz − qβ, the root were q zero, where g(t_a) = −qσ(t_a).
// Two exps give t1, β' = σ(t1) and g(t1). It reports ok if β' is within
// StepAccuracy of the exact β* relative to the move |β' − β|: with
// |t1 − t*| ≤ |g1| (|g'| ≥ 1) and σ' = σ(1 − σ) ≤ min(σ, 1 − σ), which
// changes by at most the factor e^|s| over a step s, |β' − β*| ≤
// min(β', 1 − β')·e^|g1|·|g1|, and e^x ≤ 1 + 2x for x ≤ 1. (In β, the
// variable of the dual's one-dimensional model, this is StepAccuracy's
// criterion; a logit t0 = −∞ gives no scale in t.)
func logisticCold(yz, beta, q float64) (t1, b1 float64, ok bool) {
	c := yz - float64(q*beta)
	ta := -c
	sa := sigmoid(ta)
	t1 = ta - float64(q*sa)/(1+float64(q*sa*(1-sa)))
	b1 = sigmoid(t1)
	g1 := math.Abs(-t1 - c - float64(q*b1))
	bound := float64(math.Min(b1, 1-b1)*g1) * (1 + 2*g1)
	return t1, b1, g1 <= 1 && b1 > 0 && b1 < 1 && bound <= StepAccuracy*math.Abs(b1-beta)
}

// sigmoid returns 1/(1 + e^(−t)) without overflow. With the warm start's
// log, it is the package's only use of exp and log (to swap for a portable
// version).
func sigmoid(t float64) float64 {
	if t >= 0 {
		return 1 / (1 + fmath.Exp(-t))
	}
	e := fmath.Exp(t)
	return e / (1 + e)
}
