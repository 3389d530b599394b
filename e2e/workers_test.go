//go:build !js

package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// runCSV presses Run on the open page, waits for the end, and returns the
// traces as imlab.tracesCSV() gives them, with the number of workers used.
func (p *page) runCSV() (csv string, workers int) {
	p.t.Helper()
	p.do(chromedp.Click(chromedp.CSS("#run")))
	st := p.waitStatus(180*time.Second, "done")
	if strings.Contains(st, "error") {
		p.t.Fatalf("run failed: %q", st)
	}
	return eval[string](p, `imlab.tracesCSV()`), eval[int](p, `imlab.workers()`)
}

// withoutSeconds drops the traces' last column, the solver's own time, the
// one thing that differs between two identical runs.
func withoutSeconds(t *testing.T, csv string) string {
	t.Helper()
	var out []string
	for _, line := range strings.Split(strings.TrimSpace(csv), "\n") {
		if strings.HasPrefix(line, "#") {
			continue
		}
		k := strings.LastIndexByte(line, ',')
		if k < 0 {
			t.Fatalf("trace line %q has no columns", line)
		}
		out = append(out, line[:k])
	}
	if len(out) < 10 || out[0] != "sampling,tau,passes,iter,primal,gap" {
		t.Fatalf("traces CSV has %d lines, header %q", len(out), out[0])
	}
	return strings.Join(out, "\n")
}

// TestWorkersSameTraces runs the same experiment in one worker, in two, and
// on the page's main thread (workers=main, the fallback's path): the traces
// are the same to the last bit, and the status says where each ran.
func TestWorkersSameTraces(t *testing.T) {
	var want string
	var first *page
	for _, c := range []struct {
		key     string
		workers int
		status  string
	}{{"main", 0, ""}, {"1", 1, "(in 1 worker)"}, {"2", 2, "(in 2 workers)"}} {
		var p *page
		if first == nil { // one browser, a tab for each run
			p = open(t, quick+"&workers="+c.key)
			first = p
		} else {
			p = first.openTab(siteURL + "#" + quick + "&workers=" + c.key)
			p.waitStatus(30*time.Second, "ready")
		}
		csv, n := p.runCSV()
		if n != c.workers {
			t.Errorf("workers=%s: ran on %d workers, want %d", c.key, n, c.workers)
		}
		if st := p.status(); c.status != "" && !strings.Contains(st, c.status) {
			t.Errorf("workers=%s: status %q, want %q in it", c.key, st, c.status)
		}
		got := withoutSeconds(t, csv)
		if want == "" {
			want = got
			continue
		}
		if got != want {
			t.Errorf("workers=%s: traces differ from the main thread's:\n%s\nvs\n%s", c.key, head(got), head(want))
		}
		if c.workers > 0 {
			if s := eval[map[string]float64](p, `imlab.stats()`); s["slices"] != 0 {
				t.Errorf("workers=%s: %v slices of solver work on the main thread", c.key, s["slices"])
			}
		}
	}
}

// TestWorkersSingleFile runs imlab.html from file:// on two workers (started
// from a blob: URL, with the module the page compiled): the traces are
// those of the served page's main thread.
func TestWorkersSingleFile(t *testing.T) {
	if skipReason != "" {
		t.Skip(skipReason)
	}
	main := open(t, quick+"&workers=main")
	want, _ := main.runCSV()
	b, err := os.ReadFile(filepath.Join(distDir(), "imlab.html"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "imlab.html"), b, 0o644); err != nil {
		t.Fatal(err)
	}
	p := main.openTab("file://" + filepath.ToSlash(filepath.Join(dir, "imlab.html")) + "#" + quick + "&workers=2")
	p.waitStatus(60*time.Second, "ready")
	got, n := p.runCSV()
	if n != 2 {
		t.Errorf("single file: ran on %d workers (status %q), want 2", n, p.status())
	}
	if withoutSeconds(t, got) != withoutSeconds(t, want) {
		t.Errorf("single file on 2 workers: traces differ from the served page's main thread")
	}
}

// TestWorkersPause starts a run on two workers with Step, which pauses it
// at its first trace point (a Pause click could arrive after a short run
// ended), then checks that nothing moves (both workers are parked) until
// Run, which takes the run to its end.
func TestWorkersPause(t *testing.T) {
	p := open(t, "n=4000&d=50&taus=1,2&workers=2")
	p.do(chromedp.Click(chromedp.CSS("#step")))
	p.waitStatus(60*time.Second, "paused")
	// Let the updates already on their way arrive (the workers park after
	// at most one more slice), then the traces must stay still.
	a := eval[string](p, `imlab.tracesCSV()`)
	for range 20 {
		time.Sleep(300 * time.Millisecond)
		b := eval[string](p, `imlab.tracesCSV()`)
		if b == a {
			break
		}
		a = b
	}
	time.Sleep(time.Second)
	if b := eval[string](p, `imlab.tracesCSV()`); a != b || !strings.Contains(p.status(), "paused") {
		t.Errorf("the paused run moved (status %q)", p.status())
	}
	p.do(chromedp.Click(chromedp.CSS("#run")))
	p.waitStatus(180*time.Second, "done")
	if n := eval[float64](p, `imlab.workers()`); n != 2 {
		t.Errorf("the run used %v workers, want 2", n)
	}
}

func head(s string) string {
	lines := strings.SplitN(s, "\n", 6)
	return strings.Join(lines[:min(5, len(lines))], "\n")
}
