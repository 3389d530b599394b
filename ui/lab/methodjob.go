package lab

import (
	"fmt"
	"io"

	"imlab/core/dfsdca"
	"imlab/core/experiment"
	"imlab/core/method"
	"imlab/core/method/catalog"
	"imlab/core/problem"
	"imlab/core/theory"
)

// methodJob is a JobRun of a method other than dfSDCA: the catalog's
// solver driven by a method.Run. Its points carry passes through the data
// in the trace's x field (dfsdca.Point.IterPerN), as `imlab run -method M`
// prints them in its first column: each method on its own axis as the
// command line has it, the same bits; XOf and PassesOf read it. Its
// iterations go in Point.Iter, for the full gradients of L-SVRG.
type methodJob struct {
	run    *method.Run
	budget float64 // passes
	sent   int
}

// newMethodJobRun plans spec on its problem pr and builds its method's
// solver, as `imlab run -method M` builds it for the same settings.
func newMethodJobRun(pr *problem.Problem, spec JobSpec) (*JobRun, error) {
	pl, err := theory.NewPlan(pr, theory.Spec{Sampling: spec.Sampling, Tau: spec.Tau, Partition: spec.Partition, Seed: spec.Seed})
	if err != nil {
		return nil, err
	}
	s, err := catalog.New(spec.Method, pr, pl, catalog.OptionsOf(spec.Method, spec.Seed))
	if err != nil {
		return nil, err
	}
	if c, ok := s.(io.Closer); ok { // only dfSDCA with workers holds goroutines, and it does not come here
		c.Close()
		return nil, fmt.Errorf("lab: method %s holds goroutines", spec.Method)
	}
	stop := catalog.StopOf(spec.Method, spec.Tau, spec.Eps, spec.PStar)
	return &JobRun{spec: spec, m: &methodJob{run: method.NewRun(s, stop), budget: stop.MaxPasses}, plan: jobPlanOf(pl)}, nil
}

// advance is JobRun.Advance for a method other than dfSDCA.
func (j *methodJob) advance(index, iters int) Update {
	done, err := j.run.Advance(iters)
	u := Update{Job: index, Done: done}
	tr := j.run.Trace()
	for _, pt := range tr[j.sent:] {
		u.Points = append(u.Points, dfsdca.Point{IterPerN: pt.Passes, Iter: pt.Iter, Primal: pt.Primal, Gap: pt.Gap, Seconds: pt.Seconds})
	}
	j.sent = len(tr)
	switch {
	case err != nil:
		u.Err = err.Error()
	case done:
		if _, ok := j.run.Reached(); !ok {
			u.Err = fmt.Errorf("%w (%g passes)", experiment.ErrNoReach, j.budget).Error()
		}
	}
	return u
}

// PassesOf is the passes through the data of a trace point of a job of
// method m at minibatch size τ: the point's x (IterPerN), times τ for
// dfSDCA, whose x is iterations/n.
func PassesOf(m catalog.Name, pt dfsdca.Point, tau int) float64 {
	if m == catalog.DFSDCA {
		return float64(tau) * pt.IterPerN
	}
	return pt.IterPerN
}

// XLabel is the label of the x axis of the traces of method m, and of the
// first column of its CSV: the command line's.
func XLabel(m catalog.Name) string {
	if m == catalog.DFSDCA {
		return "iter_per_n"
	}
	return "passes"
}
