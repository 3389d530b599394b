package lab

import (
	"cmp"
	"math"
	"slices"

	"imlab/core/dataset"
	"imlab/core/sampling"
	"imlab/ui/lab/worker"
)

// A pool's jobs differ several-fold in length (on the default preset
// τ-nice at τ = 32 runs longer than the six τ-importance jobs together),
// and a job cannot be split, so the order they go out in sets the run's
// tail: a long job started last runs alone while the other workers idle.
// The pool hands them out longest-predicted-first (LPT), with a cost
// predicted from the data's statistics alone (known at load: no pass over
// the data). The order changes no job's bits (each runs from its complete
// spec) and results are kept in the jobs' own order (JobSpec.Index).

// JobCost predicts the solver work of job spec, in example-updates up to a
// common factor, from statistics st of the data: dfSDCA's iterations to ε
// go as 1/θ (its step); an iteration costs τ examples of nnz/n non-zeros
// each, and the evaluations of P, one every EvalEvery = n/4 iterations
// (experiment.Config's default, which the page keeps), half a pass over
// the data each (a dot product per example, where an update also adds to
// w): per iteration (τ + 2)·nnz/n in all. θ is estimated as
// theory.NewPlan's without its pass over the data, from max‖xᵢ‖² and
// mean‖xᵢ‖² (st.MaxNorm, st.Sigma) and the ESO factor of a τ-subset on
// data of st.Density:
//
//	β(τ) = 1 + (τ−1)(ω−1)/(n−1), ω = density·n examples per feature
//	τ-nice:       θ ≈ τλγ / (β(τ)·max‖xᵢ‖² + nλγ)
//	τ-importance: θ ≈ τλγ / (β(τ)·mean‖xᵢ‖² + nλγ) / impIterFactor
//
// On dense data these are the plans' θ within a few per cent for τ-nice;
// for τ-importance the formula leaves out how unequal the random buckets
// are, and its runs take impIterFactor times the iterations it gives,
// measured on the default preset (bench/jobcost -page). For the compared
// methods' jobs it is a guess. An order needs no more.
func JobCost(spec worker.JobSpec, st dataset.Stats) float64 {
	n := float64(st.N)
	if n < 1 || spec.Tau < 1 {
		return 0
	}
	gamma := spec.Loss.Loss().Gamma()
	tau := float64(spec.Tau)
	omega := st.Density * n
	beta := 1 + (tau-1)*max(omega-1, 0)/max(n-1, 1)
	maxSq := st.MaxNorm * st.MaxNorm
	normSq, slower := maxSq, 1.0
	if spec.Sampling.Static() == sampling.Imp && st.Sigma > 0 && !math.IsNaN(st.Sigma) {
		normSq, slower = maxSq/st.Sigma, impIterFactor // mean‖xᵢ‖²
	}
	nlg := n * spec.Lambda * gamma
	theta := tau * spec.Lambda * gamma / (beta*normSq + nlg)
	if !(theta > 0) || math.IsInf(theta, 0) {
		return 0
	}
	return slower / theta * (tau + evalPerIter) * float64(st.NNZ) / n
}

// impIterFactor is how many more iterations τ-importance's runs take than
// 1/θ of JobCost's formula gives, relative to τ-nice's: 1.4–1.6 on the
// default preset at τ = 1…32 (bench/jobcost -page, sixth session).
const impIterFactor = 1.5

// evalPerIter is the work of the evaluations of P per iteration, in
// examples: one evaluation (half an update's work per example, n
// examples) every n/4 iterations.
const evalPerIter = 2

// longestFirst returns the indices of specs (their JobSpec.Index) ordered
// by decreasing cost, ties in run order.
func longestFirst(specs []worker.JobSpec, cost func(worker.JobSpec) float64) []int {
	order := make([]int, len(specs))
	costs := make([]float64, len(specs))
	for k, s := range specs {
		order[k], costs[k] = k, cost(s)
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(costs[b], costs[a]) })
	return order
}
