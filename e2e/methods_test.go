//go:build !js

package e2e

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"imlab/core/method/catalog"
	"imlab/core/table"
	"imlab/ui/lab/setup"
	"imlab/ui/lab/worker"
)

// TestMethodsSameTraces runs every method other than dfSDCA (whose own test
// is TestWorkersSameTraces) from a link on the page's main thread, in one
// worker and in two: the traces, on the passes axis, are the same to the
// last bit; the selector shows the link's method, and the ratio and best-τ
// tables are the method's. With IMLAB_AXE naming axe.min.js (axe-core), the
// page with a method's tables is also audited for accessibility.
func TestMethodsSameTraces(t *testing.T) {
	for _, m := range catalog.Names[1:] {
		t.Run(string(m), func(t *testing.T) { sameMethodTraces(t, m) })
	}
	t.Run("compare", testCompareMethods)
}

// testCompareMethods runs dfSDCA with SAGA compared, on the main thread and
// on two workers: the same traces (both methods', on the passes axis),
// both methods' curves on the plots, and the checkboxes show the link's
// choice.
func testCompareMethods(t *testing.T) {
	link := "n=600&d=20&taus=4&eps=1e-6&compare=saga"
	var want string
	var first *page
	for _, workers := range []string{"main", "2"} {
		p := tabOn(t, &first, link+"&workers="+workers)
		if !eval[bool](p, `document.getElementById("compare-saga").checked && !document.getElementById("compare-sdca").checked`) {
			t.Errorf("the compare checkboxes do not show the link's compare=saga")
		}
		p.do(chromedp.Click(chromedp.CSS("#run")))
		p.waitStatus(120*time.Second, "done")
		csv := eval[string](p, `imlab.tracesCSV()`)
		var rows []string
		methods := map[string]int{}
		for _, line := range strings.Split(strings.TrimSpace(csv), "\n") {
			if strings.HasPrefix(line, "#") {
				continue
			}
			methods[line[:strings.IndexByte(line, ',')]]++
			rows = append(rows, line[:strings.LastIndexByte(line, ',')])
		}
		if rows[0] != "method,sampling,tau,passes,iter,primal,gap" || methods["dfsdca"] < 4 || methods["saga"] < 4 {
			t.Fatalf("workers=%s: traces CSV header %q, rows per method %v", workers, rows[0], methods)
		}
		got := strings.Join(rows, "\n")
		if want == "" {
			want = got
			continue
		}
		if got != want {
			t.Errorf("workers=%s: traces differ from the main thread's:\n%s\nvs\n%s", workers, head(got), head(want))
		}
	}
}

// sameMethodTraces is TestMethodsSameTraces for method m, in a browser of
// its own (a browser lives as long as its first tab, 170 s).
func sameMethodTraces(t *testing.T, m catalog.Name) {
	eps := "1e-6"
	if m == catalog.SGD {
		eps = "1e-3" // its own default: with decreasing steps it converges at rate O(1/k)
	}
	link := quick + "&eps=" + eps + "&method=" + string(m)
	var want string
	var first *page
	for _, workers := range []string{"main", "1", "2"} {
		p := tabOn(t, &first, link+"&workers="+workers)
		if got := eval[string](p, `document.getElementById("method").value`); got != string(m) {
			t.Errorf("%s: the selector shows %q", m, got)
		}
		start := time.Now()
		p.do(chromedp.Click(chromedp.CSS("#run")))
		st := p.waitStatus(180*time.Second, "done", "failed")
		if !strings.HasPrefix(st, "done") || strings.Contains(st, "failed") {
			t.Fatalf("%s workers=%s: run failed: %q", m, workers, st)
		}
		t.Logf("%s workers=%s: %v, status %q", m, workers, time.Since(start).Round(time.Millisecond), st)
		got := methodTraces(t, eval[string](p, `imlab.tracesCSV()`))
		if want == "" {
			want = got
			rows := p.ratioRows()
			caption := eval[string](p, `document.querySelector("#ratios caption").textContent`)
			if len(rows) != 3 || !strings.Contains(caption, setup.MethodName(m)) {
				t.Errorf("%s: ratio table %v, caption %q", m, rows, caption)
			}
			if n := eval[int](p, `document.querySelectorAll("#taustar tbody tr").length`); n < len(worker.TauStarTaus) {
				t.Errorf("%s: the best-τ table has %d rows", m, n)
			}
			if n := eval[int](p, `document.querySelectorAll("#taustar td.star").length`); n < 2 {
				t.Errorf("%s: %d τ* marked in the best-τ table, want the predicted ones at least", m, n)
			}
			if m == catalog.SAGA {
				p.axe()
			}
			continue
		}
		if got != want {
			t.Errorf("%s workers=%s: traces differ from the main thread's:\n%s\nvs\n%s", m, workers, head(got), head(want))
		}
	}
}

