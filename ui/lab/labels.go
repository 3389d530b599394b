package lab

import (
	"errors"
	"fmt"
	"strings"

	"imlab/core/dataset"
	"imlab/core/libsvm"
	"imlab/core/table"
)

// classFieldError rewrites libsvm's class errors so that they name the
// form's positive-class field by its label; other errors pass unchanged.
func classFieldError(name string, err error) error {
	var ce *libsvm.ClassError
	if !errors.As(err, &ce) {
		return err
	}
	classes := make([]string, len(ce.Classes))
	for i, c := range ce.Classes {
		classes[i] = table.Float(c)
	}
	list := strings.Join(classes, ", ")
	if more := ce.Total - len(ce.Classes); more > 0 {
		list += fmt.Sprintf(" and %d more", more)
	}
	label := Label(FieldPositiveClass)
	if errors.Is(err, libsvm.ErrNoClass) {
		return &FieldError{Field: FieldPositiveClass, Err: fmt.Errorf("%s: %w: “%s” is %s, a label no example has; the file's classes: %s",
			name, libsvm.ErrNoClass, label, ce.Positive, list)}
	}
	return &FieldError{Field: FieldPositiveClass, Err: fmt.Errorf("%s: %w: %d classes (%s): enter one of them in “%s” to read it as +1 and the rest as −1",
		name, libsvm.ErrMultiClass, ce.Total, list, label)}
}

// impossibleClass is a label no real file uses: asking libsvm for it makes
// it list the file's classes.
const impossibleClass = "-1.2345678901234567e+308"

// singleLabelWarning returns a warning naming the one label of ds's file,
// or "" if the file has two classes: with one class the problem is trivial
// and the lab's plots and ratios say little.
func singleLabelWarning(ds *dataset.Dataset, raw []byte, opt libsvm.Options) string {
	for _, y := range ds.Y {
		if y != ds.Y[0] {
			return ""
		}
	}
	found := "a positive label"
	if len(ds.Y) > 0 && ds.Y[0] < 0 {
		found = "a label ≤ 0"
	}
	// The raw label is gone after binarization: read the file's class list.
	opt.PositiveClass = impossibleClass
	var ce *libsvm.ClassError
	if _, err := libsvm.Read(strings.NewReader(string(raw)), opt); errors.As(err, &ce) && len(ce.Classes) == 1 {
		found = "label " + table.Float(ce.Classes[0])
	}
	return fmt.Sprintf("every example has %s, the only class in the file: a classifier has nothing to separate", found)
}
