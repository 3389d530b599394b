package experiment

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// PaperTaus are the minibatch sizes of every table in the paper.
var PaperTaus = []int{1, 2, 4, 8, 16, 32}

// ErrTaus reports a τ list ParseTaus cannot read.
var ErrTaus = errors.New("invalid list of minibatch sizes τ")

// ParseTaus reads a list of minibatch sizes such as "1,2,4" or "1, 2; 4 8":
// whole numbers in 1…maxTau (no upper limit if maxTau ≤ 0) separated by
// commas, semicolons or spaces. It returns them sorted and without
// duplicates, the order of every table's rows. Errors wrap ErrTaus and quote
// the offending entry. It is the one rule the CLI's -tau flags and the
// page's τ field share.
func ParseTaus(text string, maxTau int) ([]int, error) {
	fields := strings.FieldsFunc(text, func(r rune) bool { return r == ',' || r == ';' || r == ' ' || r == '\t' })
	var taus []int
	for _, f := range fields {
		t, err := strconv.Atoi(f)
		if err != nil || t < 1 || (maxTau > 0 && t > maxTau) {
			if maxTau > 0 {
				return nil, fmt.Errorf("%w: %q is not a whole number in 1…%d", ErrTaus, f, maxTau)
			}
			return nil, fmt.Errorf("%w: %q is not a whole number ≥ 1", ErrTaus, f)
		}
		taus = append(taus, t)
	}
	if len(taus) == 0 {
		return nil, fmt.Errorf("%w: the list is empty", ErrTaus)
	}
	slices.Sort(taus)
	return slices.Compact(taus), nil
}

// FormatTaus writes a τ list as ParseTaus reads it: "1,2,4".
func FormatTaus(taus []int) string {
	parts := make([]string, len(taus))
	for i, t := range taus {
		parts[i] = strconv.Itoa(t)
	}
	return strings.Join(parts, ",")
}