// tabOn opens the lab at hash, ready: the first time in a new browser
// (*first), then in another tab of it.
func tabOn(t *testing.T, first **page, hash string) *page {
	t.Helper()
	if *first == nil {
		*first = open(t, hash)
		return *first
	}
	p := (*first).openTab(siteURL + "#" + hash)
	p.waitStatus(30*time.Second, "ready")
	return p
}

// methodTraces is a method's traces CSV without comments and without its
// last column, the solver's own time.
func methodTraces(t *testing.T, csv string) string {
	t.Helper()
	var out []string
	for _, line := range strings.Split(strings.TrimSpace(csv), "\n") {
		if strings.HasPrefix(line, "#") {
			continue
		}
		out = append(out, line[:max(strings.LastIndexByte(line, ','), 0)])
	}
	if len(out) < 10 || out[0] != "sampling,tau,passes,iter,primal,gap" {
		t.Fatalf("traces CSV has %d lines, header %q", len(out), out[0])
	}
	return strings.Join(out, "\n")
}

// axe audits the page with axe-core when IMLAB_AXE names axe.min.js, its
// target-size rule included, and fails on any violation.
func (p *page) axe() {
	p.t.Helper()
	path := os.Getenv("IMLAB_AXE")
	if path == "" {
		p.t.Log("accessibility audit skipped: set IMLAB_AXE to axe-core's axe.min.js")
		return
	}
	src, err := os.ReadFile(path)
	if err != nil {
		p.t.Fatal(err)
	}
	eval[bool](p, string(src)+"; true")
	type violation struct {
		ID    string     `json:"id"`
		Nodes [][]string `json:"nodes"`
	}
	// target-size (WCAG 2.2: 24 px targets, or room around them) is off
	// in axe-core by default; the lab keeps to it too.
	violations := eval[[]violation](p, `axe.run(document, { rules: { "target-size": { enabled: true } } }).then(r =>
		r.violations.map(v => ({id: v.id, nodes: v.nodes.map(n => n.target)})))`, chromedp.EvalAwaitPromise)
	for _, v := range violations {
		p.t.Errorf("accessibility: %s at %v", v.ID, v.Nodes)
	}
	p.t.Logf("accessibility audit: %d violations", len(violations))
}

// TestMethodDefaultsRunToDone chooses each method in the selector on the
// default data, as a new user would, each in a fresh tab: the form takes
// the method's own ε (catalog.DefaultsOf: SGD's 1e−3, not dfSDCA's
// 1e−10), and its twelve runs end done, none failed.
func TestMethodDefaultsRunToDone(t *testing.T) {
	browser := startBrowser(t)
	for _, m := range catalog.Names {
		p := openIn(t, browser, siteURL)
		p.waitStatus(60*time.Second, "ready")
		value := string(m)
		if m == setup.DefaultMethod {
			value = "" // the selector's value for the default, which links leave out
		}
		eval[bool](p, `(() => { const s = document.getElementById("method"); s.value = "`+value+`";
			s.dispatchEvent(new Event("change", { bubbles: true })); return true; })()`)
		want := table.Float(catalog.DefaultsOf(m).Eps)
		deadline := time.Now().Add(10 * time.Second)
		for eval[string](p, `document.getElementById("eps").value`) != want {
			if time.Now().After(deadline) {
				t.Fatalf("%s: the form shows ε = %q, want the method's %s", m, eval[string](p, `document.getElementById("eps").value`), want)
			}
			time.Sleep(50 * time.Millisecond)
		}
		start := time.Now()
		p.do(chromedp.Click(chromedp.CSS("#run")))
		st := waitDone(t, p, 10*time.Minute)
		if !strings.HasPrefix(st, "done") || !strings.Contains(st, "ε = "+want) || strings.Contains(st, "failed") {
			t.Errorf("%s: status %q, want every run done at ε = %s", m, st, want)
		}
		t.Logf("%s: %v, %q", m, time.Since(start).Round(time.Millisecond), st)
	}
}

// waitDone waits until p's run ends ("done" or "error"), polling through
// the tab's own context: twelve runs on the default data may outlast a
// page's 170 s on a busy two-core machine.
func waitDone(t *testing.T, p *page, timeout time.Duration) string {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		st, err := chromedp.Run(p.tab, chromedp.Evaluate[string](statusWhole))
		if err != nil {
			t.Fatalf("reading the status: %v", err)
		}
		if strings.HasPrefix(st, "done") || strings.HasPrefix(st, "error") {
			return st
		}
		if time.Now().After(deadline) {
			t.Fatalf("status %q after %v", st, timeout)
		}
		time.Sleep(250 * time.Millisecond)
	}
}
