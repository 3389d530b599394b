package lab

import (
	"errors"
	"fmt"
	"math"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"imlab/core/experiment"
	"imlab/core/loss"
	"imlab/core/synth"
	"imlab/core/table"
)

// Settings is everything that determines a run; all of it lives in the URL
// hash so that a link reproduces the run. An uploaded file cannot travel in
// a link: its options (Bias, PositiveClass) are kept, its data is not.
type Settings struct {
	// The synthetic preset (synth.Config).
	Norms    string  // law of ‖x_i‖², one of synth.Laws
	Density  float64 // mean feature density ω' (the paper: 0.1 sparse, 0.8 dense)
	N, D     int     // examples, features
	DataSeed uint64  // seed of the generated data

	// LIBSVM file options, applied when a file is read.
	Bias          bool   // append a constant-1 feature, as the paper does for real data
	PositiveClass string // label read as +1 in a multi-class file; "" = automatic

	// The problem and the experiment.
	Loss      string  // loss.Parse name: "logistic", "square", "smoothhinge[:μ]"
	Lambda    float64 // regulariser; 0 = the paper's max_i ‖x_i‖ / n
	Eps       float64 // target gap ε
	Taus      []int   // minibatch sizes
	Partition string  // bucket partition: "random" or "balanced"
	Seed      uint64  // seeds partitions and samplers
}

// The default preset: heterogeneous norms (χ²₁, σ ≈ 10–20) on dense data, so
// importance sampling's advantage shows at every τ, at a size whose twelve
// runs to ε = 1e−10 finish in seconds in a browser.
const (
	DefaultNorms   = "chisq1"
	DefaultDensity = 0.8
	DefaultN       = 10000
	DefaultD       = 100
)

// Preset densities offered by the UI (the paper's sparse and dense data).
const (
	SparseDensity = 0.1
	DenseDensity  = 0.8
)

// Limits that keep a request within a browser tab's means.
const (
	MaxTaus = 12
	MaxTau  = 4096
)

// ErrSettings reports an invalid setting; the message names it.
var ErrSettings = errors.New("invalid setting")

// DefaultSettings is what the page opens with.
func DefaultSettings() Settings {
	return Settings{
		Norms: DefaultNorms, Density: DefaultDensity, N: DefaultN, D: DefaultD, DataSeed: 1,
		Bias: true, Loss: "logistic", Eps: 1e-10, Taus: slices.Clone(experiment.PaperTaus),
		Partition: "random", Seed: 1,
	}
}

// Synth returns the preset's generator configuration.
func (s Settings) Synth() synth.Config {
	return synth.Config{N: s.N, D: s.D, Density: s.Density, Norms: s.Norms, Seed: s.DataSeed}
}

// Validate checks every field and names the first bad one.
func (s Settings) Validate() error {
	bad := func(field, format string, args ...any) error {
		return fmt.Errorf("%w: %s: %s", ErrSettings, field, fmt.Sprintf(format, args...))
	}
	switch {
	case !synth.ValidNorms(s.Norms):
		return bad("norms", "%q is not one of %s, chisq:k or extreme:w", s.Norms, strings.Join(synth.Laws, ", "))
	case !(s.Density > 0 && s.Density <= 1):
		return bad("density", "%v is not in (0, 1]", s.Density)
	case s.N < 2:
		return bad("n", "%d examples, need at least 2", s.N)
	case s.D < 1:
		return bad("d", "%d features, need at least 1", s.D)
	case float64(s.N)*float64(s.D)*s.Density > synth.MaxNNZ:
		return bad("n·d·density", "%.3g non-zeros exceed the limit %d", float64(s.N)*float64(s.D)*s.Density, synth.MaxNNZ)
	case !(s.Lambda >= 0) || math.IsInf(s.Lambda, 0):
		return bad("λ", "%v is not a positive number (0 = default)", s.Lambda)
	case !(s.Eps > 0) || math.IsInf(s.Eps, 0):
		return bad("ε", "%v is not a positive number", s.Eps)
	case len(s.Taus) == 0:
		return bad("τ", "the list is empty")
	case len(s.Taus) > MaxTaus:
		return bad("τ", "%d values, at most %d", len(s.Taus), MaxTaus)
	case s.Partition != "random" && s.Partition != "balanced":
		return bad("partition", "%q is not random or balanced", s.Partition)
	}
	for _, t := range s.Taus {
		if t < 1 || t > MaxTau {
			return bad("τ", "%d is not in 1…%d", t, MaxTau)
		}
	}
	if _, err := loss.Parse(s.Loss); err != nil {
		return bad("loss", "%v", err)
	}
	return nil
}

