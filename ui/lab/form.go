package lab

import (
	"fmt"
	"imlab/core/table"
	"strconv"
	"strings"
)

// Form holds the settings as the user typed them, so a half-typed value is
// never overwritten by a re-render; Settings parses it.
type Form struct {
	Norms, Density, N, D, DataSeed           string
	Bias                                     bool
	PositiveClass                            string
	Loss, Lambda, Eps, Taus, Partition, Seed string
}

// FormOf fills a form from settings.
func FormOf(s Settings) Form {
	f := Form{
		Norms: s.Norms, Density: table.Float(s.Density), N: strconv.Itoa(s.N), D: strconv.Itoa(s.D),
		DataSeed: strconv.FormatUint(s.DataSeed, 10), Bias: s.Bias, PositiveClass: s.PositiveClass,
		Loss: s.Loss, Eps: table.Float(s.Eps), Taus: strings.ReplaceAll(FormatTaus(s.Taus), ",", ", "),
		Partition: s.Partition, Seed: strconv.FormatUint(s.Seed, 10),
	}
	if s.Lambda != 0 {
		f.Lambda = table.Float(s.Lambda)
	}
	return f
}

// FieldError names the form field that failed to parse.
type FieldError struct {
	Field string // the field's id in the page
	Err   error
}

func (e *FieldError) Error() string { return e.Err.Error() }
func (e *FieldError) Unwrap() error { return e.Err }

// Settings parses the form; the error is a *FieldError naming the first bad
// field. An empty λ means the paper's default.
func (f Form) Settings() (Settings, error) {
	s := Settings{Norms: f.Norms, Bias: f.Bias, PositiveClass: strings.TrimSpace(f.PositiveClass),
		Loss: f.Loss, Partition: f.Partition}
	var err error
	field := func(id, label string, parse func(string) error, text string) {
		if err != nil {
			return
		}
		if e := parse(strings.TrimSpace(text)); e != nil {
			err = &FieldError{Field: id, Err: fmt.Errorf("%w: %s: %q is not %v", ErrSettings, label, text, e)}
		}
	}
	num := func(dst *float64, what string) func(string) error {
		return func(t string) error {
			x, e := strconv.ParseFloat(t, 64)
			if e != nil || !(x > 0) {
				return fmt.Errorf("%s", what)
			}
			*dst = x
			return nil
		}
	}
	whole := func(dst *int) func(string) error {
		return func(t string) error {
			x, e := strconv.Atoi(t)
			if e != nil || x < 1 {
				return fmt.Errorf("a whole number ≥ 1")
			}
			*dst = x
			return nil
		}
	}
	seed := func(dst *uint64) func(string) error {
		return func(t string) error {
			x, e := strconv.ParseUint(t, 10, 64)
			if e != nil {
				return fmt.Errorf("a whole number ≥ 0")
			}
			*dst = x
			return nil
		}
	}
	field("density", "density", num(&s.Density, "a number in (0, 1]"), f.Density)
	field("n", "n", whole(&s.N), f.N)
	field("d", "d", whole(&s.D), f.D)
	field("dseed", "data seed", seed(&s.DataSeed), f.DataSeed)
	field("lambda", "λ", func(t string) error {
		if t == "" {
			return nil
		}
		return num(&s.Lambda, "a positive number (empty = default)")(t)
	}, f.Lambda)
	field("eps", "ε", num(&s.Eps, "a positive number"), f.Eps)
	field("taus", "τ", func(t string) error {
		taus, e := ParseTaus(t)
		if e != nil {
			return fmt.Errorf("a list of whole numbers in 1…%d", MaxTau)
		}
		s.Taus = taus
		return nil
	}, f.Taus)
	field("seed", "seed", seed(&s.Seed), f.Seed)
	if err != nil {
		return s, err
	}
	if e := s.Validate(); e != nil {
		return s, &FieldError{Field: fieldOf(e), Err: e}
	}
	return s, nil
}

// fieldOf guesses the field a Validate error names.
func fieldOf(err error) string {
	msg := err.Error()
	for _, f := range []struct{ key, id string }{
		{"n·d", "n"}, {"norms", "norms"}, {"density", "density"}, {": n:", "n"}, {": d:", "d"},
		{"λ", "lambda"}, {"ε", "eps"}, {"τ", "taus"}, {"partition", "partition"}, {"loss", "loss"},
	} {
		if strings.Contains(msg, f.key) {
			return f.id
		}
	}
	return ""
}
