package method

import "fmt"

// Axis is what a run's budget and evaluation grid count, and the x axis of
// its trace.
type Axis int

const (
	// Passes counts example evaluations: passes through the data, every
	// gradient or coordinate evaluation counted (L-SVRG's full gradients
	// too).
	Passes Axis = iota
	// Iterations counts iterations over n: t/n, dfSDCA's axis in the
	// paper, which for a method evaluating τ examples an iteration is
	// passes/τ.
	Iterations
)

func (a Axis) String() string {
	switch a {
	case Passes:
		return "passes"
	case Iterations:
		return "iterations/n"
	}
	return fmt.Sprintf("Axis(%d)", int(a))
}

// Of is the position of p on the axis in a run over n examples: its
// passes, or its iterations over n.
func (a Axis) Of(p Point, n int) float64 {
	if a == Iterations {
		return float64(p.Iter) / float64(n)
	}
	return p.Passes
}

// PerTau is the position of p, a point of a run at minibatch size τ over n
// examples, on the paper's axis passes/τ: its iterations over n on the
// Iterations axis, its passes over τ on the Passes axis.
func (a Axis) PerTau(p Point, n, tau int) float64 {
	if a == Iterations {
		return a.Of(p, n)
	}
	return p.Passes / float64(tau)
}

// PerPassPerTau is how many units of the axis one pass/τ is at minibatch
// size τ: 1 on the Iterations axis (for a method evaluating τ examples an
// iteration), τ on the Passes axis. A budget or spacing given in passes/τ
// is that many times it on the axis.
func (a Axis) PerPassPerTau(tau int) float64 {
	if a == Iterations {
		return 1
	}
	return float64(tau)
}
