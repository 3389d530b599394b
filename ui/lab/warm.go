package lab

import (
	"time"

	"imlab/core/dataset"
	"imlab/core/sampling"
)

// A browser compiles a WebAssembly function first with a quick compiler,
// and again with its optimising one in background threads once the
// function is hot (V8's dynamic tiering). The functions a run's jobs use
// are hot only in the run, so the page's first run paid that compilation
// on the same cores as its workers (0.9–1.5 s of CPU per run on this
// machine, docs/workers.md, seventh session), and ran the quick code until
// it was done. So a worker that has answered the method's theory at load,
// with nothing else to do, warms up: it runs a little of every job the run
// will have (each sampling at each τ) and throws the runs away. The
// compiled code belongs to the module, which every worker and the page
// share, so one worker's warm-up serves them all.

// WarmSlice is how long a warm-up runs each (sampling, τ) of a run; a
// function is hot after a few milliseconds of it.
const WarmSlice = 4 * time.Millisecond

// WarmPasses is how many times warmUp plans and starts each job: a
// function is compiled again once it has run enough (its calls and loops),
// and one pass leaves a job's planning short of it.
const WarmPasses = 2

// warmUp runs, WarmPasses times, for each sampling and each τ of a MsgTheory request m, a
// JobRun of the job it describes for about WarmSlice, and throws it away:
// nothing it does reaches a trace or the page. Between runs it yields and
// stops as soon as busy reports other work waiting, or the worker is
// paused, stepping or stopped (it never parks: it is no job), so a Run
// clicked meanwhile waits at most one warm slice. It reports whether it
// ran every job.
func warmUp(ds *dataset.Dataset, m Message, pstar float64, ctl *Control, now func() time.Duration, busy func() bool) bool {
	slicer := NewSlicer(2 * WarmSlice) // fillSlice stops after half its target
	for range WarmPasses {
		for _, smp := range []sampling.Kind{sampling.Nice, sampling.Imp} {
			for _, tau := range m.Taus {
				if ctl.Yield != nil {
					ctl.Yield()
				}
				if !ctl.running() || busy() {
					return false
				}
				spec := m.Spec
				spec.Tau, spec.Sampling, spec.PStar = tau, smp, pstar
				run, err := NewJobRun(ds, spec)
				if err != nil {
					return false
				}
				fillSlice(run, slicer, now, false)
				run.Close()
			}
		}
	}
	return true
}
