package setup

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"imlab/core/loss"
	"imlab/core/sampling"
	"imlab/core/synth"
	"imlab/core/table"
)

// FieldKey names one setting: its key in the URL hash and in a Form.
type FieldKey string

// The settings' keys, in the order of the link.
const (
	FieldNorms         FieldKey = "norms"
	FieldDensity       FieldKey = "density"
	FieldN             FieldKey = "n"
	FieldD             FieldKey = "d"
	FieldDataSeed      FieldKey = "dseed"
	FieldData          FieldKey = "data"
	FieldFile          FieldKey = "file"
	FieldFileSize      FieldKey = "fsize"
	FieldFileSHA       FieldKey = "fsha"
	FieldBias          FieldKey = "bias"
	FieldPositiveClass FieldKey = "pos"
	FieldLoss          FieldKey = "loss"
	FieldLambda        FieldKey = "lambda"
	FieldEps           FieldKey = "eps"
	FieldMaxPasses     FieldKey = "maxpasses"
	FieldTaus          FieldKey = "taus"
	FieldPartition     FieldKey = "partition"
	FieldImportance    FieldKey = "imp"
	FieldSeed          FieldKey = "seed"
	FieldMethod        FieldKey = "method"
	FieldCompare       FieldKey = "compare"
)

// Field is one row of the settings schema: how a setting is named in the
// link and in the form, read from text, written as text and checked. The
// schema drives the hash, the form and the error messages alike.
type Field struct {
	Key     FieldKey
	Element string // id of the form control in the page; "" = not in the form
	Label   string // the form's label, used by every message about the field

	// parse reads trimmed text into s; its error says what was wanted.
	parse func(text string, s *Settings) error
	// format writes the field's value; "" leaves it out of the link (a
	// default such as λ = 0 or no positive class).
	format func(s Settings) string
	// check returns why the value is out of its limits, or nil.
	check func(s Settings) error
}

// fields is the schema: every setting, in the order of the link and of validation.
// (Filled by init: its parsers' errors refer back to it for labels.)
var fields []Field

func init() { fields = schema() }

func schema() []Field {
	return slices.Concat(dataFields(), fileFields(), problemFields(), runFields())
}

// dataFields returns the synthetic preset's fields and the gallery, in the form's order.
func dataFields() []Field {
	return []Field{
		{Key: FieldNorms, Element: "norms", Label: "Law of ‖xᵢ‖²",
			parse: func(t string, s *Settings) error {
				n, err := synth.ParseNorms(t) // the laws, or a family's range
				if err != nil {
					return quoted{err}
				}
				s.Norms = n
				return nil
			},
			format: func(s Settings) string { return s.Norms.String() },
			check:  func(s Settings) error { return s.Norms.Check() }},
		{Key: FieldDensity, Element: "density", Label: "Density ω'",
			parse:  floatInto(func(s *Settings) *float64 { return &s.Density }),
			format: func(s Settings) string { return table.Float(s.Density) },
			check: func(s Settings) error {
				if !(s.Density > 0 && s.Density <= 1) {
					return fmt.Errorf("%v is not in (0, 1]", s.Density)
				}
				return nil
			}},
		wholeField(FieldN, "n", "Examples n", func(s *Settings) *int { return &s.N }, 2, "examples"),
		wholeField(FieldD, "d", "Features d", func(s *Settings) *int { return &s.D }, 1, "features"),
		seedField(FieldDataSeed, "dseed", "Data seed", func(s *Settings) *uint64 { return &s.DataSeed }),
		galleryField(),
	}
}

