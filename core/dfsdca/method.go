package dfsdca

import "imlab/core/method"

// A Solver is a method.Solver: method.Run drives it like every other
// method, on the method.Iterations axis for the paper's traces (t/n).
var _ method.Solver = (*Solver)(nil)

// Evals is the number of example evaluations done so far: τ per
// iteration, one dual step per example of the minibatch.
func (s *Solver) Evals() int64 { return int64(s.iter) * int64(s.sampler.MaxSize()) }

// BatchSize is the minibatch size τ.
func (s *Solver) BatchSize() int { return s.sampler.MaxSize() }
