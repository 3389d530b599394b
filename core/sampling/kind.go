package sampling

import (
	"errors"
	"fmt"
	"strings"
)

// Kind names a sampling that core/theory can plan with its safe step size.
// Its value is the short name the CLI flags, links and CSV files use; Label
// is the name to show people.
type Kind string

// The sampling kinds, in the order the paper introduces them.
const (
	Uniform       Kind = "uniform"    // serial uniform, p_i = 1/n (τ = 1)
	Importance    Kind = "importance" // serial importance, p_i ∝ nλγ + ‖x_i‖² (τ = 1)
	Nice          Kind = "nice"       // τ-nice
	Imp           Kind = "imp"        // τ-importance: bucket sampling with the paper's practical p
	ImpAlt        Kind = "imp-alt"    // τ-importance with alternating-optimisation p
	UniformBucket Kind = "bucket"     // bucket sampling, uniform within each bucket
	// AdaptiveImp: τ-importance whose probabilities follow the residues during
	// the run (beyond the paper; docs/adaptive.md).
	AdaptiveImp Kind = "adaptive"
)

// Kinds lists every Kind.
var Kinds = []Kind{Uniform, Importance, Nice, Imp, ImpAlt, UniformBucket, AdaptiveImp}

// Label is the kind's name for people, e.g. "τ-nice".
func (k Kind) Label() string {
	switch k {
	case Uniform:
		return "uniform"
	case Importance:
		return "importance"
	case Nice:
		return "τ-nice"
	case Imp:
		return "τ-importance"
	case ImpAlt:
		return "τ-importance (alternating)"
	case UniformBucket:
		return "uniform bucket"
	case AdaptiveImp:
		return "adaptive τ-importance"
	}
	return string(k)
}

// Static returns the static sampling k starts from and is shown beside:
// Imp for AdaptiveImp (whose probabilities start as τ-importance's and then
// follow the run), k itself for every other kind. Tables and plots put a
// run where the run of its static kind would go.
func (k Kind) Static() Kind {
	if k == AdaptiveImp {
		return Imp
	}
	return k
}

// Serial reports whether the kind draws one example per iteration (τ = 1).
func (k Kind) Serial() bool { return k == Uniform || k == Importance }

// Rule names how a bucket sampling partitions the examples into τ buckets.
type Rule string

// The partition rules.
const (
	// RandomRule: equal sizes, uniformly at random (the paper's choice).
	RandomRule Rule = "random"
	// BalancedRule: BalancedPartition of weights nλγ + v_i, so that buckets
	// carry nearly equal sums.
	BalancedRule Rule = "balanced"
)

// Rules lists every Rule, the default first.
var Rules = []Rule{RandomRule, BalancedRule}

// Label is the rule's name for people.
func (r Rule) Label() string {
	switch r {
	case RandomRule:
		return "random partition"
	case BalancedRule:
		return "balanced partition"
	}
	return string(r)
}

// ErrName reports a sampling kind or partition rule that does not exist.
var ErrName = errors.New("sampling: unknown name")

// ParseKind returns the Kind named s.
func ParseKind(s string) (Kind, error) {
	for _, k := range Kinds {
		if string(k) == s {
			return k, nil
		}
	}
	return "", fmt.Errorf("%w: sampling %q (want one of %s)", ErrName, s, joinNames(Kinds))
}

// ParseRule returns the Rule named s.
func ParseRule(s string) (Rule, error) {
	for _, r := range Rules {
		if string(r) == s {
			return r, nil
		}
	}
	return "", fmt.Errorf("%w: partition %q (want one of %s)", ErrName, s, joinNames(Rules))
}

func joinNames[T ~string](names []T) string {
	s := make([]string, len(names))
	for i, n := range names {
		s[i] = string(n)
	}
	return strings.Join(s, ", ")
}
