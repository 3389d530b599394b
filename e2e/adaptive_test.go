//go:build !js

package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestAdaptiveLesson opens lesson 9 (adaptive τ-importance): the form's
// Importance sampling field shows adaptive, a run reaches ε on all four
// runs on the page's workers and fills both rows of the ratio table, and
// the page passes the accessibility audit. The time the run took is logged
// (the lesson is meant to finish within seconds), never asserted.
func TestAdaptiveLesson(t *testing.T) {
	p := open(t, "lesson=9")
	if got := eval[string](p, `document.getElementById("importance").value`); got != "adaptive" {
		t.Errorf("Importance sampling field %q, want adaptive", got)
	}
	start := time.Now()
	p.do(chromedp.Click(chromedp.CSS("#run")))
	st := waitDone(t, p, 2*time.Minute)
	t.Logf("lesson 9 ran in %v: %s", time.Since(start), st)
	if !strings.HasPrefix(st, "done: 4 runs reached ε") {
		t.Errorf("status %q", st)
	}
	cells := eval[[]string](p, `[...document.querySelectorAll("#ratios tbody tr")].map(r => r.cells[2].textContent)`)
	if len(cells) != 2 || strings.Contains(strings.Join(cells, ""), "budget") {
		t.Errorf("ratio table's empirical cells %q, want 2 measured", cells)
	}
	p.axe()
}
