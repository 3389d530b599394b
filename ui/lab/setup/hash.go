package setup

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"imlab/core/method/catalog"
)

// Hash encodes the settings as a URL hash (without '#'): every field of the
// fields with a value, in the schema's order, so equal settings give equal
// links. Defaults that read as empty (λ = 0, no positive class, no file)
// are left out, and so are the synthetic generator's keys when the data is
// a file or a gallery set (they say nothing about it).
func (s Settings) Hash() string {
	var b strings.Builder
	preset := s.Data == "" && s.File.Name == ""
	for _, f := range fields {
		if !preset && generatorKeys[f.Key] {
			continue
		}
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

// generatorKeys are the keys of the synthetic preset's generator
// (Settings.Synth).
var generatorKeys = map[FieldKey]bool{FieldNorms: true, FieldDensity: true, FieldN: true, FieldD: true, FieldDataSeed: true}

// ParseHash reads a hash written by Hash (a leading '#' is allowed). Keys it
// does not mention keep their values from base, except that a link without
// a file names no file, one choosing a method without ε or the pass
// budget takes the method's (catalog.DefaultsOf), and one comparing methods
// without τ takes TausForCompare's; unknown keys and keys given twice are
// errors, and the result is validated. On error it returns base and a
// *FieldError that names the field by its form label and, when the link
// gave it, by its key.
func ParseHash(hash string, base Settings) (Settings, error) {
	s := base
	s.Taus = slices.Clone(base.Taus)
	s.File = FileRef{}
	vals, err := parseQuery(strings.TrimPrefix(hash, "#"))
	if err != nil {
		return base, &FieldError{Err: errorf("link: %v", err)}
	}
	// In the schema's order, so the error names the first bad field.
	given := make(map[FieldKey]bool)
	for _, f := range fields {
		vs, ok := vals[string(f.Key)]
		if !ok {
			continue
		}
		delete(vals, string(f.Key))
		given[f.Key] = true
		if len(vs) > 1 {
			// Which one was meant? Neither is taken silently.
			return base, linkKey(f.Key, FieldErrorf(f.Key, "given %d times (%s); give it once", len(vs), quoteAll(vs)))
		}
		if err := f.Read(vs[0], &s); err != nil {
			return base, linkKey(f.Key, err)
		}
	}
	for key := range vals {
		return base, &FieldError{Err: errorf("link: unknown key %q", key)}
	}
	if given[FieldMethod] {
		d := catalog.DefaultsOf(s.Method) // a method chosen without ε or budget runs with its own
		if !given[FieldEps] {
			s.Eps = d.Eps
		}
		if !given[FieldMaxPasses] {
			s.MaxPasses = d.MaxPasses
		}
	}
	if given[FieldCompare] && !given[FieldTaus] {
		s.Taus = TausForCompare(s.Taus, len(s.Compare) > 0) // methods compared: fewer curves
	}
	if err := s.Validate(); err != nil {
		if fe, ok := errors.AsType[*FieldError](err); ok && given[fe.Field] {
			return base, linkKey(fe.Field, err)
		}
		return base, err
	}
	return s, nil
}

// linkKey is err, a *FieldError on key, said to come from the link's key.
func linkKey(key FieldKey, err error) *FieldError {
	return &FieldError{Field: key, Err: fmt.Errorf("link key %s: %w", key, err)}
}

// quoteAll writes values as "a", "b".
func quoteAll(values []string) string {
	q := make([]string, len(values))
	for i, v := range values {
		q[i] = strconv.Quote(v)
	}
	return strings.Join(q, ", ")
}
