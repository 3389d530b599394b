package setup

import (
	"fmt"
	"slices"
	"strings"

	"imlab/core/experiment"
	"imlab/core/method/catalog"
)

// DefaultMethod is the method of a link without method=: the paper's
// dfSDCA, so that links made before the selector existed are unchanged.
const DefaultMethod = catalog.Default

// MethodName is how the page names a method in its selector, tables and
// plots.
func MethodName(m catalog.Name) string { return catalog.Describe(m).Title }

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

// compareField is the schema's row of the methods compared with the
// selected one: a comma-separated list of catalog names ("" = none), kept
// in the catalog's order without repeats, so equal choices give equal
// links.
func compareField() Field {
	return Field{Key: FieldCompare, Element: "compare", Label: "Compare with",
		parse: func(t string, s *Settings) error {
			ms, err := ParseCompare(t)
			if err != nil {
				return fmt.Errorf("a list of methods from %v", catalog.Names)
			}
			s.Compare = ms
			return nil
		},
		format: func(s Settings) string { return FormatCompare(CompareList(s.Compare)) },
		check: func(s Settings) error {
			for _, m := range s.Compare {
				if _, err := catalog.Parse(string(m)); err != nil {
					return fmt.Errorf("%q is not one of %v", m, catalog.Names)
				}
			}
			return nil
		}}
}

// compareTaus are the τ of a run comparing methods unless the user chose
// others: three, spread over the paper's, so that each plot has a few
// curves per method rather than six.
var compareTaus = []int{1, 8, 32}

// TausForCompare is the τ list of a form or link whose methods compared
// become some (compared) or none: the defaults follow (the paper's τ alone,
// compareTaus compared), and a list of the user's own stays as it is.
func TausForCompare(taus []int, compared bool) []int {
	switch {
	case compared && slices.Equal(taus, experiment.PaperTaus):
		return slices.Clone(compareTaus)
	case !compared && slices.Equal(taus, compareTaus):
		return slices.Clone(experiment.PaperTaus)
	}
	return taus
}

// ParseCompare reads a compare list: method names separated by commas or
// spaces, returned in the catalog's order without repeats.
func ParseCompare(text string) ([]catalog.Name, error) {
	var ms []catalog.Name
	for _, f := range strings.FieldsFunc(text, func(r rune) bool { return r == ',' || r == ' ' }) {
		m, err := catalog.Parse(f)
		if err != nil {
			return nil, err
		}
		ms = append(ms, m)
	}
	return CompareList(ms), nil
}

// CompareList returns ms in the catalog's order without repeats.
func CompareList(ms []catalog.Name) []catalog.Name {
	var out []catalog.Name
	for _, m := range catalog.Names {
		if slices.Contains(ms, m) {
			out = append(out, m)
		}
	}
	return out
}

// FormatCompare writes a compare list as the link and the form hold it.
func FormatCompare(ms []catalog.Name) string {
	parts := make([]string, len(ms))
	for k, m := range ms {
		parts[k] = string(m)
	}
	return strings.Join(parts, ",")
}

// Methods is every method the experiment with settings s runs: s.Method,
// then the compared ones other than it, in the catalog's order.
func (s Settings) Methods() []catalog.Name {
	out := []catalog.Name{s.Method}
	for _, m := range CompareList(s.Compare) {
		if m != s.Method {
			out = append(out, m)
		}
	}
	return out
}
