package prose

import (
	"fmt"
	"math"

	"imlab/core/experiment"
	"imlab/core/loss"
	"imlab/core/paper"
	"imlab/core/sampling"
	"imlab/core/table"
	"imlab/ui/lab/worker"

	"imlab/ui/lab"
)

// Explanations of the numbers the page shows: what each is, its formula,
// and its value here. The page shows them on hover and keyboard focus.

// ExplainData returns the explanations of the data summary's numbers, by
// element id: data-n, data-d, data-nnz, data-density, data-sigma,
// data-lambda.
func ExplainData(d *worker.DataInfo) map[string]string {
	st := d.Stats
	return map[string]string{
		"data-n":   fmt.Sprintf("n, the number of examples xᵢ (columns of X): %d here. dfSDCA keeps one αᵢ per example.", st.N),
		"data-d":   fmt.Sprintf("d, the number of features (rows of X, the length of w): %d here.", st.D),
		"data-nnz": fmt.Sprintf("The stored non-zeros of X: %d here. One update of example i costs about twice its non-zeros.", st.NNZ),
		"data-density": fmt.Sprintf("Density = non-zeros / (n·d) = %d / (%d·%d) = %s. Denser data makes τ-nice's vᵢ grow faster with τ.",
			st.NNZ, st.N, st.D, table.Sig(st.Density, 3)),
		"data-sigma": fmt.Sprintf("σ = max ‖xᵢ‖² / mean ‖xᵢ‖² (the paper's eq. 5) = %s here: the speed-up of serial importance "+
			"sampling when the data term dominates. Large σ: importance sampling will likely pay (§7.3).", table.Sig(st.Sigma, 4)),
		"data-lambda": fmt.Sprintf("λ = max ‖xᵢ‖ / n (the paper's choice, §7) = %s / %d = %s: the regulariser in P(w).",
			table.Sig(st.MaxNorm, 4), st.N, table.Sig(d.DefaultLambda, 4)),
	}
}

// ExplainTheta explains θ of one sampling at τ for a problem with n
// examples, λ and the named loss.
func ExplainTheta(smp sampling.Kind, tau int, theta float64, n int, lambda float64, l loss.Spec) string {
	gamma := l.Loss().Gamma()
	what := "τ-nice: pᵢ = τ/n and vᵢ from eq. 6"
	if smp == sampling.Imp {
		what = "τ-importance: pᵢ ∝ nλγ + vᵢ⁽ᵘⁿⁱᶠ⁾ within each bucket (eq. 15), vᵢ the safe ESO of eq. 9 for these pᵢ"
	}
	return fmt.Sprintf("θ, the largest safe step of %s at τ = %d: θ = minᵢ pᵢnλγ / (vᵢ + nλγ) (eq. 3) with n = %d, λ = %s, γ = %s; "+
		"here θ = %s, so about 1/θ = %s iterations per factor e of progress.",
		what, tau, n, table.Sig(lambda, 4), table.Sig(gamma, 3), table.Sig(theta, 4), table.Sig(1/theta, 4))
}

// ExplainRatio explains the theoretical and empirical cells of a row.
func ExplainRatio(r experiment.Row) (theory, empirical string) {
	theory = fmt.Sprintf("Theoretical speed-up at τ = %d: θ(τ-importance) / θ(τ-nice) = %s / %s = %s.",
		r.Tau, table.Sig(r.ThetaImp, 4), table.Sig(r.ThetaNice, 4), table.Sig(r.Theory, 3))
	if math.IsNaN(r.Empirical) {
		empirical = fmt.Sprintf("Empirical speed-up at τ = %d: iterations/n τ-nice needs to reach ε over those τ-importance needs; "+
			"known once both runs reach ε.", r.Tau)
	} else {
		empirical = fmt.Sprintf("Empirical speed-up at τ = %d: iterations/n to reach ε, τ-nice %s over τ-importance %s = %s.",
			r.Tau, table.Sig(r.NiceX, 4), table.Sig(r.ImpX, 4), table.Sig(r.Empirical, 3))
	}
	return theory, empirical
}

// PaperMatch says which of the paper's table rows the snapshot's data
// mirrors, if any: a file by its size (w8a, ijcnn1.tr with the bias
// feature), a preset by its law and density.
func PaperMatch(s *lab.Snapshot) (paper.Match, bool) {
	if s.Data == nil {
		return paper.Match{}, false
	}
	if s.Data.Source == worker.SourceFile {
		return paper.MatchReal(s.Data.Stats)
	}
	st := s.Settings
	return paper.MatchPreset(st.Norms, st.Density, st.N, st.D)
}

// ExplainPaper explains the paper's cell at τ.
func ExplainPaper(m paper.Match, tau int) (text string, ok bool) {
	th, em, ok := m.Cell(tau)
	if !ok {
		return "", false
	}
	return fmt.Sprintf("The paper's theoretical : empirical ratio at τ = %d, %s : %s, from %s.",
		tau, table.Sig(th, 2), table.Sig(em, 2), m), true
}

// DataIntro is the Data panel's introduction: what a preset is, then what
// the data on screen (d; nil before any) is and what its σ means for the
// runs, so that the text follows the data a lesson or a link loaded rather
// than describe the default's.
func DataIntro(d *worker.DataInfo) string {
	intro := "A synthetic preset, like the paper's artificial data: each example is rescaled so that ‖xᵢ‖² follows the chosen law."
	if d == nil {
		return intro
	}
	on := "On screen: " + d.Name
	if d.Source != worker.SourcePreset {
		on += ", not a preset (Generate data makes the one below)"
	}
	sigma := d.Stats.Sigma
	var means string
	switch {
	case sigma >= 4:
		means = "heterogeneous norms, so importance sampling should pay at every τ"
	case sigma >= 1.5:
		means = "moderately unequal norms: expect a modest speed-up"
	default:
		means = "nearly equal norms: importance sampling has little to gain"
	}
	return intro + " " + on + ", with σ = " + table.Sig(sigma, 2) + ": " + means + "."
}
