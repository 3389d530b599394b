package libsvm

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Kinds of failure. A *ParseError wraps one of them, or else the input's own
// I/O error.
var (
	ErrSyntax      = errors.New("syntax error")              // token without colon, empty index or value
	ErrIndex       = errors.New("invalid index")             // not a positive integer, too large, not increasing
	ErrValue       = errors.New("invalid value")             // not a number, NaN or infinite
	ErrLabel       = errors.New("invalid label")             // missing, not a number, NaN or infinite
	ErrLineTooLong = errors.New("line too long")             // longer than Options.MaxLineBytes
	ErrBinary      = errors.New("not a text file")           // a NUL byte: binary data or UTF-16 text
	ErrCRLineEnds  = errors.New("lines end in CR alone")     // classic Mac OS text, read as one long line
	ErrEmpty       = errors.New("no examples")               // nothing but blank lines and comments
	ErrMultiClass  = errors.New("multi-class labels")        // more than two classes and no PositiveClass
	ErrNoClass     = errors.New("positive class not found")  // PositiveClass names no label in the file
	ErrCorrupt     = errors.New("corrupt compressed stream") // gzip or bzip2 data is damaged or truncated
	ErrUnsupported = errors.New("unsupported compression")   // xz, zstd, zip or 7z
)

// maxTokenBytes bounds the token quoted in an error, so that a message about
// a megabyte-long token stays readable.
const maxTokenBytes = 64

// ParseError reports where and why a file could not be read.
type ParseError struct {
	File  string // Options.Name; "" if not given
	Line  int    // 1-based line number; 0 if the error concerns the whole file
	Token string // offending token (truncated to 64 bytes); "" if none
	Err   error  // wraps one of the Err… sentinels, or an I/O error
}

func (e *ParseError) Error() string {
	var b strings.Builder
	if e.File != "" {
		b.WriteString(e.File)
		b.WriteString(": ")
	}
	if e.Line > 0 {
		b.WriteString("line ")
		b.WriteString(strconv.Itoa(e.Line))
		b.WriteString(": ")
	}
	if e.Token != "" {
		b.WriteString("token ")
		b.WriteString(strconv.Quote(e.Token))
		b.WriteString(": ")
	}
	b.WriteString(e.Err.Error())
	return b.String()
}

func (e *ParseError) Unwrap() error { return e.Err }

// tokenText copies tok for an error message, truncated to maxTokenBytes.
func tokenText(tok []byte) string {
	if len(tok) > maxTokenBytes {
		return string(tok[:maxTokenBytes]) + "..."
	}
	return string(tok)
}

// MaxListedClasses is how many classes a ClassError lists.
const MaxListedClasses = 20

// ClassError reports labels that cannot be mapped to ±1: more than two
// classes without Options.PositiveClass (it wraps ErrMultiClass), or a
// PositiveClass that no example has (it wraps ErrNoClass). A user interface
// can offer Classes as the choices for PositiveClass.
type ClassError struct {
	Classes  []float64 // distinct labels in ascending order, at most MaxListedClasses
	Total    int       // number of distinct labels in the file
	Positive string    // the requested PositiveClass, "" if none
	kind     error
}

func (e *ClassError) Error() string {
	list := make([]string, len(e.Classes))
	for k, c := range e.Classes {
		list[k] = strconv.FormatFloat(c, 'g', -1, 64)
	}
	classes := strings.Join(list, ", ")
	if more := e.Total - len(e.Classes); more > 0 {
		classes += fmt.Sprintf(", and %d more", more)
	}
	if e.kind == ErrNoClass {
		return fmt.Sprintf("%v: %q is not among the %d classes (%s)", e.kind, e.Positive, e.Total, classes)
	}
	return fmt.Sprintf("%v: %d classes (%s); set PositiveClass for one-vs-rest", e.kind, e.Total, classes)
}

func (e *ClassError) Unwrap() error { return e.kind }
