package libsvm

import (
	"errors"
	"strings"
	"testing"
)

// TestParseNumber accepts what Read accepts as a value, and nothing else.
func TestParseNumber(t *testing.T) {
	for in, want := range map[string]float64{"10": 10, "+0.5": 0.5, ".5": 0.5, "5.": 5, "1e-3": 1e-3, "-1E+2": -100, "007": 7} {
		if got, err := ParseNumber(in); err != nil || got != want {
			t.Errorf("ParseNumber(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, in := range []string{"1_0", "0x10", "0x1p-3", "0b1", "inf", "-Inf", "nan", "1e400", "", " 1", "1 ", "1e", "."} {
		if got, err := ParseNumber(in); !errors.Is(err, ErrNumber) {
			t.Errorf("ParseNumber(%q) = %v, %v; want ErrNumber", in, got, err)
		}
		_, err := Read(strings.NewReader("+1 1:"+in+"\n"), Options{})
		if strings.TrimSpace(in) == in && in != "" && !errors.Is(err, ErrValue) && !errors.Is(err, ErrSyntax) {
			t.Errorf("a file with value %q: %v, want it refused too", in, err)
		}
	}
}

// TestPositiveClassIsDecimal reads PositiveClass as a label is read.
func TestPositiveClassIsDecimal(t *testing.T) {
	ds := readString(t, "1 1:1\n2 1:1\n3 1:1\n", Options{PositiveClass: "2.0"})
	if neg, pos := labelCounts(t, ds); neg != 2 || pos != 1 {
		t.Errorf("PositiveClass 2.0: %d negative, %d positive; want 2 and 1", neg, pos)
	}
	for _, class := range []string{"0x2", "2_0", "inf", "two"} {
		if _, err := Read(strings.NewReader("1 1:1\n2 1:1\n3 1:1\n"), Options{PositiveClass: class}); !errors.Is(err, ErrLabel) {
			t.Errorf("PositiveClass %q: %v, want ErrLabel", class, err)
		}
	}
}
