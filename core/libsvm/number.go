package libsvm

import "errors"

// ErrNumber is ParseNumber's error: the text is not a finite number in the
// decimal notation of LIBSVM files.
var ErrNumber = errors.New("not a finite decimal number (such as 10, 0.5 or 1e-3)")

// ParseNumber reads s as Read reads a value: a finite decimal number, with
// no hexadecimal, digit separators ("1_000"), "inf" or "nan", which
// strconv.ParseFloat would take. Commands that read numbers from their
// users read them by this rule, so that a number a data file may not hold
// is not accepted from a flag either.
func ParseNumber(s string) (float64, error) {
	v, err := parseFloat([]byte(s))
	if err != nil {
		return 0, ErrNumber
	}
	return v, nil
}

// errNotDecimal marks a number outside LIBSVM's grammar that strconv would
// accept: hexadecimal, digit separators ("1_000"), "inf" or "nan" spelled
// out.
var errNotDecimal = errors.New("not a decimal number")

// isDecimal reports whether b is a decimal floating-point number as LIBSVM
// and scikit-learn read it:
//
//	[+-] (digits [. [digits]] | . digits) [(e|E) [+-] digits]
func isDecimal(b []byte) bool {
	k := 0
	if k < len(b) && (b[k] == '+' || b[k] == '-') {
		k++
	}
	intDigits := digitsAt(b, k)
	k += intDigits
	fracDigits := 0
	if k < len(b) && b[k] == '.' {
		k++
		fracDigits = digitsAt(b, k)
		k += fracDigits
	}
	if intDigits+fracDigits == 0 {
		return false
	}
	if k < len(b) && (b[k] == 'e' || b[k] == 'E') {
		k++
		if k < len(b) && (b[k] == '+' || b[k] == '-') {
			k++
		}
		exp := digitsAt(b, k)
		if exp == 0 {
			return false
		}
		k += exp
	}
	return k == len(b)
}

// digitsAt counts the decimal digits of b from k on.
func digitsAt(b []byte, k int) int {
	n := 0
	for k+n < len(b) && '0' <= b[k+n] && b[k+n] <= '9' {
		n++
	}
	return n
}