// fileFields returns a file's fields: its name, size and fingerprint, and how it is read, in the form's order.
func fileFields() []Field {
	return []Field{
		{Key: FieldFile, Label: "LIBSVM file",
			parse:  func(t string, s *Settings) error { s.File.Name = t; return nil },
			format: func(s Settings) string { return s.File.Name }},
		{Key: FieldFileSize, Label: "file size",
			parse: func(t string, s *Settings) error {
				x, err := strconv.ParseInt(t, 10, 64)
				if err != nil || x < 0 {
					return fmt.Errorf("a whole number of bytes")
				}
				s.File.Size = x
				return nil
			},
			format: func(s Settings) string {
				if s.File.Name == "" {
					return ""
				}
				return strconv.FormatInt(s.File.Size, 10)
			},
			check: func(s Settings) error {
				if s.File.Name == "" && s.File.Size != 0 {
					return fmt.Errorf("given without a file name")
				}
				return nil
			}},
		{Key: FieldFileSHA, Label: "file fingerprint",
			parse:  func(t string, s *Settings) error { s.File.Fingerprint = t; return nil },
			format: func(s Settings) string { return s.File.Fingerprint },
			check: func(s Settings) error {
				switch {
				case s.File.Name == "" && s.File.Fingerprint != "":
					return fmt.Errorf("given without a file name")
				case s.File.Name != "" && !validFingerprint(s.File.Fingerprint):
					return fmt.Errorf("%q is not %d hexadecimal digits", s.File.Fingerprint, 2*fingerprintBytes)
				}
				return nil
			}},
		{Key: FieldBias, Element: "bias", Label: "Append a bias feature",
			parse: func(t string, s *Settings) error {
				x, err := strconv.ParseBool(t)
				if err != nil {
					return fmt.Errorf("true or false")
				}
				s.Bias = x
				return nil
			},
			format: func(s Settings) string { return strconv.FormatBool(s.Bias) }},
		{Key: FieldPositiveClass, Element: "posclass", Label: "Positive class (multi-class files)",
			parse:  func(t string, s *Settings) error { s.PositiveClass = t; return nil },
			format: func(s Settings) string { return s.PositiveClass },
			check: func(s Settings) error {
				if s.PositiveClass == "" {
					return nil
				}
				if x, err := strconv.ParseFloat(s.PositiveClass, 64); err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
					return fmt.Errorf("%q is not a label (a finite number; empty = automatic)", s.PositiveClass)
				}
				return nil
			}},
	}
}

// problemFields returns the problem's fields: loss, λ, the target gap and the pass budget, in the form's order.
func problemFields() []Field {
	return []Field{
		{Key: FieldLoss, Element: "loss", Label: "Loss",
			parse: func(t string, s *Settings) error {
				l, err := loss.ParseSpec(t)
				if err != nil {
					return quoted{err}
				}
				s.Loss = l
				return nil
			},
			format: func(s Settings) string { return s.Loss.String() },
			check: func(s Settings) error {
				_, err := loss.ParseSpec(s.Loss.String()) // a Spec made in code, not parsed
				return err
			}},
		{Key: FieldLambda, Element: "lambda", Label: "Regulariser λ",
			parse: func(t string, s *Settings) error {
				if t == "" {
					s.Lambda = 0
					return nil
				}
				return floatInto(func(s *Settings) *float64 { return &s.Lambda })(t, s)
			},
			format: func(s Settings) string {
				if s.Lambda == 0 {
					return ""
				}
				return table.Float(s.Lambda)
			},
			check: func(s Settings) error {
				if !(s.Lambda >= 0) || math.IsInf(s.Lambda, 0) {
					return fmt.Errorf("%v is not a positive number (empty = the paper's default)", s.Lambda)
				}
				return nil
			}},
		{Key: FieldEps, Element: "eps", Label: "Target gap ε",
			parse:  floatInto(func(s *Settings) *float64 { return &s.Eps }),
			format: func(s Settings) string { return table.Float(s.Eps) },
			check: func(s Settings) error {
				if !(s.Eps > 0) || math.IsInf(s.Eps, 0) {
					return fmt.Errorf("%v is not a positive number", s.Eps)
				}
				return nil
			}},
		{Key: FieldMaxPasses, Element: "maxpasses", Label: "Pass budget per run (passes/τ)",
			parse:  floatInto(func(s *Settings) *float64 { return &s.MaxPasses }),
			format: func(s Settings) string { return table.Float(s.MaxPasses) },
			check: func(s Settings) error {
				if !(s.MaxPasses > 0 && s.MaxPasses <= maxPassBudget) {
					return fmt.Errorf("%v is not a number in (0, %s]", s.MaxPasses, table.Float(maxPassBudget))
				}
				return nil
			}},
	}
}

