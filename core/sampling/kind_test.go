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
	rules, err := ParseRules("random, balanced")
	if err != nil || len(rules) != 2 || rules[0] != RandomRule || rules[1] != BalancedRule {
		t.Errorf("ParseRules = %v, %v", rules, err)
	}
	for _, bad := range []string{"", "Nice", "importance-ish"} {
		if _, err := ParseKind(bad); !errors.Is(err, ErrName) {
			t.Errorf("ParseKind(%q): %v", bad, err)
		}
	}
	for _, bad := range []string{"", "random,", "greedy"} {
		if _, err := ParseRules(bad); !errors.Is(err, ErrName) {
			t.Errorf("ParseRules(%q): %v", bad, err)
		}
	}
}
