package setup

import (
	"strings"

	"imlab/core/method/catalog"
)

// Form holds the settings as the user typed them, one text per form field
// of the fields (a checkbox as "true" or "false"), so that a half-typed
// value is never overwritten by a re-render; Settings parses it.
type Form map[FieldKey]string

// FormOf fills a form from settings.
func FormOf(s Settings) Form {
	f := Form{}
	for _, fd := range fields {
		if fd.Element != "" {
			f[fd.Key] = fd.Text(s)
		}
	}
	if taus, ok := f[FieldTaus]; ok { // "1, 2, 4" reads better in a form
		f[FieldTaus] = strings.ReplaceAll(taus, ",", ", ")
	}
	return f
}

// Settings parses the form in the schema's order and validates the result;
// the error is a *FieldError naming the first bad field by its label.
// Fields the form lacks keep their defaults; a form names no file.
func (f Form) Settings() (Settings, error) {
	s := DefaultSettings()
	for _, fd := range fields {
		text, ok := f[fd.Key]
		if !ok || fd.Element == "" {
			continue
		}
		if err := fd.Read(text, &s); err != nil {
			return s, err
		}
	}
	return s, s.Validate()
}

// ChooseMethod follows a change of the method selector: the target gap
// and the pass budget become the chosen method's defaults
// (catalog.DefaultsOf), so that each method runs to its own ε (SGD's 1e−3,
// not dfSDCA's 1e−10) within its own budget, and the form shows them. An unknown method leaves the form alone (Settings reports it).
func (f Form) ChooseMethod() {
	var s Settings
	if fd, _ := FieldOf(FieldMethod); fd.Read(f[FieldMethod], &s) != nil {
		return
	}
	d := catalog.DefaultsOf(s.Method)
	for key, v := range map[FieldKey]Settings{FieldEps: {Eps: d.Eps}, FieldMaxPasses: {MaxPasses: d.MaxPasses}} {
		fd, _ := FieldOf(key)
		f[key] = fd.Text(v)
	}
}

// Clone returns a copy of f that can be edited independently.
func (f Form) Clone() Form {
	out := make(Form, len(f))
	for k, v := range f {
		out[k] = v
	}
	return out
}

// FileOptions reads only the file options of the form (bias, positive
// class) onto base, so that a file can be read whatever the rest of the
// form holds; the error names the field by its label.
func (f Form) FileOptions(base Settings) (Settings, error) {
	for _, key := range []FieldKey{FieldBias, FieldPositiveClass} {
		fd, _ := FieldOf(key)
		if err := fd.Read(f[key], &base); err != nil {
			return base, err
		}
		if fd.check == nil {
			continue
		}
		if err := fd.check(base); err != nil {
			return base, FieldErrorf(key, "%v", err)
		}
	}
	return base, nil
}
