package lesson

import (
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"imlab/core/experiment"
)

func TestParseGuess(t *testing.T) {
	for text, want := range map[string]float64{"3": 3, " 2.5 ": 2.5, "2,5": 2.5, "3x": 3, "1.5×": 1.5} {
		if got, err := ParseGuess(text); err != nil || got != want {
			t.Errorf("%q: %v, %v; want %v", text, got, err, want)
		}
	}
	for _, bad := range []string{"", "x", "-1", "0", "NaN", "Inf", "1e9", "three"} {
		if _, err := ParseGuess(bad); !errors.Is(err, ErrGuess) {
			t.Errorf("%q: error %v, want ErrGuess", bad, err)
		}
	}
}

func TestPredictionCompare(t *testing.T) {
	p := Prediction{Tau: 8, Differ: "because"}
	rows := []experiment.Row{{Tau: 1, Theory: 2, Empirical: 1.5}, {Tau: 8, Theory: 3, Empirical: 2}}
	o, ok := p.Compare(2.1, rows)
	if !ok || o.Closer != "measurement" || o.Theory != 3 || o.Measured != 2 || o.Explains != "because" {
		t.Fatalf("%+v %v", o, ok)
	}
	if !strings.Contains(o.Summary, "You predicted 2.1×") || !strings.Contains(o.Summary, "3×") || !strings.Contains(o.Summary, "closer to the measurement") {
		t.Errorf("summary %q", o.Summary)
	}
	// Closeness is by factor, not difference: 6 is 2× off the theory, 4× off the measurement... and 1.6 is closer to 2 than to 3.
	if o, _ := p.Compare(6, rows); o.Closer != "theory" {
		t.Errorf("6: closer to %q", o.Closer)
	}
	if o, _ := p.Compare(1.6, rows); o.Closer != "measurement" {
		t.Errorf("1.6: closer to %q", o.Closer)
	}
	// Before the measurement, the theory only; before the row, nothing.
	rows[1].Empirical = math.NaN()
	if o, ok := p.Compare(2, rows); !ok || o.Closer != "" || !strings.Contains(o.Summary, "measurement comes") {
		t.Errorf("no measurement yet: %+v %v", o, ok)
	}
	if _, ok := p.Compare(2, rows[:1]); ok {
		t.Error("a comparison without the row at τ = 8")
	}
}

// Every lesson has its plan; lab's TestLessonPredictsAtItsTaus checks
// that each prediction's τ is one of the lesson's.
func TestLessonPlans(t *testing.T) {
	if len(Lessons) < 6 {
		t.Fatalf("%d lessons, want at least 6", len(Lessons))
	}
	for k, l := range Lessons {
		if l.Teaches == "" || l.Explain == "" || l.Minutes <= 0 {
			t.Errorf("lesson %d (%s) lacks its plan", k+1, l.Title)
		}
		if l.Predict != nil && (l.Predict.Question == "" || l.Predict.Differ == "") {
			t.Errorf("lesson %d's prediction lacks its question or its explanation", k+1)
		}
	}
}

// The teacher's guide lists every lesson's plan as the page shows it.
func TestTeachersGuideHasThePlans(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "..", "..", "docs", "teaching.md"))
	if err != nil {
		t.Fatal(err)
	}
	guide := string(b)
	for k, l := range Lessons {
		for _, line := range []string{l.Teaches, l.Explain} {
			if !strings.Contains(guide, line) {
				t.Errorf("docs/teaching.md lacks lesson %d's line %q", k+1, line)
			}
		}
	}
}
