package prose

import (
	"html"
	"math"
	"strconv"
	"strings"

	"imlab/core/experiment"
	"imlab/core/table"

	"imlab/ui/lab"
)

// The article under the lab quotes the run on screen: its text (index.html's
// template "article-html") holds empty placeholders,
// <span data-live="KEY"></span>, that ArticleNumbers fills with the numbers
// the Data card and the ratio table show, formatted as they format them, so
// that the text and the figures beside it never disagree.

// Live is the key of one live number of the article: the value of a
// placeholder's data-live attribute.
type Live string

// The article's live numbers.
const (
	LiveN        Live = "n"       // examples, as the Data card
	LiveD        Live = "d"       // features, as the Data card
	LiveDensity  Live = "density" // density in %, as the Data card
	LiveSigma    Live = "sigma"   // σ, as the Data card
	LiveLambda   Live = "lambda"  // λ of the run (the paper's default before one)
	LiveSerial   Live = "serial"  // predicted serial speed-up of importance over uniform sampling (§5.1)
	LiveTaus     Live = "taus"    // the run's τ, listed
	LiveTau      Live = "tau"     // the τ the rest quote: the largest of the run
	LiveNice     Live = "theta-nice"
	LiveImp      Live = "theta-imp"
	LiveNiceIter Live = "iters-nice" // 1/θ of τ-nice: iterations per factor e
	LiveImpIter  Live = "iters-imp"  // 1/θ of τ-importance
	LiveTheory   Live = "ratio-theory"
	LiveEmpiric  Live = "ratio-empirical"
	LiveRange    Live = "ratio-range" // smallest and largest theoretical ratio over the run's τ
)

// ArticleNumbers is the text of every live number of the article for one
// snapshot; "–" where the snapshot has none yet (no data, no run). It is
// comparable, so that the article re-renders only when one changes.
type ArticleNumbers struct {
	text [len(liveOrder)]string
}

// liveOrder is every live number; it sizes ArticleNumbers (an array, so
// that the type stays comparable).
var liveOrder = [...]Live{LiveN, LiveD, LiveDensity, LiveSigma, LiveLambda, LiveSerial, LiveTaus, LiveTau,
	LiveNice, LiveImp, LiveNiceIter, LiveImpIter, LiveTheory, LiveEmpiric, LiveRange}

// NewArticleNumbers returns the live numbers of s: the data's as the Data
// card shows them, the largest τ's row as the ratio table shows it.
func NewArticleNumbers(s *lab.Snapshot) ArticleNumbers {
	var a ArticleNumbers
	for k := range a.text {
		a.text[k] = "–"
	}
	if d := s.Data; d != nil {
		st := d.Stats
		a.set(LiveN, strconv.Itoa(st.N))
		a.set(LiveD, strconv.Itoa(st.D))
		a.set(LiveDensity, table.Sig(100*st.Density, 3)+" %")
		a.set(LiveSigma, table.Sig(st.Sigma, 3))
		lambda := s.Lambda
		if math.IsNaN(lambda) || lambda <= 0 {
			lambda = d.DefaultLambda
		}
		a.set(LiveLambda, table.Sig(lambda, 3))
		a.set(LiveSerial, table.Sig(serialSpeedup(st.N, st.MaxNorm*st.MaxNorm, st.Sigma, lambda, s.Settings.Loss.Loss().Gamma()), 2))
	}
	if len(s.Rows) == 0 {
		return a
	}
	taus := make([]string, len(s.Rows))
	lo, hi := math.Inf(1), math.Inf(-1)
	last := s.Rows[0]
	for k, r := range s.Rows {
		taus[k] = strconv.Itoa(r.Tau)
		if r.Tau >= last.Tau {
			last = r
		}
		if !math.IsNaN(r.Theory) {
			lo, hi = min(lo, r.Theory), max(hi, r.Theory)
		}
	}
	a.set(LiveTaus, strings.Join(taus, ", "))
	a.quote(s, last)
	if lo <= hi {
		a.set(LiveRange, table.Sig(lo, 2)+"–"+table.Sig(hi, 2))
	}
	return a
}

// quote sets the numbers of row r: θ's as the table's tooltips give them
// (ExplainTheta), the ratios as its cells.
func (a *ArticleNumbers) quote(s *lab.Snapshot, r experiment.Row) {
	a.set(LiveTau, strconv.Itoa(r.Tau))
	a.set(LiveNice, table.Sig(r.ThetaNice, 3))
	a.set(LiveImp, table.Sig(r.ThetaImp, 3))
	a.set(LiveNiceIter, table.Sig(1/r.ThetaNice, 3))
	a.set(LiveImpIter, table.Sig(1/r.ThetaImp, 3))
	a.set(LiveTheory, table.Sig(r.Theory, 2))
	a.set(LiveEmpiric, s.EmpiricalText(r.Tau, r.Empirical, func(x float64) string { return table.Sig(x, 2) }))
}

// serialSpeedup is θ⁽ⁱᵐᵖ⁾/θ⁽ᵘⁿⁱᶠ⁾ of serial sampling (the paper's §5.1):
// (n + max‖xᵢ‖²/(λγ)) / (n + mean‖xᵢ‖²/(λγ)), the mean being maxSq/σ.
func serialSpeedup(n int, maxSq, sigma, lambda, gamma float64) float64 {
	if n == 0 || !(sigma > 0) || !(lambda > 0) {
		return math.NaN()
	}
	lg := lambda * gamma
	return (float64(n) + maxSq/lg) / (float64(n) + maxSq/sigma/lg)
}

func (a *ArticleNumbers) set(k Live, text string) {
	for i, l := range liveOrder {
		if l == k {
			a.text[i] = text
			return
		}
	}
	panic("lab: unknown live number " + string(k)) // a programmer's error: every Live is in liveOrder
}

// Text is the live number k ("–" if unknown or not yet known).
func (a ArticleNumbers) Text(k Live) string {
	for i, l := range liveOrder {
		if l == k {
			return a.text[i]
		}
	}
	return "–"
}

// Changed calls f with each live number whose text differs from old's: the
// page updates those in place rather than lay the whole article out again.
func (a ArticleNumbers) Changed(old ArticleNumbers, f func(k Live, text string)) {
	for i, l := range liveOrder {
		if a.text[i] != old.text[i] {
			f(l, a.text[i])
		}
	}
}

// Fill returns markup with every placeholder <span data-live="KEY"></span>
// of a known key holding its number; other markup is left as it is.
func (a ArticleNumbers) Fill(markup string) string {
	pairs := make([]string, 0, 2*len(liveOrder))
	for i, l := range liveOrder {
		pairs = append(pairs, placeholder(l), `<span class="live" data-live="`+string(l)+`">`+html.EscapeString(a.text[i])+`</span>`)
	}
	return strings.NewReplacer(pairs...).Replace(markup)
}

// placeholder is the markup of k's empty placeholder in the article's text.
func placeholder(k Live) string { return `<span data-live="` + string(k) + `"></span>` }