// ParseTaus reads a τ list such as "1, 2, 4 8": numbers separated by commas
// or spaces, returned sorted and without duplicates.
func ParseTaus(text string) ([]int, error) {
	fields := strings.FieldsFunc(text, func(r rune) bool { return r == ',' || r == ' ' || r == ';' })
	var taus []int
	for _, f := range fields {
		t, err := strconv.Atoi(f)
		if err != nil || t < 1 || t > MaxTau {
			return nil, fmt.Errorf("%w: τ: %q is not a whole number in 1…%d", ErrSettings, f, MaxTau)
		}
		taus = append(taus, t)
	}
	if len(taus) == 0 {
		return nil, fmt.Errorf("%w: τ: the list is empty", ErrSettings)
	}
	slices.Sort(taus)
	return slices.Compact(taus), nil
}

// FormatTaus writes a τ list as ParseTaus reads it ("1,2,4").
func FormatTaus(taus []int) string {
	parts := make([]string, len(taus))
	for i, t := range taus {
		parts[i] = strconv.Itoa(t)
	}
	return strings.Join(parts, ",")
}

// Hash encodes every setting as a URL hash (without '#'), in a fixed order
// so equal settings give equal links. λ = 0 (the default) is left out.
func (s Settings) Hash() string {
	var b strings.Builder
	add := func(k, v string) {
		if b.Len() > 0 {
			b.WriteByte('&')
		}
		// Commas (τ lists) and colons (smoothhinge:μ) are safe in a hash:
		// keep them readable.
		b.WriteString(k + "=" + readable.Replace(url.QueryEscape(v)))
	}
	add("norms", s.Norms)
	add("density", table.Float(s.Density))
	add("n", strconv.Itoa(s.N))
	add("d", strconv.Itoa(s.D))
	add("dseed", strconv.FormatUint(s.DataSeed, 10))
	add("loss", s.Loss)
	if s.Lambda != 0 {
		add("lambda", table.Float(s.Lambda))
	}
	add("eps", table.Float(s.Eps))
	add("taus", FormatTaus(s.Taus))
	add("partition", s.Partition)
	add("seed", strconv.FormatUint(s.Seed, 10))
	add("bias", strconv.FormatBool(s.Bias))
	if s.PositiveClass != "" {
		add("pos", s.PositiveClass)
	}
	return b.String()
}

var readable = strings.NewReplacer("%2C", ",", "%3A", ":")

// ParseHash reads a hash written by Hash (a leading '#' is allowed); keys it
// does not mention keep their values from base, unknown keys are errors, and
// the result is validated.
func ParseHash(hash string, base Settings) (Settings, error) {
	s := base
	s.Taus = slices.Clone(base.Taus)
	hash = strings.TrimPrefix(hash, "#")
	if hash == "" {
		return s, s.Validate()
	}
	vals, err := url.ParseQuery(hash)
	if err != nil {
		return base, fmt.Errorf("%w: link: %v", ErrSettings, err)
	}
	for key, vs := range vals {
		v := vs[len(vs)-1]
		bad := func(err error) error {
			return fmt.Errorf("%w: link: %s=%q: %v", ErrSettings, key, v, err)
		}
		switch key {
		case "norms":
			s.Norms = v
		case "density", "lambda", "eps":
			x, err := strconv.ParseFloat(v, 64)
			if err != nil {
				return base, bad(errors.Unwrap(err))
			}
			switch key {
			case "density":
				s.Density = x
			case "lambda":
				s.Lambda = x
			default:
				s.Eps = x
			}
		case "n", "d":
			x, err := strconv.Atoi(v)
			if err != nil {
				return base, bad(errors.Unwrap(err))
			}
			if key == "n" {
				s.N = x
			} else {
				s.D = x
			}
		case "dseed", "seed":
			x, err := strconv.ParseUint(v, 10, 64)
			if err != nil {
				return base, bad(errors.Unwrap(err))
			}
			if key == "seed" {
				s.Seed = x
			} else {
				s.DataSeed = x
			}
		case "loss":
			s.Loss = v
		case "taus":
			taus, err := ParseTaus(v)
			if err != nil {
				return base, err
			}
			s.Taus = taus
		case "partition":
			s.Partition = v
		case "bias":
			x, err := strconv.ParseBool(v)
			if err != nil {
				return base, bad(errors.Unwrap(err))
			}
			s.Bias = x
		case "pos":
			s.PositiveClass = v
		default:
			return base, fmt.Errorf("%w: link: unknown key %q", ErrSettings, key)
		}
	}
	if err := s.Validate(); err != nil {
		return base, err
	}
	return s, nil
}

// SameData reports whether a and b generate the same preset data.
func SameData(a, b Settings) bool { return a.Synth() == b.Synth() }
