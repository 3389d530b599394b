package sdca

import "imlab/core/theory"

// refresh makes the sampling follow the residues (theory.Follower) before
// the iteration that starts a period, and reports false if a residue is
// not finite. SDCA's exact coordinate steps need no step size θ, only ESO
// parameters valid for the sampling in force: a refresh resets each
// curvature v_i/(λn) to the new sampling's (docs/adaptive.md), unless v is
// fixed (serial sampling).
func (s *Solver) refresh() bool {
	f := s.ada
	if !f.Refresh(s.w, s.alpha) {
		return false
	}
	if !f.FixedV() {
		ln := s.pr.Lambda * float64(s.pr.Data.N)
		for i, v := range f.V {
			s.curv[i] = v / (ln * s.scale)
		}
	}
	s.head = len(s.queue) // drop the examples drawn from the old sampling
	return true
}

// Follower is the follower of an adaptive run's sampling (its residues,
// probabilities and ESO parameters at the last refresh), nil for any other
// sampling. It must not be modified.
func (s *Solver) Follower() *theory.Follower { return s.ada }
