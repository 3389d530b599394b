package lesson

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"imlab/core/experiment"
)

// Prediction is what a lesson asks a student to predict before its run —
// predict, observe, explain: the speed-up of τ-importance over τ-nice
// sampling at one τ. After the run the page sets the guess beside the
// theory and the measurement (Compare).
type Prediction struct {
	Tau      int    // the τ whose speed-up is predicted; one of the lesson's
	Question string // what the page asks
	// Differ explains why the measured speed-up differs from the
	// theoretical one in this lesson.
	Differ string
}

// ErrGuess reports a prediction that is not a positive number.
var ErrGuess = errors.New("not a speed-up")

// ParseGuess reads a predicted speed-up: a positive number, "3", "2.5",
// "2,5" or "3x".
func ParseGuess(text string) (float64, error) {
	t := strings.TrimSpace(strings.TrimRight(strings.TrimSpace(text), "x×"))
	t = strings.Replace(t, ",", ".", 1)
	x, err := strconv.ParseFloat(t, 64)
	if err != nil || !(x > 0) || math.IsInf(x, 0) {
		return 0, fmt.Errorf("your prediction %q: %w: write a positive number such as 3 or 1.5", text, ErrGuess)
	}
	if x > 1e6 {
		return 0, fmt.Errorf("your prediction %q: %w: at most 1,000,000", text, ErrGuess)
	}
	return x, nil
}

// Outcome sets a prediction beside the theory and the measurement.
type Outcome struct {
	Tau               int
	Guess             float64
	Theory, Measured  float64 // NaN until known
	Closer            string  // "theory", "measurement" or "" (equally, or unknown)
	Summary, Explains string  // one sentence each
}

// Compare sets guess, a student's predicted speed-up at p.Tau, beside the
// run's rows: the theoretical ratio θ(τ-importance)/θ(τ-nice) and the
// measured one. It reports ok = false while the rows lack p.Tau.
func (p Prediction) Compare(guess float64, rows []experiment.Row) (Outcome, bool) {
	for _, r := range rows {
		if r.Tau != p.Tau {
			continue
		}
		o := Outcome{Tau: p.Tau, Guess: guess, Theory: r.Theory, Measured: r.Empirical}
		far := func(x float64) float64 { return math.Abs(math.Log(guess / x)) } // how many times off, either way
		switch {
		case math.IsNaN(o.Theory):
			return o, false
		case math.IsNaN(o.Measured):
			o.Summary = fmt.Sprintf("You predicted %s×; the theory says %s×. The measurement comes when both runs reach ε.",
				times(guess), times(o.Theory))
			return o, true
		case far(o.Theory) < far(o.Measured):
			o.Closer = "theory"
		case far(o.Measured) < far(o.Theory):
			o.Closer = "measurement"
		}
		o.Summary = fmt.Sprintf("You predicted %s×; the theory says %s×, the runs measured %s×.",
			times(guess), times(o.Theory), times(o.Measured))
		switch o.Closer {
		case "theory":
			o.Summary += " Your guess is closer to the theory."
		case "measurement":
			o.Summary += " Your guess is closer to the measurement."
		}
		o.Explains = "The theory compares the safe step sizes θ, which bound the worst case; the runs count iterations to ε, " +
			"which also depend on the data and the starting point."
		if p.Differ != "" {
			o.Explains = p.Differ
		}
		return o, true
	}
	return Outcome{}, false
}

// times writes a speed-up to 3 significant digits, without trailing zeros.
func times(x float64) string { return strconv.FormatFloat(x, 'g', 3, 64) }