// runFields returns the runs' fields: τ, buckets, samplings, seed and methods, in the form's order.
func runFields() []Field {
	return []Field{
		{Key: FieldTaus, Element: "taus", Label: "Minibatch sizes τ",
			parse: func(t string, s *Settings) error {
				taus, err := ParseTaus(t)
				if err != nil {
					return fmt.Errorf("a list of whole numbers in 1…%d", maxTau)
				}
				s.Taus = taus
				return nil
			},
			format: func(s Settings) string { return FormatTaus(s.Taus) },
			check: func(s Settings) error {
				if len(s.Taus) == 0 {
					return fmt.Errorf("the list is empty")
				}
				if len(s.Taus) > maxTaus {
					return fmt.Errorf("%d values, at most %d", len(s.Taus), maxTaus)
				}
				for _, t := range s.Taus {
					if t < 1 || t > maxTau {
						return fmt.Errorf("%d is not in 1…%d", t, maxTau)
					}
				}
				return nil
			}},
		{Key: FieldPartition, Element: "partition", Label: "Buckets (τ-importance)",
			parse:  func(t string, s *Settings) error { s.Partition = sampling.Rule(t); return nil },
			format: func(s Settings) string { return string(s.Partition) },
			check: func(s Settings) error {
				if !slices.Contains(sampling.Rules, s.Partition) {
					return fmt.Errorf("%q is not random or balanced", s.Partition)
				}
				return nil
			}},
		importanceField(), // adaptive.go
		seedField(FieldSeed, "seed", "Run seed", func(s *Settings) *uint64 { return &s.Seed }),
		methodField(),
		compareField(),
	}
}

// wholeField is a field for a count of things, at least min.
func wholeField(key FieldKey, element, label string, at func(*Settings) *int, min int, things string) Field {
	return Field{Key: key, Element: element, Label: label,
		parse:  intInto(at),
		format: func(s Settings) string { return strconv.Itoa(*at(&s)) },
		check: func(s Settings) error {
			if n := *at(&s); n < min {
				return fmt.Errorf("%d %s, need at least %d", n, things, min)
			}
			return nil
		}}
}

// seedField is a field for a random seed: any whole number ≥ 0.
func seedField(key FieldKey, element, label string, at func(*Settings) *uint64) Field {
	return Field{Key: key, Element: element, Label: label,
		parse:  uintInto(at),
		format: func(s Settings) string { return strconv.FormatUint(*at(&s), 10) }}
}

// FieldOf returns the schema's row for key.
func FieldOf(key FieldKey) (Field, bool) {
	i := slices.IndexFunc(fields, func(f Field) bool { return f.Key == key })
	if i < 0 {
		return Field{}, false
	}
	return fields[i], true
}

// Label returns the form label of key (the key itself if unknown).
func Label(key FieldKey) string {
	if f, ok := FieldOf(key); ok {
		return f.Label
	}
	return string(key)
}

// FieldError is an invalid setting: Field names it, and the message gives
// its form label. It wraps ErrSettings.
type FieldError struct {
	Field FieldKey // "" when no one field is at fault (a malformed link)
	Err   error
}

func (e *FieldError) Error() string { return e.Err.Error() }
func (e *FieldError) Unwrap() error { return e.Err }

// FieldErrorf returns a *FieldError on key whose message starts with the
// field's label.
func FieldErrorf(key FieldKey, format string, args ...any) *FieldError {
	return &FieldError{Field: key, Err: fmt.Errorf("%w: %s: %s", ErrSettings, Label(key), fmt.Sprintf(format, args...))}
}

// Read parses text (trimmed) into s; the error names the field.
func (f Field) Read(text string, s *Settings) error {
	text = strings.TrimSpace(text)
	if err := f.parse(text, s); err != nil {
		if q, ok := err.(quoted); ok {
			return FieldErrorf(f.Key, "%v", q.error)
		}
		return FieldErrorf(f.Key, "%q is not %v", text, err)
	}
	return nil
}

// quoted is a parse error from core whose message quotes the text itself
// (a norm law's, a loss's): Read passes it on as it is.
type quoted struct{ error }

func (q quoted) Unwrap() error { return q.error }

// Text writes the field's value as the form and the link show it.
func (f Field) Text(s Settings) string { return f.format(s) }

func floatInto(dst func(*Settings) *float64) func(string, *Settings) error {
	return func(t string, s *Settings) error {
		x, err := strconv.ParseFloat(t, 64)
		if err != nil {
			return fmt.Errorf("a number")
		}
		*dst(s) = x
		return nil
	}
}

func intInto(dst func(*Settings) *int) func(string, *Settings) error {
	return func(t string, s *Settings) error {
		x, err := strconv.Atoi(t)
		if err != nil {
			return fmt.Errorf("a whole number")
		}
		*dst(s) = x
		return nil
	}
}

func uintInto(dst func(*Settings) *uint64) func(string, *Settings) error {
	return func(t string, s *Settings) error {
		x, err := strconv.ParseUint(t, 10, 64)
		if err != nil {
			return fmt.Errorf("a whole number ≥ 0")
		}
		*dst(s) = x
		return nil
	}
}

// errorf is an ErrSettings error with a message.
func errorf(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrSettings, fmt.Sprintf(format, args...))
}
