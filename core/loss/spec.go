package loss

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Kind is a family of losses: what a Spec chooses.
type Kind uint8

// The kinds, in the order Names lists them.
const (
	LogisticKind    Kind = iota // Logistic
	SquareKind                  // Square
	SmoothHingeKind             // SmoothHinge
)

// Names lists the loss names ParseSpec accepts, by Kind.
var Names = []string{LogisticKind: "logistic", SquareKind: "square", SmoothHingeKind: "smoothhinge"}

// Spec is a loss as settings, job specs and messages carry it: a
// comparable value, read from text at the edges only (a flag, a link, a
// message) by ParseSpec and written back by String. Its zero value is the
// logistic loss, the default of every command and page.
type Spec struct {
	Kind Kind
	// Mu is the smoothed hinge's width μ > 0, 0 meaning the default 1 (so
	// that equal losses are equal Specs); 0 for the other kinds.
	Mu float64
}

// Loss returns the loss the spec names. It panics for a Spec that
// ParseSpec would not return (an unknown kind, a width not positive and
// finite): a programmer's error.
func (s Spec) Loss() Loss {
	switch s.Kind {
	case LogisticKind:
		return Logistic{}
	case SquareKind:
		return Square{}
	case SmoothHingeKind:
		if s.Mu == 0 {
			return SmoothHinge{Mu: 1}
		}
		if !(s.Mu > 0) || math.IsInf(s.Mu, 0) {
			panic(fmt.Sprintf("loss: smoothed hinge width %v, want positive and finite", s.Mu))
		}
		return SmoothHinge{Mu: s.Mu}
	}
	panic(fmt.Sprintf("loss: unknown kind %d", s.Kind))
}

// String is the spec's name as ParseSpec reads it: "logistic", "square",
// "smoothhinge" (μ = 1) or "smoothhinge:μ".
func (s Spec) String() string {
	if int(s.Kind) >= len(Names) {
		return fmt.Sprintf("loss(%d)", s.Kind)
	}
	if s.Kind == SmoothHingeKind && s.Mu != 0 {
		return Names[s.Kind] + ":" + strconv.FormatFloat(s.Mu, 'g', -1, 64)
	}
	return Names[s.Kind]
}

// ParseSpec returns the Spec named s: "logistic", "square", or
// "smoothhinge" (or "hinge", "smoothed-hinge") optionally followed by ":μ"
// (default μ = 1), case-insensitive.
func ParseSpec(s string) (Spec, error) {
	name, arg, hasArg := strings.Cut(strings.TrimSpace(strings.ToLower(s)), ":")
	switch name {
	case "logistic", "square":
		if hasArg {
			return Spec{}, fmt.Errorf("%w: %q takes no parameter", ErrParameter, name)
		}
		if name == "logistic" {
			return Spec{Kind: LogisticKind}, nil
		}
		return Spec{Kind: SquareKind}, nil
	case "smoothhinge", "smoothed-hinge", "hinge":
		sp := Spec{Kind: SmoothHingeKind}
		if hasArg {
			v, err := strconv.ParseFloat(arg, 64)
			if err != nil || !(v > 0) || math.IsInf(v, 0) {
				return Spec{}, fmt.Errorf("%w: smoothed hinge width %q, want a positive number", ErrParameter, arg)
			}
			if v != 1 {
				sp.Mu = v
			}
		}
		return sp, nil
	}
	return Spec{}, fmt.Errorf("%w %q (want one of %s)", ErrUnknown, s, strings.Join(Names, ", "))
}

// Parse returns the loss named s, as ParseSpec reads it.
func Parse(s string) (Loss, error) {
	sp, err := ParseSpec(s)
	if err != nil {
		return nil, err
	}
	return sp.Loss(), nil
}

// MarshalText writes the spec's String, so that a flag (flag.TextVar) or an
// encoder carries the same text ParseSpec reads.
func (s Spec) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText reads text as ParseSpec does.
func (s *Spec) UnmarshalText(text []byte) error {
	v, err := ParseSpec(string(text))
	if err != nil {
		return err
	}
	*s = v
	return nil
}
