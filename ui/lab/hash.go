package lab

import (
	"slices"
	"strings"

	"imlab/core/method/catalog"
)

// Hash encodes the settings as a URL hash (without '#'): every field of the
// Schema with a value, in the schema's order, so equal settings give equal
// links. Defaults that read as empty (λ = 0, no positive class, no file)
// are left out.
func (s Settings) Hash() string {
	var b strings.Builder
	for _, f := range Schema {
		v := f.Text(s)
		if v == "" {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('&')
		}
		// Commas (τ lists) and colons (smoothhinge:μ) are safe in a hash:
		// keep them readable.
		b.WriteString(string(f.Key) + "=" + readable.Replace(queryEscape(v)))
	}
	return b.String()
}

var readable = strings.NewReplacer("%2C", ",", "%3A", ":")

// ParseHash reads a hash written by Hash (a leading '#' is allowed). Keys it
// does not mention keep their values from base, except that a link without
// a file names no file and one choosing a method without ε takes the
// method's (catalog.DefaultsOf); unknown keys are errors, and the result is
// validated. On error it returns base and a *FieldError that names the
// field by its form label.
func ParseHash(hash string, base Settings) (Settings, error) {
	s := base
	s.Taus = slices.Clone(base.Taus)
	s.File = FileRef{}
	vals, err := parseQuery(strings.TrimPrefix(hash, "#"))
	if err != nil {
		return base, &FieldError{Err: errorf("link: %v", err)}
	}
	// In the schema's order, so the error names the first bad field.
	given := map[FieldKey]bool{}
	for _, f := range Schema {
		vs, ok := vals[string(f.Key)]
		if !ok {
			continue
		}
		given[f.Key] = true
		delete(vals, string(f.Key))
		if err := f.Read(vs[len(vs)-1], &s); err != nil {
			return base, err
		}
	}
	for key := range vals {
		return base, &FieldError{Err: errorf("link: unknown key %q", key)}
	}
	if _, eps := given[FieldEps]; given[FieldMethod] && !eps {
		s.Eps = catalog.DefaultsOf(s.Method).Eps // a method chosen without ε runs to its own
	}
	if err := s.Validate(); err != nil {
		return base, err
	}
	return s, nil
}
