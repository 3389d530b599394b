//go:build !js

package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"imlab/core/experiment"
)

// TestPassBudget opens a link with a pass budget of 1 pass/τ (maxpasses=1):
// the form shows it, every run stops at it, the status says so in one line
// naming the key to raise, the failed runs' own words are folded under it,
// and every empirical cell of the ratio table reads "> budget". Then a
// budget of 1000 typed in the form completes every run. With IMLAB_AXE the
// page with the folded details is audited for accessibility.
func TestPassBudget(t *testing.T) {
	p := open(t, quick+"&eps=1e-6&maxpasses=1")
	if got := eval[string](p, `document.getElementById("maxpasses").value`); got != "1" {
		t.Errorf("the form shows a budget of %q, want the link's 1", got)
	}
	p.do(chromedp.Click(chromedp.CSS("#run")))
	st := waitDone(t, p, 2*time.Minute)
	if !strings.Contains(st, "6 of 6 runs stopped at the pass budget") || !strings.Contains(st, "raise the pass budget (maxpasses) above 1 or ε") ||
		strings.Contains(st, "\n") {
		t.Errorf("status %q, want one line saying the 6 runs stopped at the budget and to raise maxpasses", st)
	}
	details := eval[string](p, `(document.getElementById("status-details") || {}).textContent || ""`)
	if strings.Count(details, "budget spent before reaching the target gap") != 6 {
		t.Errorf("details %q, want the 6 runs' own words", details)
	}
	cells := eval[[]string](p, `[...document.querySelectorAll("#ratios tbody tr")].map(r => r.cells[2].textContent)`)
	if len(cells) != 3 {
		t.Fatalf("ratio table's empirical cells %q, want 3 rows", cells)
	}
	for k, c := range cells {
		if c != experiment.OverBudget {
			t.Errorf("row %d: empirical cell %q, want %q", k, c, experiment.OverBudget)
		}
	}
	p.axe()

	// The value, its input event and the click on Run in one task: vecty
	// resets an input's value to its props at every re-render, and the
	// page re-renders as the first run ends, so a value set apart from its
	// event may be gone by the event (this test once ran the second run at
	// the old budget); and a mouse click aimed at where Run was a moment
	// before missed it on a loaded machine once (the CI of 2026-12-03: no
	// second run in two minutes).
	eval[bool](p, `(() => { const e = document.getElementById("maxpasses"); e.value = "1000";
		e.dispatchEvent(new Event("input", { bubbles: true })); document.getElementById("run").click(); return true; })()`)
	deadline := time.Now().Add(2 * time.Minute)
	for {
		st = waitDone(t, p, 2*time.Minute)
		if strings.HasPrefix(st, "done") || time.Now().After(deadline) {
			break
		}
		time.Sleep(100 * time.Millisecond) // the error of the first run, until the second starts
	}
	if !strings.HasPrefix(st, "done: 6 runs reached ε") {
		t.Errorf("with a budget of 1000: status %q", st)
	}
	if h := eval[string](p, `location.hash`); !strings.Contains(h, "maxpasses=1000") {
		t.Errorf("the link after the run is %q, want maxpasses=1000", h)
	}
	for k, c := range eval[[]string](p, `[...document.querySelectorAll("#ratios tbody tr")].map(r => r.cells[2].textContent)`) {
		if c == experiment.OverBudget || c == "–" {
			t.Errorf("row %d after the larger budget: empirical cell %q", k, c)
		}
	}
}
