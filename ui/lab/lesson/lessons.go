package lesson

import (
	"strconv"

	"imlab/core/sampling"
)

// Lesson is one guided experiment: a link (hash lesson=K) loads its
// settings; the page shows its text, what to watch, and a question whose
// answer opens on click.
type Lesson struct {
	Title    string
	Settings string // a settings hash, as lab.ParseHash reads it, on the defaults
	Text     string
	Watch    string
	Question string
	Answer   string
	NeedFile string // a LIBSVM file the lesson needs, and how to get it ("" = none)

	// The lesson plan (docs/teaching.md lists them): what the lesson
	// teaches, how long it takes in class, and what a student should be
	// able to explain afterwards; a line each.
	Teaches string
	Minutes int
	Explain string
	// Predict is what the lesson asks students to predict before its run
	// (nil = nothing); the teacher panel can switch predictions off.
	Predict *Prediction
}

// Lessons are the page's lessons, in teaching order (lesson=1 is the first).
var Lessons = []Lesson{
	{
		Title:    "Heterogeneity and σ",
		Settings: "norms=chisq1&density=0.8&n=10000&d=100&taus=1,4,16",
		Text: "Every example xᵢ has a size ‖xᵢ‖². Importance sampling pays when these sizes are unequal. " +
			"The paper measures the inequality by σ = max ‖xᵢ‖² / mean ‖xᵢ‖², the speed-up serial importance sampling " +
			"would give if the data term dominated the step size. Here the squared norms follow a χ² law with one degree of freedom: " +
			"most examples are small, a few are large.",
		Watch: "The histogram of ‖xᵢ‖² and σ in the Data card. Change the law of ‖xᵢ‖² (Data panel), press Generate data, and compare σ: " +
			"uniform, χ²₁₀₀, χ²₁₀, χ²₁, extreme.",
		Question: "Which law has the largest σ, and what decides it?",
		Answer: "The extreme law: all norms are 1 except one of 1000, so σ = 1000 / mean ≈ 1000 / (1 + 999/n), 980 at the paper's n = 50,000 " +
			"(its Table 1 prints 980.4). A single example sets the maximum, so σ can be huge while almost all the data is uniform.",
		Teaches: "How unequal example sizes are measured: σ = max ‖xᵢ‖² / mean ‖xᵢ‖².",
		Minutes: 10,
		Explain: "Why a single large example can make σ huge although almost all the data is uniform.",
	},
	{
		Title:    "Serial importance sampling at τ = 1",
		Settings: "norms=extreme&density=0.8&n=10000&d=100&taus=1",
		Text: "With one example per step (τ = 1), uniform sampling must use a step θ small enough for the largest example, " +
			"1/θ = n + max ‖xᵢ‖²/(λγ), while importance sampling, pᵢ ∝ nλγ + ‖xᵢ‖², gets the average instead: " +
			"1/θ = n + mean ‖xᵢ‖²/(λγ). On the extreme data the theory predicts 8.8× fewer iterations.",
		Watch:    "Press Run. The theoretical ratio reads 8.8 before the runs finish; the empirical one arrives when both curves reach ε.",
		Question: "σ is about 980 here. Why is the predicted speed-up only 8.8?",
		Answer: "Because λ = max ‖xᵢ‖ / n is tied to the data: with w = 1000, max ‖xᵢ‖²/(λγ) = n√w/4, so the ratio is " +
			"(1 + √w/4) / (1 + mean/(4√w)) ≈ 8.8. σ is the speed-up only when the data term dwarfs n, i.e. for a much smaller λ.",
		Teaches: "Why importance sampling, pᵢ ∝ nλγ + ‖xᵢ‖², allows a larger step than uniform sampling at τ = 1.",
		Minutes: 15,
		Explain: "Why the speed-up is far below σ when λ is tied to the data (λ = max ‖xᵢ‖ / n).",
		Predict: &Prediction{Tau: 1, Question: "Before you run: how many times fewer iterations will importance sampling need than uniform sampling at τ = 1?",
			Differ: "The theory compares the guaranteed rates, set by the steps θ; the runs count the iterations actually needed to reach ε. Uniform sampling rarely meets the heavy example, so it can progress faster than its worst-case θ promises, and the measured speed-up differs from the theoretical one."},
	},
	{
		Title:    "Minibatches with τ-nice sampling",
		Settings: "norms=chisq10&density=0.1&n=10000&d=100&taus=1,4,16,64",
		Text: "A τ-nice sampling picks τ examples uniformly, pᵢ = τ/n. Its ESO parameters vᵢ = Σⱼ (1 + (|Jⱼ|−1)(τ−1)/(n−1)) Xⱼᵢ² " +
			"grow with τ only through features shared by many examples: with a fraction ω' of the examples using each feature, " +
			"vᵢ ≈ (1 + ω'(τ−1)) ‖xᵢ‖², so θ grows like τ / (1 + ω'(τ−1)). On this sparse data (ω' = 0.1) a minibatch of τ ≤ 1/ω' = 10 " +
			"is almost τ times as good as one example; beyond that the gain flattens towards 1/ω'.",
		Watch: "The θ τ-nice column of the ratio table (hover a value for its formula): from τ = 1 to 4 it grows about 3.3×, to 16 about 7×, " +
			"to 64 only 10×. In the τ-nice plot, whose horizontal axis is iterations / n = passes ÷ τ, the curves for small τ nearly coincide.",
		Question: "Switch the density to dense (0.8) and run again. Why do minibatches now barely help τ-nice?",
		Answer: "Dense features are in almost every example, |Jⱼ| ≈ 0.8 n, so vᵢ ≈ (1 + 0.8(τ−1))‖xᵢ‖² ≈ 0.8 τ‖xᵢ‖²: θ then hardly grows with τ, " +
			"and τ examples per step buy little more than one. That is where τ-importance sampling gains most.",
		Teaches: "How τ-nice minibatches help on sparse data, and why the gain flattens towards 1/ω'.",
		Minutes: 15,
		Explain: "Why minibatches barely help τ-nice sampling on dense data.",
		Predict: &Prediction{Tau: 16, Question: "Before you run: how many times fewer iterations will τ-importance need than τ-nice at τ = 16?",
			Differ: "The theory compares the safe steps θ of the two samplings, both bounded through the ESO parameters vᵢ; the runs count iterations to ε, and both samplings can progress faster than their bounds, by different amounts."},
	},
	{
		Title:    "Buckets and τ-importance sampling",
		Settings: "norms=extreme&density=0.8&n=3000&d=100&taus=1,2,4,8,16",
		Text: "τ-importance sampling splits the examples into τ buckets and draws exactly one example from each, " +
			"with pᵢ ∝ nλγ + vᵢ inside its bucket. Each bucket is a small serial importance sampling, so the maximum in 1/θ " +
			"becomes a maximum over bucket averages. The heavy example is drawn far more often than any other in its bucket.",
		Watch:    "The sampling view: press Step a few times (slow speed) and see one example light up per bucket, the heavy one nearly always. Then the ratio table: the gain grows with τ.",
		Question: "Why exactly one example per bucket, and what does the safe θ guard against?",
		Answer: "One per bucket keeps the minibatch size fixed at τ and makes the ESO computable (Theorem 3: vᵢ = Σⱼ (1 + (1 − 1/ω'ⱼ)δⱼ) Xⱼᵢ²). " +
			"The probabilities used are not uniform, so δⱼ = Σ_{k∈Jⱼ} pₖ grows where heavy examples share features; the step must use these vᵢ, " +
			"not the uniform bucket ones, or θ can be too large and dfSDCA diverges.",
		Teaches: "How τ-importance sampling draws one example per bucket, and why its ESO parameters differ from the uniform ones.",
		Minutes: 20,
		Explain: "Why the minibatch has exactly τ examples, and what the safe θ guards against.",
		Predict: &Prediction{Tau: 8, Question: "Before you run: what speed-up will τ-importance give over τ-nice at τ = 8?",
			Differ: "The theory compares worst-case steps: τ-nice must use a step safe for the heavy example, τ-importance one safe for its bucket's average. The runs measure iterations to ε, which depend on how often the heavy example is drawn, not only on the worst case, so the measured speed-up moves away from the theoretical one."},
	},
	{
		Title:    "When it does not pay: uniform norms",
		Settings: "norms=uniform&density=0.1&n=10000&d=100&taus=1,2,4",
		Text:     "If all examples are about the same size there is little to gain by preferring some: the maximum and the average of ‖xᵢ‖² are close.",
		Watch: "The ratio table: the theory predicts 1.15–1.24 and the runs measure 0.97–1.15, as in the paper's first row (1.2 : 1.0–1.1). " +
			"With so little to gain, the luck of each run's minibatches can outweigh the sampling: a measured ratio just below 1 at one τ is no error.",
		Question: "The norms are uniform on [0, 2]. Why is the ratio still a little above 1?",
		Answer:   "Uniform on [0, 2] is not constant: the maximum is 2 and the mean 1 (σ = 2), so the average still beats the maximum somewhat — about 1.2 with the paper's λ.",
		Teaches:  "That importance sampling gains little when the example sizes are nearly equal.",
		Minutes:  10,
		Explain:  "Why the ratio stays a little above 1 for norms uniform on [0, 2].",
		Predict: &Prediction{Tau: 4, Question: "Before you run: will importance sampling help here? Predict its speed-up at τ = 4.",
			Differ: "With nearly equal norms both samplings use almost the same step, so theory and measurement both stay near 1; what difference remains comes from the random minibatches of each run."},
	},
	{
		Title:    "Real data as in the paper: w8a",
		Settings: "data=w8a&bias=true&taus=1,2,4,8,16,32",
		Text: "The paper's real-data table compares theory and measurement on LIBSVM sets, with a constant-1 bias feature appended. " +
			"w8a (49,749 × 301 with the bias) has σ = 9.09 and a predicted speed-up of about 3. The lesson loads it from the lab's data gallery.",
		Watch:    "Once w8a is loaded, press Run: the ratio table shows the paper's theoretical : empirical values (marked 'paper') beside ours.",
		Question: "σ is 9.09, the predicted speed-up about 3. What keeps it below σ?",
		Answer:   "As in lesson 2, λ = max ‖xᵢ‖/n makes the n term comparable to the data term, and for τ > 1 the ESO parameters of both samplings grow with τ.",
		Teaches:  "How the paper's theory compares with measurement on real data (w8a, its Table 5).",
		Minutes:  20,
		Explain:  "Why the predicted speed-up on w8a (about 3) is well below σ = 9.09, and why the measured one is lower still.",
		Predict: &Prediction{Tau: 8, Question: "Before you run: what speed-up will τ-importance give over τ-nice on w8a at τ = 8?",
			Differ: "The paper too measured less than its theory on w8a (Table 5: 2.8 predicted, 2.0 measured at τ = 1). The theory compares the guaranteed rates; on w8a both samplings converge faster than guaranteed, τ-nice relatively more, so the measured speed-up is below the theoretical one."},
	},
	{
		Title:    "Your own data",
		Settings: "bias=true&taus=1,4,16",
		Text:     "Any LIBSVM file works: choose or drop it on the page. The lab computes σ, both step sizes for every τ, and runs both samplings.",
		Watch:    "σ in the Data card, then the ratio table.",
		Question: "What is the paper's rule of thumb for your data?",
		Answer:   "If σ is large, the practical speed-up from importance minibatch sampling will likely be dramatic; if σ is near 1, expect little.",
		NeedFile: "Your own file, in LIBSVM format (label index:value …), plain, .gz or .bz2.",
		Teaches:  "How to apply the paper's rule of thumb (large σ: importance sampling pays) to a data set of one's own.",
		Minutes:  15,
		Explain:  "Whether importance minibatch sampling will pay on one's own data, from σ and the ratio table.",
	},
	{
		Title:    "Other methods: SAGA and exact SDCA steps",
		Settings: "norms=chisq1&density=0.8&n=4000&d=100&taus=1,4,16&eps=1e-6&method=saga",
		Text: "The paper says its sampling can drive any stochastic method. The Method selector keeps the sampling — its pᵢ and vᵢ — and " +
			"changes the solver: SAGA's safe step is η = 1/(6𝓛) with 𝓛 = maxᵢ vᵢ/(n pᵢ γ), a maximum that importance sampling lowers " +
			"just as it raises dfSDCA's θ. The curves are drawn against passes through the data, every gradient evaluation counted.",
		Watch: "The ratio table: SAGA's theoretical ratio (passes per factor e, τ-nice over τ-importance) beside the measured one. " +
			"Then the Best τ table under it: the predicted time against τ on 8 cores, and where the runs put τ*. " +
			"Then choose SDCA, exact coordinate steps, and run again.",
		Question: "Why does importance sampling help SAGA about as the theory says, but SDCA with exact steps much less?",
		Answer: "SAGA takes one step size for every example, set by the worst vᵢ/pᵢ; importance sampling evens those out. " +
			"SDCA's exact coordinate step already adapts to each example's curvature vᵢ/(λn), so there is little left for the sampling to " +
			"compensate: on w8a it needs about the same passes with either sampling (docs/methods.md).",
		Teaches: "That the sampling can drive other methods (SAGA, SDCA with exact steps), and when it helps them.",
		Minutes: 20,
		Explain: "Why importance sampling helps SAGA about as the theory says, but SDCA with exact steps much less.",
	},
	{
		Title:    "Beyond the paper: sampling where the work is",
		Settings: "norms=chisq1&density=0.8&n=10000&d=100&taus=1,8&imp=adaptive",
		Text: "τ-importance fixes its probabilities once, from the sizes ‖xᵢ‖². But the work left changes as the run goes: " +
			"example i's dual residue κᵢ = φ'ᵢ(xᵢᵀw) + αᵢ is zero once the model fits it, and most residues shrink long before the last few. " +
			"Adaptive τ-importance (the Importance sampling field; imp=adaptive in the link) keeps the same buckets and, every " +
			strconv.FormatFloat(sampling.DefaultAdaptive.Epochs, 'g', -1, 64) + " epochs, " +
			"moves each bucket's probabilities towards the examples whose residues are still large (pᵢ ∝ |κᵢ|√(vᵢ + nλγ), " +
			"mixed half and half with the static pᵢ), then resets the step θ for the new sampling.",
		Watch: "Press Run. The ratio table sets τ-nice against adaptive τ-importance: its theoretical ratio is the static one " +
			"(the run starts as τ-importance), the measured one is well above it, about 1.9 at τ = 1 and 5.5 at τ = 8. " +
			"Set Importance sampling back to τ-importance and run again: about 1.3 and 3.9. Then run adaptive at a slow speed and watch " +
			"the sampling view: the dots are the adaptive n·pᵢ, the faint dots the static ones, and the orange band under the buckets " +
			"shows each example's residue, ordered by ‖xᵢ‖², fading refresh by refresh as the run converges.",
		Question: "The adaptive run needs about 70% of the iterations of τ-importance. Where does the gain come from, and is it guaranteed?",
		Answer: "From not spending draws on examples that are already fitted: the largest examples are drawn most by τ-importance, so they are " +
			"fitted first, and after a few epochs their residues are small and the adaptive pᵢ give them less than τ-importance would, " +
			"while the examples still far from fitted get more. The guarantee is the static one: with the safe step the paper's rate " +
			"holds for each sampling in force, but the faster residue step that makes the gain is only measured (docs/adaptive.md).",
		Teaches: "That the examples needing work change during a run, and how a sampling can follow them (adaptive τ-importance, beyond the paper).",
		Minutes: 15,
		Explain: "Why following the residues saves iterations, and what of it is proved and what only measured.",
	},
}
