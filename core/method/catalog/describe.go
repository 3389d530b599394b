package catalog

import (
	"imlab/core/method"
	"imlab/core/table"
)

// Default is the method of a command, a link or a configuration that names
// none: the paper's Algorithm 1, so that what was written before there were
// other methods keeps its meaning.
const Default = DFSDCA

// Description is what sets a method apart from the others, for every caller
// that needs to know: a command line, the paper engine and the page read
// these fields instead of asking which method it is.
type Description struct {
	// Title is how a page names the method in its selector, tables and
	// plots.
	Title string
	// Summary says what the method does with a minibatch and which safe
	// step it takes.
	Summary string
	// Paper marks the paper's own method, whose theory is the paper's rate
	// θ (theory.Ratio's θ_nice, θ_imp), whose report is the paper's
	// (results.md, with the paper's discussion) and whose figures carry no
	// prefix.
	Paper bool
	// Axis is the axis of the method's traces, budgets and evaluation
	// grids: iterations/n for dfSDCA, as the paper plots it, and passes
	// through the data for the others, whose iterations may cost more than
	// τ evaluations (L-SVRG's full gradients).
	Axis method.Axis
	// Parallel reports whether the method shares a minibatch among
	// goroutines (Options.Workers).
	Parallel bool
	// StepSymbol is how the method's safe step is written: θ for a rate
	// (dfSDCA, and SDCA, whose steps themselves are exact), η for a step
	// size (the primal methods).
	StepSymbol string
}

// smoothness is the primal methods' expected smoothness, as their
// summaries write it.
const smoothness = "𝓛 = maxᵢ vᵢ/(n pᵢ γ), the expected smoothness of the minibatch gradient (1/n) Σ_{i∈S} ∇fᵢ/pᵢ"

// descriptions holds every method's Description, by name.
var descriptions = map[Name]Description{
	DFSDCA: {Title: "dfSDCA (the paper's)", Paper: true, Axis: method.Iterations, Parallel: true, StepSymbol: "θ",
		Summary: "dfSDCA, the paper's Algorithm 1: one dual-free step of size θ per example of the minibatch, θ = minᵢ pᵢnλγ/(vᵢ + nλγ)."},
	SDCA: {Title: "SDCA, exact coordinate steps", Axis: method.Passes, StepSymbol: "θ",
		Summary: "SDCA with exact dual coordinate steps (IProx-SDCA serially, Quartz with minibatches): each example's dual variable " +
			"maximises the ESO's separable model, curvature vᵢ/(λn); its rate is dfSDCA's θ, but the exact steps adapt to each ‖xᵢ‖², " +
			"so it gains little from importance sampling."},
	SAGA: {Title: "SAGA", Axis: method.Passes, StepSymbol: "η",
		Summary: "SAGA with arbitrary sampling: the minibatch gradient corrected by each example's stored derivative, step η = 1/(6𝓛) with " + smoothness + "."},
	LSVRG: {Title: "L-SVRG", Axis: method.Passes, StepSymbol: "η",
		Summary: "L-SVRG with arbitrary sampling: the minibatch gradient corrected at a reference point renewed with probability q = τ/n, " +
			"step η = 1/(6𝓛) with " + smoothness + "; its full gradients count n evaluations each."},
	SGD: {Title: "minibatch SGD, decreasing steps", Axis: method.Passes, StepSymbol: "η",
		Summary: "Minibatch SGD with arbitrary sampling: step η = 1/(2𝓛) with " + smoothness + ", then decreasing steps (2k + 1)/((k + 1)²λ); " +
			"it converges at rate O(1/k), so it runs to ε = " + table.Float(sgdEps) + " by default, and to no less than " +
			table.Float(SGDFloor) + " beside other methods."},
}

// Describe returns the description of method m (a primal method's, named
// m, for a name not in Names, which every caller has parsed before).
func Describe(m Name) Description {
	if d, ok := descriptions[m]; ok {
		return d
	}
	return Description{Title: string(m), Summary: string(m), Axis: method.Passes, StepSymbol: "η"}
}
