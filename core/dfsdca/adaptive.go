package dfsdca

import (
	"math"

	"imlab/core/sampling"
	"imlab/core/theory"
)

// adaptation is the state of a run whose sampler is a sampling.Adaptive:
// at every refresh (theory.Follower) the sampler follows the residues and
// θ is set for the new sampling (docs/adaptive.md).
type adaptation struct {
	*theory.Follower
	scale float64   // Options.Theta over the safe θ of the starting sampling
	theta []float64 // θ in force from each refresh on, for Thetas
}

// newAdaptation returns the adaptation of a solver whose sampler is
// adaptive (possibly inside a sampling.Recorder), or nil if it is not. The
// initial step keeps its ratio to the safe θ of the starting sampling, so a
// scaled step (the CLI's -step-scale) stays scaled at every refresh.
func newAdaptation(s *Solver, opt Options) *adaptation {
	f := theory.NewFollower(s.pr, opt.Sampler)
	if f == nil {
		return nil
	}
	safe := theory.Theta(f.Sampler.Probabilities(), f.V, s.pr.Lambda, s.pr.Loss.Gamma())
	return &adaptation{Follower: f, scale: opt.Theta / safe, theta: []float64{opt.Theta}}
}

// stepAdaptive runs k iterations, refreshing the sampling whenever the
// iteration count reaches a multiple of the period.
func (s *Solver) stepAdaptive(k int) bool {
	a := s.ada
	for k > 0 {
		m := min(k, a.Next-s.iter)
		var ok bool
		if s.serial && s.pool == nil {
			ok = s.stepSerial(m)
		} else {
			ok = s.step(m)
		}
		if !ok {
			return false
		}
		k -= m
		if s.iter == a.Next && !s.refresh() {
			return false
		}
	}
	return true
}

// refresh follows the residues at w^(t), α^(t), sets θ and every example's
// step for the new sampling and drops the minibatches drawn ahead from the
// old one, so that every later iteration is a draw of the new one. It
// reports false if a residue or the step is not finite (a diverged run).
func (s *Solver) refresh() bool {
	a := s.ada
	if !a.Refresh(s.w, s.alpha) {
		return false
	}
	ds, pr := s.ds, s.pr
	lambda, gamma := pr.Lambda, pr.Loss.Gamma()
	p := a.Sampler.Probabilities()
	var theta float64
	residue := a.Sampler.Config().Step == sampling.ResidueStep
	if residue {
		theta = theory.ResidueTheta(a.Kappa, p, a.V, lambda, gamma)
	} else {
		theta = theory.Theta(p, a.V, lambda, gamma)
	}
	theta *= a.scale
	if !(theta > 0) || math.IsInf(theta, 0) {
		return false
	}
	inv := 1 / (float64(ds.N) * lambda) // 1/(nλ)
	steps, curv, v := s.steps[:2*len(p)], a.Curv[:len(p)], a.V[:len(p)]
	for i, pi := range p {
		step := theta / pi
		if residue {
			// Each example's step stays at most the one that, at the
			// refresh's margin and curvature φ''_i, brings its own
			// residue to zero: 1/(1 + φ''_i v_i/(nλ)) ≥ c/(v_i + c)
			// (docs/adaptive.md).
			step = min(step, a.scale/(1+float64(float64(curv[i]*v[i])*inv)))
		}
		steps[2*i] = step
		steps[2*i+1] = float64(step * inv)
	}
	a.theta = append(a.theta, theta)

	if a.Recorder != nil {
		a.Recorder.Discard(len(s.ends) - s.head)
	}
	s.queue, s.ends, s.head = s.queue[:0], s.ends[:0], 0
	return true
}

// Thetas returns the step sizes θ an adaptive run has used: the first
// (Options.Theta) from iteration 0, each next one from the next refresh,
// every Period iterations; nil for any other sampling. The slice must not
// be modified.
func (s *Solver) Thetas() []float64 {
	if s.ada == nil {
		return nil
	}
	return s.ada.theta
}

// Follower is the follower of an adaptive run's sampling (its residues,
// probabilities and ESO parameters at the last refresh), nil for any other
// sampling. It must not be modified.
func (s *Solver) Follower() *theory.Follower {
	if s.ada == nil {
		return nil
	}
	return s.ada.Follower
}

// Period is the number of iterations between refreshes of an adaptive
// sampling, 0 for any other.
func (s *Solver) Period() int {
	if s.ada == nil {
		return 0
	}
	return s.ada.Follower.Period
}
