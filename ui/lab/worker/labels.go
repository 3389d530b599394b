package worker

import (
	"errors"
	"fmt"
	"strings"

	"imlab/core/libsvm"
	"imlab/core/table"
	"imlab/ui/lab/setup"
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
	label := setup.Label(setup.FieldPositiveClass)
	if errors.Is(err, libsvm.ErrNoClass) {
		return &setup.FieldError{Field: setup.FieldPositiveClass, Err: fmt.Errorf("%s: %w: “%s” is %s, a label no example has; the file's classes: %s",
			name, libsvm.ErrNoClass, label, ce.Positive, list)}
	}
	return &setup.FieldError{Field: setup.FieldPositiveClass, Err: fmt.Errorf("%s: %w: %d classes (%s): enter one of them in “%s” to read it as +1 and the rest as −1",
		name, libsvm.ErrMultiClass, ce.Total, list, label)}
}

// singleLabelWarning returns a warning naming the one class of a file
// whose classes are c, or "" if it has two or more.
func singleLabelWarning(c libsvm.Classes) string {
	if len(c.Labels) != 1 {
		return ""
	}
	return fmt.Sprintf("every example has label %s, the only class in the file: a classifier has nothing to separate", table.Float(c.Labels[0]))
}
