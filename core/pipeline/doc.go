// Package pipeline is the one path from data to results that the CLI, the
// report and the browser lab share:
//
//	data → problem → P* → sampling plans → experiment
//
// Pose turns a data set, a loss and λ into a problem (λ = 0 is the paper's
// maxᵢ‖xᵢ‖/n); Prepare solves it to P* with core/optimum, accepting exactly
// what optimum.Usable accepts; Prepared.Experiment plans the τ-nice and
// τ-importance runs of core/experiment against that P*.
//
// A caller that repeats one step many times — the paper's tables run
// thousands of jobs over a few data sets — prepares each data set once and
// calls Experiment for every job (see core/paper's Reproduce).
//
// How the browser lab calls it (ui/lab/worker's pstar, stepping p through worker.steps):
//
//	pr, err := pipeline.Pose(ds, l, lambda)
//	p, err := pipeline.NewPreparation(pr)  // p.Step() a pass at a time, yielding between
//	prep, err := p.Until(ctx)
//	exp, err := prep.Experiment(experiment.Config{Taus: …, Eps: …})
//
// then exp.Advance in slices, as before.
package pipeline
