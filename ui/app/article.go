//go:build js && wasm

package app

import (
	"github.com/hexops/vecty"
	"github.com/hexops/vecty/elem"
	"github.com/hexops/vecty/prop"

	"imlab/ui/lab"
)

// article is the text under the lab that explains the paper: the problem,
// dfSDCA, the samplings, the ESO, θ, σ, the plots and tables and the rule
// of thumb, with formulas in MathML (native in browsers: no fonts, scripts
// or fetches). Section and equation numbers follow the arXiv LaTeX source.
func (p *Page) article() *vecty.HTML {
	// A named section is a landmark region, so screen readers list it.
	return elem.Section(vecty.Markup(prop.ID(lab.PanelArticle.ElementID()), vecty.Attribute("aria-label", "Article: the paper explained")),
		elem.Article(vecty.Markup(prop.ID("article"), vecty.Attribute("aria-labelledby", "article-title")),
			elem.Div(vecty.Markup(vecty.UnsafeHTML(articleHTML)))))
}

// arXiv's PDF carries hyperref's named destinations (section.N,
// subsection.N.M), which browsers' PDF viewers open at the section.
const articleHTML = `
<h2 id="article-title">What the lab computes, and why importance sampling for minibatches works</h2>
<p class="ref">After D. Csiba and P. Richtárik, <em>Importance Sampling for Minibatches</em>,
<a href="https://arxiv.org/abs/1602.02283">arXiv:1602.02283</a>; <a href="https://jmlr.org/papers/v19/16-241.html">JMLR 19(27), 2018</a>.
Section and equation numbers below are those of the arXiv version.</p>

<h3>The problem <a class="ref" href="https://arxiv.org/pdf/1602.02283#section.3">(§3, eq. 1)</a></h3>
<p>Given n examples x<sub>i</sub> ∈ ℝ<sup>d</sup> with labels y<sub>i</sub>, find the linear predictor w minimising</p>
<math display="block"><mi>P</mi><mo>(</mo><mi>w</mi><mo>)</mo><mo>=</mo><mfrac><mn>1</mn><mi>n</mi></mfrac><munderover><mo>∑</mo><mrow><mi>i</mi><mo>=</mo><mn>1</mn></mrow><mi>n</mi></munderover><msub><mi>φ</mi><mi>i</mi></msub><mo>(</mo><msubsup><mi>x</mi><mi>i</mi><mo>⊤</mo></msubsup><mi>w</mi><mo>)</mo><mo>+</mo><mfrac><mi>λ</mi><mn>2</mn></mfrac><msup><mrow><mo>‖</mo><mi>w</mi><mo>‖</mo></mrow><mn>2</mn></msup></math>
<p>where each loss φ<sub>i</sub> is convex and 1/γ-smooth. The paper's experiments, and the lab's default, use the logistic loss
φ<sub>i</sub>(z) = log(1 + e<sup>−y<sub>i</sub>z</sup>), for which γ = 4, and λ = max<sub>i</sub> ‖x<sub>i</sub>‖ / n (§7).</p>

<h3>dfSDCA <a class="ref" href="https://arxiv.org/pdf/1602.02283#section.4">(§4, Algorithm 1)</a></h3>
<p>dfSDCA keeps one dual-like variable α<sub>i</sub> per example (α = 0, w = 0 at the start). Each iteration draws a random set S of examples from a
<em>sampling</em> Ŝ, with p<sub>i</sub> = Prob(i ∈ Ŝ), and for every i ∈ S:</p>
<math display="block"><msub><mi>Δ</mi><mi>i</mi></msub><mo>=</mo><msubsup><mi>φ</mi><mi>i</mi><mo>′</mo></msubsup><mo>(</mo><msubsup><mi>x</mi><mi>i</mi><mo>⊤</mo></msubsup><mi>w</mi><mo>)</mo><mo>+</mo><msub><mi>α</mi><mi>i</mi></msub><mo>,</mo><mspace width="1em"/><msub><mi>α</mi><mi>i</mi></msub><mo>←</mo><msub><mi>α</mi><mi>i</mi></msub><mo>−</mo><mfrac><mi>θ</mi><msub><mi>p</mi><mi>i</mi></msub></mfrac><msub><mi>Δ</mi><mi>i</mi></msub><mo>,</mo><mspace width="1em"/><mi>w</mi><mo>←</mo><mi>w</mi><mo>−</mo><munder><mo>∑</mo><mrow><mi>i</mi><mo>∈</mo><mi>S</mi></mrow></munder><mfrac><mi>θ</mi><mrow><mi>n</mi><mi>λ</mi><msub><mi>p</mi><mi>i</mi></msub></mrow></mfrac><msub><mi>Δ</mi><mi>i</mi></msub><msub><mi>x</mi><mi>i</mi></msub></math>
<p>The shift α<sub>i</sub> converges to −φ′<sub>i</sub>(x<sub>i</sub><sup>⊤</sup>w*), so the noise of the stochastic step vanishes and a fixed step θ converges linearly.
The lab runs exactly this, with the τ updates of a minibatch all computed at the same w.</p>

<h3>The ESO and the step θ <a class="ref" href="https://arxiv.org/pdf/1602.02283#subsection.4.1">(§4.1, eqs. 2–4, Theorem 1)</a></h3>
<p>How large θ may be depends on the sampling through parameters v<sub>i</sub> of an <em>expected separable overapproximation</em> (ESO):</p>
<math display="block"><mi mathvariant="bold">E</mi><mrow><mo>[</mo><msup><mrow><mo>‖</mo><munder><mo>∑</mo><mrow><mi>i</mi><mo>∈</mo><mi>Ŝ</mi></mrow></munder><msub><mi>h</mi><mi>i</mi></msub><msub><mi>x</mi><mi>i</mi></msub><mo>‖</mo></mrow><mn>2</mn></msup><mo>]</mo></mrow><mo>≤</mo><munderover><mo>∑</mo><mrow><mi>i</mi><mo>=</mo><mn>1</mn></mrow><mi>n</mi></munderover><msub><mi>p</mi><mi>i</mi></msub><msub><mi>v</mi><mi>i</mi></msub><msubsup><mi>h</mi><mi>i</mi><mn>2</mn></msubsup><mspace width="1em"/><mtext>for all </mtext><mi>h</mi></math>
<p>Then dfSDCA converges as E[E<sup>(t)</sup>] ≤ e<sup>−θt</sup>E<sup>(0)</sup> with</p>
<math display="block"><mi>θ</mi><mo>=</mo><munder><mo>min</mo><mi>i</mi></munder><mfrac><mrow><msub><mi>p</mi><mi>i</mi></msub><mi>n</mi><mi>λ</mi><mi>γ</mi></mrow><mrow><msub><mi>v</mi><mi>i</mi></msub><mo>+</mo><mi>n</mi><mi>λ</mi><mi>γ</mi></mrow></mfrac><mo>,</mo><mspace width="1em"/><mfrac><mn>1</mn><mi>θ</mi></mfrac><mo>=</mo><munder><mo>max</mo><mi>i</mi></munder><mrow><mo>(</mo><mfrac><mn>1</mn><msub><mi>p</mi><mi>i</mi></msub></mfrac><mo>+</mo><mfrac><msub><mi>v</mi><mi>i</mi></msub><mrow><msub><mi>p</mi><mi>i</mi></msub><mi>n</mi><mi>λ</mi><mi>γ</mi></mrow></mfrac><mo>)</mo></mrow></math>
<p>1/θ is the number of iterations per factor e of progress: the ratio of two samplings' θ is their predicted speed-up.</p>

<h3>Serial sampling, importance sampling and σ <a class="ref" href="https://arxiv.org/pdf/1602.02283#subsection.5.1">(§5.1, eq. 5)</a></h3>
<p>With one example per step, v<sub>i</sub> = ‖x<sub>i</sub>‖². Uniform sampling (p<sub>i</sub> = 1/n) pays for the largest example; importance
sampling, p<sub>i</sub> ∝ nλγ + v<sub>i</sub>, pays for the average:</p>
<math display="block"><mfrac><mn>1</mn><msup><mi>θ</mi><mtext>(unif)</mtext></msup></mfrac><mo>=</mo><mi>n</mi><mo>+</mo><mfrac><mrow><msub><mo>max</mo><mi>i</mi></msub><msub><mi>v</mi><mi>i</mi></msub></mrow><mrow><mi>λ</mi><mi>γ</mi></mrow></mfrac><mo>,</mo><mspace width="1em"/><mfrac><mn>1</mn><msup><mi>θ</mi><mtext>(imp)</mtext></msup></mfrac><mo>=</mo><mi>n</mi><mo>+</mo><mfrac><mrow><msub><mo>∑</mo><mi>i</mi></msub><msub><mi>v</mi><mi>i</mi></msub></mrow><mrow><mi>n</mi><mi>λ</mi><mi>γ</mi></mrow></mfrac><mo>,</mo><mspace width="1em"/><mi>σ</mi><mo>=</mo><mfrac><mrow><msub><mo>max</mo><mi>i</mi></msub><msup><mrow><mo>‖</mo><msub><mi>x</mi><mi>i</mi></msub><mo>‖</mo></mrow><mn>2</mn></msup></mrow><mrow><mfrac><mn>1</mn><mi>n</mi></mfrac><msub><mo>∑</mo><mi>i</mi></msub><msup><mrow><mo>‖</mo><msub><mi>x</mi><mi>i</mi></msub><mo>‖</mo></mrow><mn>2</mn></msup></mrow></mfrac></math>
<p>σ is the speed-up when the data terms dominate n. With the paper's λ = max ‖x<sub>i</sub>‖/n they do not fully: for norms
with maximum M and mean m and the logistic loss the ratio is (1 + √M/4)/(1 + m/(4√M)) — 8.8 for the extreme data (M = 1000), though σ ≈ 980.</p>

<h3>Minibatches: τ-nice sampling <a class="ref" href="https://arxiv.org/pdf/1602.02283#subsection.5.2">(§5.2, eqs. 6–8)</a></h3>
<p>The usual minibatch picks τ examples uniformly at random: p<sub>i</sub> = τ/n. With J<sub>j</sub> the examples using feature j,</p>
<math display="block"><msubsup><mi>v</mi><mi>i</mi><mtext>(τ-nice)</mtext></msubsup><mo>=</mo><munderover><mo>∑</mo><mrow><mi>j</mi><mo>=</mo><mn>1</mn></mrow><mi>d</mi></munderover><mrow><mo>(</mo><mn>1</mn><mo>+</mo><mfrac><mrow><mo>(</mo><mo>|</mo><msub><mi>J</mi><mi>j</mi></msub><mo>|</mo><mo>−</mo><mn>1</mn><mo>)</mo><mo>(</mo><mi>τ</mi><mo>−</mo><mn>1</mn><mo>)</mo></mrow><mrow><mi>n</mi><mo>−</mo><mn>1</mn></mrow></mfrac><mo>)</mo></mrow><msubsup><mi>X</mi><mrow><mi>j</mi><mi>i</mi></mrow><mn>2</mn></msubsup><mo>,</mo><mspace width="1em"/><mfrac><mn>1</mn><msup><mi>θ</mi><mtext>(τ-nice)</mtext></msup></mfrac><mo>=</mo><mfrac><mi>n</mi><mi>τ</mi></mfrac><mo>+</mo><mfrac><mrow><msub><mo>max</mo><mi>i</mi></msub><msubsup><mi>v</mi><mi>i</mi><mtext>(τ-nice)</mtext></msubsup></mrow><mrow><mi>τ</mi><mi>λ</mi><mi>γ</mi></mrow></mfrac></math>
<p>On sparse data v<sub>i</sub> stays near ‖x<sub>i</sub>‖² and θ grows like τ; on dense data v<sub>i</sub> approaches τ‖x<sub>i</sub>‖² and minibatches help little.</p>

<h3>Bucket sampling and its ESO <a class="ref" href="https://arxiv.org/pdf/1602.02283#subsection.5.3">(§5.3–5.4, Definition 2, Theorem 3, eq. 9)</a></h3>
<p>Split the examples into τ buckets B<sub>1</sub>, …, B<sub>τ</sub> and draw exactly one example from each, example i ∈ B<sub>l</sub> with
probability p<sub>i</sub> (so Σ<sub>i∈B<sub>l</sub></sub> p<sub>i</sub> = 1). For any such p the ESO holds with</p>
<math display="block"><msub><mi>v</mi><mi>i</mi></msub><mo>=</mo><munderover><mo>∑</mo><mrow><mi>j</mi><mo>=</mo><mn>1</mn></mrow><mi>d</mi></munderover><mrow><mo>(</mo><mn>1</mn><mo>+</mo><mrow><mo>(</mo><mn>1</mn><mo>−</mo><mfrac><mn>1</mn><msubsup><mi>ω</mi><mi>j</mi><mo>′</mo></msubsup></mfrac><mo>)</mo></mrow><msub><mi>δ</mi><mi>j</mi></msub><mo>)</mo></mrow><msubsup><mi>X</mi><mrow><mi>j</mi><mi>i</mi></mrow><mn>2</mn></msubsup><mo>,</mo><mspace width="1em"/><msub><mi>δ</mi><mi>j</mi></msub><mo>=</mo><munder><mo>∑</mo><mrow><mi>k</mi><mo>∈</mo><msub><mi>J</mi><mi>j</mi></msub></mrow></munder><msub><mi>p</mi><mi>k</mi></msub></math>
<p>where ω′<sub>j</sub> counts the buckets that meet J<sub>j</sub>. One example per bucket is what makes this bound simple: the buckets are
independent serial samplings, and the minibatch always has exactly τ examples.</p>

<h3>τ-importance sampling and the safe step <a class="ref" href="https://arxiv.org/pdf/1602.02283#subsection.6.2">(§6.2, eq. 15)</a></h3>
<p>Inside each bucket, sample in proportion to nλγ + v<sub>i</sub><sup>(unif)</sup>, the ESO parameters of the uniform bucket sampling (eq. 10):</p>
<math display="block"><msubsup><mi>p</mi><mi>i</mi><mo>*</mo></msubsup><mo>=</mo><mfrac><mrow><mi>n</mi><mi>λ</mi><mi>γ</mi><mo>+</mo><msubsup><mi>v</mi><mi>i</mi><mtext>(unif)</mtext></msubsup></mrow><mrow><msub><mo>∑</mo><mrow><mi>k</mi><mo>∈</mo><msub><mi>B</mi><mi>l</mi></msub></mrow></msub><mrow><mo>(</mo><mi>n</mi><mi>λ</mi><mi>γ</mi><mo>+</mo><msubsup><mi>v</mi><mi>k</mi><mtext>(unif)</mtext></msubsup><mo>)</mo></mrow></mrow></mfrac><mo>,</mo><mspace width="1em"/><mi>i</mi><mo>∈</mo><msub><mi>B</mi><mi>l</mi></msub></math>
<p>These probabilities are not the uniform ones the v<sup>(unif)</sup> were computed for, so the step must use the ESO of the probabilities
actually used — s<sub>i</sub>, eq. 9 with δ<sub>j</sub> = Σ<sub>k∈J<sub>j</sub></sub> p*<sub>k</sub> — in θ = min<sub>i</sub> p*<sub>i</sub>nλγ/(s<sub>i</sub> + nλγ).
The lab does exactly that; using v<sup>(unif)</sup> instead can overstate θ and make dfSDCA diverge. Then the maximum over all examples in
1/θ becomes, roughly, a maximum over bucket averages.</p>

<h3>What the plots and tables show <a class="ref" href="https://arxiv.org/pdf/1602.02283#section.7">(§7, Tables 2, 3, 5)</a></h3>
<p>Each curve is one dfSDCA run at its theoretical step size. The horizontal axis is iterations / n, the effective passes through the data
divided by τ: a model of time when the τ updates of a minibatch run in parallel. The vertical axis is the primal gap P(w) − P*.
The <em>theoretical ratio</em> is θ<sup>(τ-imp)</sup>/θ<sup>(τ-nice)</sup>; the <em>empirical ratio</em> is the horizontal position at which
τ-nice first reaches ε over the one at which τ-importance does. Where the data is one of the paper's, or a scaled-down preset of one
of its laws, the ratio table prints the paper's theoretical : empirical value beside ours. The <em>speedup map</em> extends the
tables to every τ from 1 to 64 and to continuous families of norm laws — something the paper does not draw.</p>

<h3>The rule of thumb <a class="ref" href="https://arxiv.org/pdf/1602.02283#subsection.7.3">(§7.3)</a></h3>
<p><em>“If one has data with large σ, practical speedup from using importance minibatch sampling will likely be dramatic.”</em>
Denser data gains more, since τ-nice's v<sub>i</sub> then grow fastest with τ. Data with nearly equal norms gains little (lesson 5).</p>
`
