package loss

import (
	"errors"
	"testing"
)

func TestSpecRoundTrips(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Spec
		text string // what String writes back
	}{
		{"logistic", Spec{}, "logistic"},
		{"Square", Spec{Kind: SquareKind}, "square"},
		{"smoothhinge", Spec{Kind: SmoothHingeKind}, "smoothhinge"},
		{"hinge:1", Spec{Kind: SmoothHingeKind}, "smoothhinge"}, // μ = 1 is the default: one Spec
		{"smoothhinge:0.25", Spec{Kind: SmoothHingeKind, Mu: 0.25}, "smoothhinge:0.25"},
	} {
		got, err := ParseSpec(tc.in)
		if err != nil || got != tc.want || got.String() != tc.text {
			t.Errorf("ParseSpec(%q) = %v (%#v), %v; want %q (%#v)", tc.in, got, got, err, tc.text, tc.want)
		}
		var u Spec
		if err := u.UnmarshalText([]byte(tc.text)); err != nil || u != tc.want {
			t.Errorf("UnmarshalText(%q) = %#v, %v; want %#v", tc.text, u, err, tc.want)
		}
		if b, _ := got.MarshalText(); string(b) != tc.text {
			t.Errorf("MarshalText(%#v) = %q, want %q", got, b, tc.text)
		}
	}
}

func TestSpecLoss(t *testing.T) {
	for _, tc := range []struct {
		spec Spec
		want Loss
	}{
		{Spec{}, Logistic{}},
		{Spec{Kind: SquareKind}, Square{}},
		{Spec{Kind: SmoothHingeKind}, SmoothHinge{Mu: 1}},
		{Spec{Kind: SmoothHingeKind, Mu: 0.5}, SmoothHinge{Mu: 0.5}},
	} {
		if got := tc.spec.Loss(); got != tc.want {
			t.Errorf("%#v.Loss() = %v, want %v", tc.spec, got, tc.want)
		}
		if got, err := Parse(tc.spec.String()); err != nil || got != tc.want {
			t.Errorf("Parse(%q) = %v, %v; want %v", tc.spec, got, err, tc.want)
		}
	}
}

func TestSpecUnmarshalKeepsOnError(t *testing.T) {
	s := Spec{Kind: SquareKind}
	if err := s.UnmarshalText([]byte("smoothhinge:-1")); !errors.Is(err, ErrParameter) || s != (Spec{Kind: SquareKind}) {
		t.Errorf("UnmarshalText(smoothhinge:-1) = %v, left %#v; want ErrParameter and square kept", err, s)
	}
}
