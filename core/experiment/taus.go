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

// ErrTaus reports a τ list ParseTaus cannot read; its errors are
// *TausError values, which match it with errors.Is.
var ErrTaus = errors.New("invalid list of minibatch sizes τ")

// TausError says what is wrong with a τ list, in words that need no
// preamble: the CLI prefixes the flag ("-tau: …"), the page the field's label.
type TausError struct {
	Entry string // the entry that is not a valid τ; "" for an empty list
	Max   int    // the largest τ allowed; 0 for no limit
	// Gap is set, with the whole list in Entry, for a list with an empty
	// entry: two commas (or semicolons) in a row, or one at an end.
	Gap bool
}

func (e *TausError) Error() string {
	switch {
	case e.Gap:
		return fmt.Sprintf("%q has an empty entry (two commas in a row, or one at an end)", e.Entry)
	case e.Entry == "":
		return "the list is empty"
	case e.Max > 0:
		return fmt.Sprintf("%q is not a whole number in 1…%d", e.Entry, e.Max)
	}
	return fmt.Sprintf("%q is not a whole number ≥ 1", e.Entry)
}

// Is makes every TausError match ErrTaus.
func (e *TausError) Is(target error) bool { return target == ErrTaus }

// ParseTaus reads a list of minibatch sizes such as "1,2,4" or "1, 2; 4 8":
// whole numbers in 1…maxTau (no upper limit if maxTau ≤ 0) separated by
// commas, semicolons or spaces. An empty entry ("1,,2", "1,2,") is an
// error, as a τ left out. It returns them sorted and without duplicates,
// the order of every table's rows. It is the one rule the CLI's -tau flags
// and the page's τ field share; errors are *TausError.
func ParseTaus(text string, maxTau int) ([]int, error) {
	fields, gap := []string(nil), false
	for _, entry := range strings.Split(strings.ReplaceAll(text, ";", ","), ",") {
		words := strings.Fields(entry)
		gap = gap || len(words) == 0
		fields = append(fields, words...)
	}
	if gap && len(fields) > 0 {
		return nil, &TausError{Entry: text, Max: max(maxTau, 0), Gap: true}
	}
	var taus []int
	for _, f := range fields {
		t, err := strconv.Atoi(f)
		if err != nil || t < 1 || (maxTau > 0 && t > maxTau) {
			return nil, &TausError{Entry: f, Max: max(maxTau, 0)}
		}
		taus = append(taus, t)
	}
	if len(taus) == 0 {
		return nil, &TausError{Max: max(maxTau, 0)}
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
