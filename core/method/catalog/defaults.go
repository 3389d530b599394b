package catalog

import "imlab/core/method"

// Defaults are what a run of a method asks for when the user says nothing:
// the one place the command line (`imlab run`, `paper`, `report`), the
// paper engine and the page read them from.
type Defaults struct {
	// Eps is the target gap P(w) − P*: 1e−10, the paper's, and 1e−3 for
	// SGD (see SGDFloor: with decreasing steps it converges at rate
	// O(1/k), so a gap of 1e−3 is reached in tens of passes on the
	// paper's data, in or near its linear phase, where its theory holds).
	Eps float64
	// MaxPasses is the budget of a run in passes/τ: passes through the
	// data over the minibatch size, the paper's axis (iterations/n for
	// dfSDCA, which evaluates τ examples an iteration). A run at τ may so
	// make τ·MaxPasses passes: τ-nice sampling needs about τ times the
	// passes of serial sampling once τ exceeds the data's spread.
	MaxPasses float64
	// EvalEvery is the spacing of evaluations of P on the method's trace
	// axis (Axis): iterations/n for dfSDCA, passes for the others.
	EvalEvery float64
}

// DefaultsOf returns the defaults of method m (those of dfSDCA for a name
// not in Names, which every caller has parsed before).
func DefaultsOf(m Name) Defaults {
	d := Defaults{Eps: 1e-10, MaxPasses: 1000, EvalEvery: method.DefaultEvalEvery}
	if m == SGD {
		d.Eps = sgdEps
	}
	return d
}

// sgdEps is SGD's default target gap (see Defaults.Eps).
const sgdEps = 1e-3

// Target is the gap a run of method m is asked to reach when the
// experiment's target is eps: eps, but no less than SGDFloor for SGD,
// which with decreasing steps converges only at rate O(1/k).
func Target(m Name, eps float64) float64 {
	if m == SGD {
		return max(eps, SGDFloor)
	}
	return eps
}

// StopOf is the stop rule of a run of method m at minibatch size τ to the
// gap eps (Target(m, eps)) with optimum pstar, on the passes axis: the
// method's budget of MaxPasses passes/τ and its evaluation spacing.
func StopOf(m Name, tau int, eps, pstar float64) method.Stop {
	d := DefaultsOf(m)
	return method.Stop{Gap: Target(m, eps), PStar: pstar, MaxPasses: float64(tau) * d.MaxPasses, EvalEvery: d.EvalEvery}
}

// OptionsOf are the options of a run of method m with its safe step and
// the sampling stream seed: SGD with its decreasing steps, without which it
// stalls at its noise floor far above the smaller targets.
func OptionsOf(m Name, seed uint64) Options {
	return Options{Decreasing: m == SGD, Seed: seed}
}

// AxisOf is the axis of method m's traces, budgets and evaluation grids:
// iterations/n for dfSDCA, as the paper plots it, and passes through the
// data for the others, whose iterations may cost more than τ evaluations
// (L-SVRG's full gradients).
func AxisOf(m Name) method.Axis { return Describe(m).Axis }

// Speedup is the theoretical ratio of τ-importance over τ-nice sampling for
// method m, from the theory of each: θ_imp/θ_nice for dfSDCA, as the paper
// has it, and for the other methods, whose steps are not rates, the ratio
// of the passes per e-fold predicted, τ-nice over τ-importance.
func Speedup(m Name, nice, imp Theory) float64 {
	if Describe(m).Paper {
		return imp.Step / nice.Step
	}
	return nice.PassesPerEFold / imp.PassesPerEFold
}

// Parallel reports whether method m shares a minibatch among goroutines
// (Options.Workers): dfSDCA alone does.
func Parallel(m Name) bool { return Describe(m).Parallel }

// StepSymbol is how method m's safe step is written: θ for dfSDCA and SDCA
// (a rate; SDCA's steps themselves are exact), η for the primal methods.
func StepSymbol(m Name) string { return Describe(m).StepSymbol }
