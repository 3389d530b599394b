package prose

import (
	"fmt"
	"math"

	"imlab/core/method/catalog"
	"imlab/core/sampling"
	"imlab/core/table"
	"imlab/ui/lab/setup"

	"imlab/ui/lab"
)

// MethodHint is the form's hint under the method selector: what choosing a
// method changes.
const MethodHint = "Which solver every run uses. The sampling, its marginals pᵢ and ESO parameters vᵢ stay the same; " +
	"each method takes the step its theory allows for them, and the curves are drawn against passes through the data."

// CompareHint is the form's hint under the compare checkboxes.
const CompareHint = "Methods run after the selected one, with the same samplings and τ, and drawn on the same plots against passes " +
	"through the data, one colour per method. Few τ keep the plots legible."

// ExplainMethod says what method m does with a minibatch and which safe
// step it takes, for the selector and the ratio table's caption.
func ExplainMethod(m catalog.Name) string { return catalog.Describe(m).Summary }

// ExplainMethodRatio explains the theoretical and empirical cells of a
// method's row.
func ExplainMethodRatio(m catalog.Name, r lab.MethodRow) (theory, empirical string) {
	theory = fmt.Sprintf("Theoretical speed-up of %s at τ = %d: the passes per factor e its theory predicts with τ-nice over those with "+
		"τ-importance = %s (passes per e-fold = expected evaluations per iteration / (−n ln rate)).", setup.MethodName(m), r.Tau, table.Sig(r.Theory, 3))
	if math.IsNaN(r.Empirical) {
		empirical = fmt.Sprintf("Empirical speed-up at τ = %d: passes τ-nice needs to reach ε over those τ-importance needs; known once both runs reach ε.", r.Tau)
	} else {
		empirical = fmt.Sprintf("Empirical speed-up at τ = %d: passes to reach ε, τ-nice %s over τ-importance %s = %s.",
			r.Tau, table.Sig(r.NicePasses, 4), table.Sig(r.ImpPasses, 4), table.Sig(r.Empirical, 3))
	}
	return theory, empirical
}

// ExplainStep explains the safe step of method m for one sampling at τ.
func ExplainStep(m catalog.Name, smp sampling.Kind, tau int, step float64) string {
	what := "the rate θ of its exact steps (dfSDCA's step size)"
	if catalog.StepSymbol(m) == "η" {
		what = "its step size η from the expected smoothness 𝓛"
	}
	return fmt.Sprintf("%s with %s at τ = %d: %s, here %s.", setup.MethodName(m), smp.Label(), tau, what, table.Sig(step, 4))
}

// ExplainTauStar is the caption of the best-τ table of view v.
func ExplainTauStar(v *lab.MethodView) string {
	return fmt.Sprintf("Best minibatch size for %s under a simple parallel cost model (as imlab tau-star): an iteration on a minibatch of τ "+
		"examples on c = %d cores costs ⌈τ/c⌉ example updates plus a synchronisation cost of %s%s. Times to reach ε = %s, in sequential passes "+
		"(units of n example updates): predicted = time per e-fold × ln(gap₀/ε), from the method's rate; measured = the runs above in the same model. "+
		"★ marks τ*, the least time of each column.",
		setup.MethodName(v.Method), v.Cost.Cores, table.Float(v.Cost.Sync), lsvrgNote(v.Method), table.Float(v.Eps))
}

func lsvrgNote(m catalog.Name) string {
	if m != catalog.LSVRG {
		return ""
	}
	return "; a full gradient ⌈n/c⌉ + s (L-SVRG's reference refreshes, told apart in the measured runs by their iteration counts)"
}
