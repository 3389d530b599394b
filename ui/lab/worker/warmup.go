package worker

import (
	"time"

	"imlab/core/loss"
	"imlab/core/sampling"
	"imlab/ui/lab/setup"
)

// A worker warms the run's code up while the page is idle. WebAssembly
// starts in V8's baseline tier and moves a function to its optimising tier
// only once it has run for a while, compiling it on the renderer's other
// threads: without a warm-up that happens in the first seconds of the
// user's first run, on the cores the workers and the page's drawing need.
// The module's code is shared by every worker and the page, so one worker's
// warm-up serves them all (docs/workers.md, "Eleventh session").

// warmUpPerJob is how long a warm-up runs each job of the experiment, by
// default (Env.WarmUp): the default run's 12 jobs take about half a
// second of an idle core.
const warmUpPerJob = 40 * time.Millisecond

// pstarOf is a P* a worker has solved, with what it depends on besides the data.
type pstarOf struct {
	loss          loss.Spec
	lambda, pstar float64
}

// warmUp runs each job of the experiment that theory (a MsgTheory the
// worker has answered) asks about for env.WarmUp, or to its end, and
// throws the runs away: nothing is sent and no solver time is counted. It
// needs the experiment's P*, solved by this worker, and stops as soon as
// the page has sent anything (idle reports false) or commanded anything
// but running on. It calls env.OnWarm (if not nil) after each slice.
func warmUp(posed *posed, theory Message, solved pstarOf, env Env, ctl *Control, slicer *Slicer, idle func() bool) {
	if solved.loss != theory.Loss || solved.lambda != theory.Lambda || env.WarmUp <= 0 {
		return
	}
	// The page's default ε: small enough that a job runs for its whole
	// time, large enough for any P*.
	eps := setup.DefaultSettings().Eps
	pr, err := posed.problem(theory.Spec.Loss, theory.Spec.Lambda)
	if err != nil {
		return
	}
	for _, smp := range []sampling.Kind{sampling.Nice, sampling.Imp} {
		for _, tau := range theory.Taus {
			if !idle() || !ctl.runningOn() {
				return
			}
			spec := theory.Spec
			spec.Tau, spec.Sampling, spec.PStar, spec.Eps = tau, smp, solved.pstar, eps
			run, err := NewJobRun(pr, spec)
			if err != nil {
				return
			}
			for t0 := env.Now(); env.Now()-t0 < env.WarmUp; {
				u, _ := fillSlice(run, slicer, env.Now, false, nil)
				if env.OnWarm != nil {
					env.OnWarm()
				}
				if ctl.Yield != nil {
					ctl.Yield() // the page's messages arrive only while Go yields
				}
				if u.Done || !idle() || !ctl.runningOn() {
					break
				}
			}
			run.Close()
		}
	}
}
