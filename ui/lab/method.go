package lab

import (
	"fmt"

	"imlab/core/method/catalog"
)

// DefaultMethod is the method of a link without method=: the paper's
// dfSDCA, so that links made before the selector existed are unchanged.
const DefaultMethod = catalog.DFSDCA

// MethodName is how the page names a method in its selector, tables and
// plots.
func MethodName(m catalog.Name) string {
	switch m {
	case catalog.DFSDCA:
		return "dfSDCA (the paper's)"
	case catalog.SDCA:
		return "SDCA, exact coordinate steps"
	case catalog.SAGA:
		return "SAGA"
	case catalog.LSVRG:
		return "L-SVRG"
	case catalog.SGD:
		return "minibatch SGD, decreasing steps"
	}
	return string(m)
}

// methodField is the schema's row of the method selector. The default is
// left out of the link.
func methodField() Field {
	return Field{Key: FieldMethod, Element: "method", Label: "Method",
		parse: func(t string, s *Settings) error {
			if t == "" {
				s.Method = DefaultMethod
				return nil
			}
			m, err := catalog.Parse(t)
			if err != nil {
				return fmt.Errorf("one of %v", catalog.Names)
			}
			s.Method = m
			return nil
		},
		format: func(s Settings) string {
			if s.Method == DefaultMethod {
				return ""
			}
			return string(s.Method)
		},
		check: func(s Settings) error {
			if _, err := catalog.Parse(string(s.Method)); err != nil {
				return fmt.Errorf("%q is not one of %v", s.Method, catalog.Names)
			}
			return nil
		}}
}
