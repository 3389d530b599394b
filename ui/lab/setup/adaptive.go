package setup

import (
	"fmt"

	"imlab/core/method/catalog"
	"imlab/core/sampling"
)

// importanceKinds are the samplings the τ-importance side can run: the
// paper's τ-importance and its adaptive refinement (docs/adaptive.md),
// whose probabilities follow the run's residues within the same buckets.
var importanceKinds = []sampling.Kind{sampling.Imp, sampling.AdaptiveImp}

// importanceField is the schema's row of the τ-importance side's sampling:
// the link key imp, "adaptive" for sampling.AdaptiveImp and left out for the
// paper's τ-importance, so that older links keep their meaning.
func importanceField() Field {
	return Field{Key: FieldImportance, Element: "importance", Label: "Importance sampling",
		parse: func(t string, s *Settings) error {
			if t == "" {
				s.Importance = sampling.Imp
				return nil
			}
			k, err := sampling.ParseKind(t)
			if err != nil || k.Static() != sampling.Imp {
				return fmt.Errorf("one of %v", importanceKinds)
			}
			s.Importance = k
			return nil
		},
		format: func(s Settings) string {
			if s.Importance == sampling.Imp {
				return ""
			}
			return string(s.Importance)
		},
		check: func(s Settings) error {
			if s.Importance.Static() != sampling.Imp {
				return fmt.Errorf("%q is not one of %v", s.Importance, importanceKinds)
			}
			for _, m := range s.Methods() {
				if !catalog.Runs(m, s.Importance) {
					return fmt.Errorf("%s with %s: only %s and %s follow an adaptive sampling",
						s.Importance.Label(), MethodName(m), MethodName(catalog.DFSDCA), MethodName(catalog.SDCA))
				}
			}
			return nil
		}}
}

// Samplings are the samplings each τ runs with: τ-nice and the
// τ-importance side's (Settings.Importance).
func (s Settings) Samplings() []sampling.Kind {
	return []sampling.Kind{sampling.Nice, s.importance()}
}

// importance is Settings.Importance, the paper's τ-importance where it is
// unset (settings built field by field).
func (s Settings) importance() sampling.Kind {
	if s.Importance == "" {
		return sampling.Imp
	}
	return s.Importance
}
