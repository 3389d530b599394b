package setup

import (
	"errors"
	"slices"

	"imlab/core/experiment"
	"imlab/core/loss"
	"imlab/core/method/catalog"
	"imlab/core/sampling"
	"imlab/core/synth"
)

// Settings is everything that determines a run; all of it lives in the URL
// hash (see fields) so that a link reproduces the run. An uploaded file
// cannot travel in a link: its name, size and fingerprint do, so that the
// page can ask for it again and check it.
type Settings struct {
	// The synthetic preset (synth.Config).
	Norms    synth.Norms // law of ‖x_i‖²
	Density  float64     // mean feature density ω' (the paper: 0.1 sparse, 0.8 dense)
	N, D     int         // examples, features
	DataSeed uint64      // seed of the generated data

	// LIBSVM file options, applied when a file is read.
	Bias          bool   // append a constant-1 feature, as the paper does for real data
	PositiveClass string // label read as +1 in a multi-class file; "" = automatic

	// The problem and the experiment.
	Loss   loss.Spec
	Lambda float64 // regulariser; 0 = the paper's max_i ‖x_i‖ / n
	Eps    float64 // target gap ε
	// MaxPasses is each run's budget in passes/τ (iterations/n for
	// dfSDCA), as the CLI's -max-passes: experiment.Config.MaxPassesPerTau.
	MaxPasses float64
	Taus      []int          // minibatch sizes
	Partition sampling.Rule  // bucket partition rule
	Seed      uint64         // seeds partitions and samplers
	Method    catalog.Name   // the method every job runs (methodField)
	Compare   []catalog.Name // more methods run beside it, on the same plots (compareField)

	// Importance is the sampling of the τ-importance side: sampling.Imp,
	// the paper's, or sampling.AdaptiveImp (importanceField).
	Importance sampling.Kind

	// The file the data was read from; zero for preset data.
	File FileRef
	// Data names the gallery set the data was read from (gallery.go);
	// "" for preset data or a file of the user's.
	Data string
}

// The default preset: heterogeneous norms (χ²₁, σ ≈ 8 with the bias) on
// dense data, so importance sampling's advantage shows at every τ, at the
// smallest size that keeps the shapes of the paper's dense χ²₁ row (the
// ratio growing with τ, theory above measurement): n = 3,000 gives 1.8 … 5.1
// in theory and 1.2 … 4.2 measured for τ = 1 … 32, where n = 10,000 gives
// 1.8 … 6.6 and 1.4 … 5.5, at a seventh of the work (λ = max ‖xᵢ‖/n grows as
// n shrinks, so each run also needs fewer passes), so that the twelve runs
// to ε = 1e−10 finish in about two seconds on two cores.
const (
	defaultDensity = 0.8
	defaultN       = 3000
	defaultD       = 100
)

// DefaultNorms is the default preset's law (see defaultDensity).
var DefaultNorms = synth.Norms{Paper: synth.ChiSq1Law}

// Preset densities offered by the UI (the paper's sparse and dense data).
const (
	SparseDensity = 0.1
	DenseDensity  = 0.8
)

// Limits that keep a request within a browser tab's means.
const (
	maxTaus = 12
	maxTau  = 4096
	// maxPassBudget bounds the pass budget (Settings.MaxPasses): 10⁶
	// passes/τ, a thousand times the methods' default, beyond which a run
	// in a tab would take days.
	maxPassBudget = 1e6
)

// ErrSettings reports an invalid setting; the message names it.
var ErrSettings = errors.New("invalid setting")

// DefaultSettings is what the page opens with.
func DefaultSettings() Settings {
	return Settings{
		Norms: DefaultNorms, Density: defaultDensity, N: defaultN, D: defaultD, DataSeed: 1,
		Bias: true, Loss: loss.Spec{Kind: loss.LogisticKind}, Eps: catalog.DefaultsOf(DefaultMethod).Eps,
		MaxPasses: catalog.DefaultsOf(DefaultMethod).MaxPasses, Taus: slices.Clone(experiment.PaperTaus),
		Partition: sampling.RandomRule, Seed: 1, Method: DefaultMethod, Importance: sampling.Imp,
	}
}

// Synth returns the preset's generator configuration.
func (s Settings) Synth() synth.Config {
	return synth.Config{N: s.N, D: s.D, Density: s.Density, Norms: s.Norms, Seed: s.DataSeed, Budget: Budget}
}

// Validate checks every field against its limits, in the order of the
// schema, and returns a *FieldError naming the first bad one by its label.
func (s Settings) Validate() error {
	for _, f := range fields {
		if f.check == nil {
			continue
		}
		if err := f.check(s); err != nil {
			return FieldErrorf(f.Key, "%v", err)
		}
	}
	return s.checkSize()
}

// ParseTaus reads a τ list such as "1, 2, 4 8": numbers separated by commas
// or spaces, returned sorted and without duplicates.
func ParseTaus(text string) ([]int, error) {
	taus, err := experiment.ParseTaus(text, maxTau)
	if err != nil {
		return nil, FieldErrorf(FieldTaus, "%v", err)
	}
	return taus, nil
}

// FormatTaus writes a τ list as ParseTaus reads it ("1,2,4").
func FormatTaus(taus []int) string { return experiment.FormatTaus(taus) }

// SameData reports whether a and b generate the same preset data.
func SameData(a, b Settings) bool { return a.Synth() == b.Synth() }
