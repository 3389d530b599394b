package sampling

import (
	"errors"
	"testing"
)

func TestKindAndRuleNames(t *testing.T) {
	for _, k := range Kinds {
		got, err := ParseKind(string(k))
		if err != nil || got != k || k.Label() == "" {
			t.Errorf("ParseKind(%q) = %q, %v; label %q", k, got, err, k.Label())
		}
	}
	if Nice.Label() != "τ-nice" || Imp.Label() != "τ-importance" {
		t.Errorf("labels %q, %q", Nice.Label(), Imp.Label())
	}
	if !Uniform.Serial() || !Importance.Serial() || Nice.Serial() || Imp.Serial() {
		t.Error("Serial")
	}
	for _, r := range Rules {
		if got, err := ParseRule(string(r)); err != nil || got != r || r.Label() == "" {
			t.Errorf("ParseRule(%q) = %q, %v; label %q", r, got, err, r.Label())
		}
	}
	for _, bad := range []string{"", "Nice", "importance-ish"} {
		if _, err := ParseKind(bad); !errors.Is(err, ErrName) {
			t.Errorf("ParseKind(%q): %v", bad, err)
		}
	}
	for _, bad := range []string{"", "random,", "greedy"} {
		if _, err := ParseRule(bad); !errors.Is(err, ErrName) {
			t.Errorf("ParseRule(%q): %v", bad, err)
		}
	}
}
